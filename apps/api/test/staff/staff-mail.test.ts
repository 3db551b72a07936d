// Moderation and the mayor's e-mail: staff rejecting a proposal while 50 browsers vote on it
// (no 5xx, exact counts, the mail at most once), a queued mail withheld for a rejected proposal
// and released by its restore, and the outbox list and retry. A real SMTP peer on loopback.
import { pathOf, routes, type OutboxEntry } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import { browser, DB_KIND, freshDatabase, json, testConfig } from '../support/harness.js';
import { startSmtpPeer } from '@linz/test-peers/smtp';
import { bearer, dataOf, newStaff, trpcGet, trpcPost } from '../support/staff-helpers.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup() {
  const smtp = await startSmtpPeer('accept');
  cleanups.push(() => smtp.stop());
  const { database } = await freshDatabase();
  const config = testConfig({ SMTP_URL: smtp.url, MAYOR_EMAIL: 'mayor@linz.example' });
  const app = await buildApp(config, { database, mail: { pollMs: 0 } });
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  await app.outboxSender.idle();
  const token = await newStaff(database, 'Erika');
  const [m] = await database.rows<{ id: string }>(sql`SELECT id FROM monuments ORDER BY id LIMIT 1`);
  const res = await app.inject({
    method: 'POST',
    url: `/api/interventions/${m?.id}`,
    headers: json,
    payload: { name: 'Brunnen' },
  });
  const { id } = JSON.parse(res.body) as { id: number };
  return { smtp, database, app, token, p: { id, monumentId: m?.id ?? '' } };
}

async function seedVotes(database: Database, id: number, n: number) {
  await database.rows(sql`INSERT INTO votes (proposal_id, voter_hash, ip_hash)
    SELECT ${id}, 'seeded-' || g, 'seeded' FROM generate_series(1, ${n}) g`);
  await database.rows(sql`UPDATE proposals SET votes = ${n} WHERE id = ${id}`);
}

describe(`moderation and the mayor's e-mail on ${DB_KIND}`, () => {
  it('staff rejecting a proposal while 50 browsers vote: no 5xx, counts exact, the mail at most once', async () => {
    const { smtp, database, app, token, p } = await setup();
    await seedVotes(database, p.id, 5);
    const votes = Array.from({ length: 50 }, (_, i) =>
      app.inject({
        method: 'POST',
        url: pathOf(routes.castVote.path, { proposalId: p.id }),
        headers: { ...json, ...browser(app, `race-${i}`) },
        payload: { monumentId: p.monumentId, action: 'vote' },
      }),
    );
    const reject = app.inject(trpcPost('staff.proposals.reject', { proposalId: p.id, reason: { text: 'Spam' } }, bearer(token)));
    const answers = await Promise.all([...votes.slice(0, 25), reject, ...votes.slice(25)]);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect((await reject).statusCode).toBe(200);
    const counted = answers.filter((r, i) => i !== 25 && r.statusCode === 200).length;
    expect(answers.every((r, i) => i === 25 || r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    const [row] = await database.rows<{ votes: number; rows: number }>(
      sql`SELECT i.votes, (SELECT count(*)::int FROM votes v WHERE v.proposal_id = i.id) AS rows FROM proposals i WHERE i.id = ${p.id}`,
    );
    expect(Number(row?.votes)).toBe(Number(row?.rows));
    expect(Number(row?.rows)).toBe(5 + counted);
    // After the rejection every vote is refused.
    const late = await app.inject({
      method: 'POST',
      url: pathOf(routes.castVote.path, { proposalId: p.id }),
      headers: { ...json, ...browser(app, 'late') },
      payload: { monumentId: p.monumentId, action: 'vote' },
    });
    expect(late.statusCode).toBe(404);
    await app.outboxSender.runOnce();
    await app.outboxSender.idle();
    expect(smtp.messages.length).toBeLessThanOrEqual(1);
    const outbox = await database.rows<{ status: string }>(
      sql`SELECT status FROM mayor_notifications WHERE proposal_id = ${p.id}`,
    );
    if (Number(row?.rows) >= 10) expect(outbox).toHaveLength(1);
    expect(smtp.messages.length).toBe(outbox.filter((o) => o.status === 'sent').length);
    // Restoring it releases a withheld mail; still never a second one.
    await app.inject(trpcPost('staff.proposals.restore', { proposalId: p.id }, bearer(token)));
    await app.outboxSender.runOnce();
    await app.outboxSender.idle();
    expect(smtp.messages.length).toBe(outbox.length);
  });

  it('a queued mail is withheld while its proposal is rejected and goes out once after the restore; failed ones can be retried', async () => {
    const { smtp, database, app, token, p } = await setup();
    await seedVotes(database, p.id, 10);
    await database.rows(sql`INSERT INTO mayor_notifications (proposal_id, vote_count) VALUES (${p.id}, 10)`);
    await app.inject(trpcPost('staff.proposals.reject', { proposalId: p.id, reason: { text: 'Spam' } }, bearer(token)));
    await app.outboxSender.runOnce();
    expect(smtp.messages).toHaveLength(0);
    const outbox = async () => dataOf<OutboxEntry[]>(await app.inject(trpcGet('staff.outbox.list', undefined, bearer(token))));
    expect((await outbox())[0]).toMatchObject({ proposalId: p.id, proposalName: 'Brunnen', status: 'withheld' });
    await app.inject(trpcPost('staff.proposals.restore', { proposalId: p.id }, bearer(token)));
    await app.outboxSender.runOnce();
    expect(smtp.messages).toHaveLength(1);
    const [sent] = await outbox();
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sent?.sentAt).toEqual(expect.any(String));

    // Retry: only a failed one; it becomes pending, due now, and the audit log says who.
    const id = sent?.id ?? 0;
    const retry = () =>
      app.inject({
        method: 'POST',
        url: pathOf(routes.staffRetryMail.path, { notificationId: id }),
        headers: { ...json, ...bearer(token) },
        payload: {},
      });
    expect((await retry()).statusCode).toBe(409);
    await database.rows(
      sql`UPDATE mayor_notifications SET status = 'failed', last_error = '550 no such mailbox' WHERE id = ${id}`,
    );
    const rest = await app.inject({ url: routes.staffOutbox.path, headers: bearer(token) });
    expect((JSON.parse(rest.body) as OutboxEntry[])[0]).toMatchObject({ status: 'failed', lastError: '550 no such mailbox' });
    const retried = await retry();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(JSON.parse(retried.body)).toMatchObject({ id, status: 'pending' });
    const [entry] = await database.rows<{ actor: string; action: string }>(
      sql`SELECT actor, action FROM audit_log WHERE item_kind = 'mail'`,
    );
    expect(entry).toEqual({ actor: 'Erika', action: 'mail.retry' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: pathOf(routes.staffRetryMail.path, { notificationId: 999 }),
          headers: { ...json, ...bearer(token) },
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });
});
