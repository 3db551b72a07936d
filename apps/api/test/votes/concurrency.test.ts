// Exact counts under concurrency: many browsers at once, and one browser many times at once.
import { VoteAnswer } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, DB_KIND, json, testApp } from '../support/harness.js';

let t: Awaited<ReturnType<typeof testApp>>;
let id = 0;
const MON = 'mon-dreifaltigkeitssaeule';
beforeEach(async () => {
  t = await testApp();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/interventions/${MON}`,
    headers: json,
    payload: { name: 'Volksbüste' },
  });
  id = (JSON.parse(res.body) as { id: number }).id;
});
afterEach(() => t.close());

const voteAs = (who: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/interventions/${id}/vote`,
    headers: { ...json, ...browser(t.app, who) },
    payload: { monumentId: MON, action: 'vote' },
  });

describe(`concurrent votes on ${DB_KIND}`, () => {
  it('50 different browsers at once get the counts 1..50 exactly', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => voteAs(`browser-${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const counts = answers.map((a) => VoteAnswer.parse(JSON.parse(a.body)).newVoteCount).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const [row] = await t.database.rows<{ votes: number; n: number }>(
      sql`SELECT votes, (SELECT count(*)::int FROM votes WHERE proposal_id = ${id}) AS n FROM proposals WHERE id = ${id}`,
    );
    expect(Number(row?.votes)).toBe(50);
    expect(Number(row?.n)).toBe(50);
  });

  it('one browser voting 20 times at once gets exactly one 200 and 19 403s', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => voteAs('same-browser')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(19);
    const [row] = await t.database.rows<{ votes: number }>(sql`SELECT votes FROM proposals WHERE id = ${id}`);
    expect(Number(row?.votes)).toBe(1);
  });

  it('crossing the threshold concurrently queues exactly one mayor notification', async () => {
    await Promise.all(Array.from({ length: 25 }, (_, i) => voteAs(`b-${i}`)));
    const [row] = await t.database.rows<{ n: number; vote_count: number }>(
      sql`SELECT count(*)::int AS n, min(vote_count)::int AS vote_count FROM mayor_notifications WHERE proposal_id = ${id}`,
    );
    expect(Number(row?.n)).toBe(1);
    expect(Number(row?.vote_count)).toBe(10);
  });
});
