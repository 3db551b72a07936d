// The ballot box sends the votes that arrive together in one call of cast_votes (migrations 0002, 0003).
// Batching must not change a single answer: counts exact across proposals and batches, no
// deadlock between concurrent batches, and a ballot the database refuses fails alone.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { castBallots, createBallotBox, voteRulesOf, type Ballot, type BallotResult } from '../../src/domain/votes/votes.js';
import { firstMonument, holdProposal, newProposal, vote } from '../support/abuse-helpers.js';
import type { BuildOptions } from '../../src/app.js';
import { databaseUnavailable } from '../../src/db/unavailable.js';
import { loggerOptions } from '../../src/logging.js';
import type { ConfigOptions } from '../../src/config.js';
import { browser, DB_KIND, testApp } from '../support/harness.js';

let t: Awaited<ReturnType<typeof testApp>> | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// These votes arrive within seconds: the quick-threshold hold (thresholdQuickSeconds) is off, as in the harness.
const rules = { ...voteRulesOf(loadConfig({}), null), ipLimit: 1000, netHourLimit: 1000, quickSeconds: 0 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function threeProposals(config: ConfigOptions = {}, logger?: BuildOptions['logger']) {
  t = await testApp({}, { logger, config });
  const m = await firstMonument(t.app);
  const proposals = [];
  for (const name of ['Johanna Dohnal', 'Marianne Hainisch', 'Käthe Leichter'])
    proposals.push(await newProposal(t.app, m.id, name));
  return { database: t.database, proposals };
}

const ballot = (p: { id: number; monumentId: string }, voter: string, ip = `ip-${voter}`): Ballot => ({
  proposalId: p.id,
  monumentId: p.monumentId,
  voterHash: voter,
  ipHash: ip,
  netHash: `net-${ip}`,
});

async function countsOf(database: NonNullable<typeof t>['database'], ids: number[]) {
  const rows = await database.rows<{ id: number; votes: number; n: number; mails: number; at: number | null }>(
    sql`SELECT i.id, i.votes,
          (SELECT count(*)::int FROM votes v WHERE v.proposal_id = i.id) AS n,
          (SELECT count(*)::int FROM mayor_notifications o WHERE o.proposal_id = i.id) AS mails,
          (SELECT max(o.vote_count) FROM mayor_notifications o WHERE o.proposal_id = i.id) AS at
        FROM proposals i WHERE i.id IN ${ids} ORDER BY i.id`,
  );
  return rows.map((r) => ({
    votes: Number(r.votes),
    rows: Number(r.n),
    mails: Number(r.mails),
    at: r.at === null ? null : Number(r.at),
  }));
}

describe(`ballot box on ${DB_KIND}`, () => {
  it('60 votes on three proposals in small mixed batches: every count exact, one e-mail each at 10', async () => {
    const { database, proposals } = await threeProposals();
    const box = createBallotBox(database, { rules, inFlight: 3, maxBatch: 7, withdrawAnswered: true });
    const ballots = Array.from({ length: 60 }, (_, i) => ballot(proposals[i % 3]!, `voter-${i}`));
    const results = await Promise.all(ballots.map((b) => box.cast(b)));
    expect(results.every((r) => r.outcome === 'counted')).toBe(true);
    for (const p of proposals) {
      const counts = results.filter((_, i) => ballots[i]!.proposalId === p.id).map((r) => r.count!);
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(results.filter((r, i) => ballots[i]!.proposalId === p.id && r.queued)).toHaveLength(1);
    }
    expect(
      await countsOf(
        database,
        proposals.map((p) => p.id),
      ),
    ).toEqual(Array(3).fill({ votes: 20, rows: 20, mails: 1, at: 10 }));
  });

  it('concurrent batches over the same proposals in opposite orders never deadlock; a browser in two batches counts once', async () => {
    const { database, proposals } = await threeProposals();
    // Twelve batches at once (as from several instances), each over all three proposals, half in
    // reverse order; every browser appears in two batches. Each batch is one transaction.
    const batches = Array.from({ length: 12 }, (_, k) => {
      const list = Array.from({ length: 15 }, (_, j) => ballot(proposals[j % 3]!, `voter-${(k >> 1) * 15 + j}`, `ip-${k}`));
      return k % 2 ? list.reverse() : list;
    });
    const answers = await Promise.all(batches.map((b) => castBallots(database, b, rules)));
    const all: [Ballot, BallotResult][] = batches.flatMap((b, k) =>
      b.map((x, j): [Ballot, BallotResult] => [x, answers[k]![j]!]),
    );
    const counted = all.filter(([, r]) => r.outcome === 'counted');
    expect(counted).toHaveLength(90);
    expect(all.filter(([, r]) => r.outcome === 'repeat')).toHaveLength(90);
    expect(new Set(counted.map(([b]) => `${b.proposalId}/${b.voterHash}`)).size).toBe(90);
    for (const p of proposals) {
      const counts = counted.filter(([b]) => b.proposalId === p.id).map(([, r]) => r.count!);
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    }
    expect(
      await countsOf(
        database,
        proposals.map((p) => p.id),
      ),
    ).toEqual(Array(3).fill({ votes: 30, rows: 30, mails: 1, at: 10 }));
  });

  it('a ballot the database refuses fails alone: the rest of its batch is counted', async () => {
    const { database, proposals } = await threeProposals();
    const box = createBallotBox(database, { rules, inFlight: 1, maxBatch: 100, withdrawAnswered: true });
    // A NUL character cannot be stored in PostgreSQL text: the whole batch's statement fails.
    const bad = { ...ballot(proposals[0]!, 'voter-bad'), voterHash: 'bad\u0000voter' };
    const good = Array.from({ length: 9 }, (_, i) => ballot(proposals[i % 3]!, `voter-${i}`));
    const results = await Promise.allSettled([...good.slice(0, 4), bad, ...good.slice(4)].map((b) => box.cast(b)));
    expect(results[4]!.status).toBe('rejected');
    const fine = results.filter((_, i) => i !== 4);
    expect(fine.every((r) => r.status === 'fulfilled' && r.value.outcome === 'counted')).toBe(true);
    expect(
      await countsOf(
        database,
        proposals.map((p) => p.id),
      ),
    ).toEqual(Array(3).fill({ votes: 3, rows: 3, mails: 0, at: null }));
  });

  if (DB_KIND === 'postgres') {
    it('a batch whose connection is lost fails as a whole (503 for each) and is not retried ballot by ballot', async () => {
      const { database, proposals } = await threeProposals();
      const p = proposals[0]!;
      const release = await holdProposal(t!, p.id);
      const box = createBallotBox(database, { rules, inFlight: 1, maxBatch: 100, withdrawAnswered: true });
      const pending = Promise.allSettled(Array.from({ length: 5 }, (_, i) => box.cast(ballot(p, `voter-${i}`))));
      const { default: postgres } = await import('postgres');
      const admin = postgres(t!.url!, { max: 1 });
      try {
        // The batch waits for the held row lock; end its session from outside.
        // Waits for the batch to show up in the server's activity (a real event, polled). Only in
        // this test's own database: other test files cast votes on the same server at the same time.
        await vi.waitFor(
          async () => {
            const rows = await admin`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
              WHERE query LIKE '%cast_votes(%' AND pid <> pg_backend_pid() AND state = 'active'
                AND datname = current_database()`;
            expect(rows.filter((r) => r.ok)).toHaveLength(1);
          },
          { timeout: 5000, interval: 50 },
        );
        // Bounded, so a batch that hung instead of failing fails the test rather than the run.
        const results = await Promise.race([pending, sleep(5000).then(() => [])]);
        expect(results.map((r) => r.status)).toEqual(Array(5).fill('rejected'));
        expect(results.every((r) => r.status === 'rejected' && databaseUnavailable(r.reason))).toBe(true);
      } finally {
        await release();
        await admin.end();
      }
      // Retried one by one, the ballots would have waited for the lock and counted once it was
      // released. A later ballot through the same box (one batch at a time) is cast only after
      // any such retry: when it is counted as the first, none was.
      expect(await box.cast(ballot(p, 'later'))).toMatchObject({ outcome: 'counted', count: 1 });
      expect(await countsOf(database, [p.id])).toEqual([{ votes: 1, rows: 1, mails: 0, at: null }]);
    });
  }

  it('unknown proposals, a wrong monument, repeats and the daily limit each get their own answer in one batch', async () => {
    const { database, proposals } = await threeProposals();
    const p = proposals[0]!;
    const box = createBallotBox(database, {
      rules: { ...rules, ipLimit: 2 },
      inFlight: 1,
      maxBatch: 100,
      withdrawAnswered: true,
    });
    const results = await Promise.all(
      [
        ballot(p, 'a', 'shared-ip'),
        ballot(p, 'a', 'other-ip'),
        ballot(p, 'b', 'shared-ip'),
        ballot(p, 'c', 'shared-ip'),
        ballot({ id: 2_000_000_000, monumentId: p.monumentId }, 'd'),
        ballot({ id: p.id, monumentId: 'mon-somewhere-else' }, 'e'),
      ].map((b) => box.cast(b)),
    );
    expect(results.map((r) => [r.outcome, r.count])).toEqual([
      ['counted', 1],
      ['repeat', null],
      ['counted', 2],
      // Over the connection's limit: held for staff, answered like a counted vote (the count as if it counted).
      ['held', 3],
      ['unknown', null],
      ['unknown', null],
    ]);
  });
});

if (DB_KIND === 'postgres') {
  describe('the statement timeout on postgres', () => {
    it('a vote held up longer than the statement timeout answers 503 (no request deadline to do it); once the hold ends it counts', async () => {
      // Without a request deadline only the statement timeout can end the held vote.
      const { proposals } = await threeProposals({ databaseStatementTimeoutMs: 400, pressure: { requestDeadlineMs: 0 } });
      const p = proposals[0]!;
      const app = t!.app;
      const release = await holdProposal(t!, p.id);
      try {
        const held = await vote(app, p, { headers: browser(app, 'patient') });
        expect(held.statusCode, held.body).toBe(503);
        expect(held.headers['retry-after']).toBeDefined();
        // Other proposals are not held up meanwhile.
        expect((await vote(app, proposals[1]!, { headers: browser(app, 'patient') })).statusCode).toBe(200);
      } finally {
        await release();
      }
      const again = await vote(app, p, { headers: browser(app, 'patient') });
      expect(again.statusCode, again.body).toBe(200);
      expect(JSON.parse(again.body)).toEqual({ newVoteCount: 1 });
    });
  });
}

describe(`votes past the request deadline on ${DB_KIND}`, () => {
  it('a vote still queued when its request is answered 503 is withdrawn: it does not count, and the browser can vote again', async () => {
    const log: { level: number; msg: string }[] = [];
    const sink = { write: (line: string) => void log.push(JSON.parse(line) as { level: number; msg: string }) };
    const { database, proposals } = await threeProposals({ pressure: { requestDeadlineMs: 600 } }, loggerOptions('info', sink));
    const p = proposals[0]!;
    const app = t!.app;
    const release = await holdProposal(t!, p.id);
    // The first votes reach the ballot box one after another (the first enters the database and
    // waits there); the later ones come at once.
    const pending = [];
    for (let i = 0; i < 3; i++) {
      pending.push(vote(app, p, { headers: browser(app, `b-${i}`) }));
      await vi.waitFor(() => expect(app.services.ballots.waiting()).toBe(i + 1), { timeout: 10_000, interval: 10 });
    }
    for (let i = 3; i < 8; i++) pending.push(vote(app, p, { headers: browser(app, `b-${i}`) }));
    const answers = await Promise.all(pending);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(503));
    await release();
    const count = (msg: string) => log.filter((l) => l.msg === msg).length;
    // Each late request notes when its work has ended (cast or withdrawn): wait for all eight.
    await vi.waitFor(() => expect(count('finished after the deadline had answered 503')).toBe(8), {
      timeout: 10_000,
      interval: 20,
    });
    const [{ votes } = { votes: NaN }] = await database.rows<{ votes: number }>(
      sql`SELECT votes FROM proposals WHERE id = ${p.id}`,
    );
    // Only what had reached the database can have counted; everything still queued did not.
    expect(Number(votes)).toBeGreaterThanOrEqual(1);
    expect(Number(votes)).toBeLessThanOrEqual(3);
    const again = await Promise.all(Array.from({ length: 8 }, (_, i) => vote(app, p, { headers: browser(app, `b-${i}`) })));
    const codes = again.map((a) => a.statusCode);
    expect(codes.slice(3)).toEqual(Array(5).fill(200));
    expect(codes.filter((c) => c === 403)).toHaveLength(Number(votes));
    expect(codes.filter((c) => c === 200)).toHaveLength(8 - Number(votes));
    const [after] = await database.rows<{ votes: number }>(sql`SELECT votes FROM proposals WHERE id = ${p.id}`);
    expect(Number(after?.votes)).toBe(8);
    // Each late request is noted once when its deadline passes and once when its work ends;
    // nothing is logged as a server error.
    expect(count('request deadline passed')).toBe(8);
    expect(count('finished after the deadline had answered 503')).toBe(8);
    expect(log.filter((l) => l.level >= 50)).toEqual([]);
  });
});
