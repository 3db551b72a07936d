// The database dies under load: a dedicated PostgreSQL server is stopped with `pg_ctl -m immediate`
// while browsers keep voting and reading, then started again. While it is down every vote is
// answered 503 within 5 s (never a 500, never a hang) and the process stays up; a popup, answered
// from the lists in memory, may still be answered 200 until the health check sheds it. After the
// restart normal answers return within 5 s (health check every second, probe timeout 2 s,
// reconnect back-off at most 0.5 s), and from the first success on requests, and a burst wider
// than the pool, are answered 200: no pooled connection waits out a back-off grown during the
// outage (postgres.js's default grows to 20 s) and the health check does not fail again. Every
// vote answered 200 is still counted.
// Runs in the postgres project only: embedded PGlite cannot be stopped from outside.
import { pathOf, routes } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { seedCity } from '../../src/db/seed.js';
import { linzCity } from '../support/city.js';
import { firstMonument, newProposal, vote } from '../support/abuse-helpers.js';
import { testConfig } from '../support/harness.js';
import { startPostgres, type PgServer } from '@linz/test-peers/postgres';

type Sample = { at: number; ms: number; status: number; kind: 'vote' | 'read' };

/** Polls `done` every 50 ms until it holds or `limitMs` has passed. */
async function until(done: () => boolean, limitMs: number) {
  const end = Date.now() + limitMs;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

// How long the database stays down: the scenario, not a wait for an event. Long enough for many
// failed reconnects (postgres.js grows its back-off with each), and for the health check to notice.
const OUTAGE_MS = 6000;
// After the restart no request is refused. Until postgres.js was patched (patches/postgres@3.4.9.patch,
// test/ops/driver-close.test.ts), a pooled connection reset while it had a write waiting never sent
// another one: under the whole suite's load every request stalled for the connect timeout (5 s) and
// was refused, in lockstep, for 25-35 s after the first success (the server's log showed connections
// received and never authorized, one every 5 s).

describe('database stopped under load (PostgreSQL project only)', () => {
  let server: PgServer;
  let database: Database;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    server = await startPostgres();
    database = await openDatabase({ databaseUrl: server.url('postgres'), poolSize: 10 });
    await seedCity(database, linzCity());
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await database?.close().catch(() => {});
    server?.destroy();
  });

  it('answers 503 while it is down (no request deadline: the database layer ends each by itself), recovers after the restart, refuses nothing after, and loses no answered vote', async () => {
    // The request deadline is a separate overload guard (answers 503 after 4 s by default); here it is
    // longer than any answer the assertions accept, so a starved CI machine's slow answer is not
    // counted as a refusal, while a connection left waiting for a reconnect still is.
    // No request deadline: a request the database layer left waiting would hold the test up.
    const app = await buildApp(testConfig({}, { pressure: { requestDeadlineMs: 0 } }), { database });
    try {
      const m = await firstMonument(app);
      const p = await newProposal(app, m.id, 'Gegen den Ausfall');
      const samples: Sample[] = [];
      let running = true;
      const t0 = Date.now();
      const worker = async (n: number) => {
        for (let i = 0; running; i++) {
          const kind = (n + i) % 3 === 0 ? 'read' : 'vote';
          const start = Date.now();
          const res =
            kind === 'vote'
              ? await vote(app, p, { ip: `198.51.100.${n}` })
              : await app.inject({ method: 'GET', url: pathOf(routes.monumentProposals.path, { monumentId: m.id }) });
          samples.push({ at: start - t0, ms: Date.now() - start, status: res.statusCode, kind });
          if (res.statusCode !== 200) await new Promise((r) => setTimeout(r, 50));
        }
      };
      const workers = Array.from({ length: 8 }, (_, n) => worker(n));

      // Under way: enough answers before the stop.
      const ok = (list: Sample[]) => list.filter((s) => s.status === 200).length;
      await until(() => ok(samples) >= 20, 10_000);
      const stoppedAt = Date.now() - t0;
      server.stop('immediate');
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      const restartAt = Date.now() - t0;
      server.start(); // returns once the server accepts connections (pg_ctl -w)
      const startedAt = Date.now() - t0;
      const after = () => samples.filter((s) => s.at > startedAt);
      // Until normal answers are back (at most 10 s, the assertion below wants 5), then until 200
      // more requests begun after that first success have been answered: up to 45 s, as the whole
      // suite's load left clean-clone CI runs at 119 answers after 15 s (54cf149) and 162 after
      // 30 s (9ecb1b9), where alone it takes under a second.
      await until(() => after().some((s) => s.status === 200), 10_000);
      const firstOkAt = after().find((s) => s.status === 200)?.at ?? Infinity;
      await until(() => samples.filter((s) => s.at > firstOkAt).length >= 200, 45_000);
      // A burst wider than the pool (10): every pooled connection must have reconnected.
      const burstAt = Date.now() - t0;
      const burst = await Promise.all(
        Array.from({ length: 30 }, async (_, n): Promise<Sample> => {
          const start = Date.now();
          const res =
            n % 2
              ? await vote(app, p, { ip: `203.0.113.${n}` })
              : await app.inject({ method: 'GET', url: pathOf(routes.monumentProposals.path, { monumentId: m.id }) });
          return { at: burstAt, ms: Date.now() - start, status: res.statusCode, kind: n % 2 ? 'vote' : 'read' };
        }),
      );
      running = false;
      await Promise.all(workers);

      const before = samples.filter((s) => s.at + s.ms <= stoppedAt);
      const down = samples.filter((s) => s.at > stoppedAt && s.at + s.ms < restartAt);
      const count = (list: Sample[], status: number) => list.filter((s) => s.status === status).length;
      const firstOk = after().find((s) => s.status === 200);
      const recovered = [...samples.filter((s) => s.at > (firstOk?.at ?? Infinity)), ...burst];
      // How fast the answers came after the recovery: said when the count below falls short.
      const msAfter = recovered.map((s) => s.ms).sort((a, b) => a - b);
      const afterRecovery = `${recovered.length} answers in ${((burstAt - (firstOk?.at ?? burstAt)) / 1000).toFixed(1)} s after the first success, ms p50 ${msAfter[Math.floor(msAfter.length / 2)]}, p90 ${msAfter[Math.floor(msAfter.length * 0.9)]}, max ${msAfter[msAfter.length - 1]}, 503s ${recovered.filter((s) => s.status === 503).length}`;
      if (process.env.SHOW_COUNTS) {
        console.info(
          'fault: before',
          before.length,
          'ok',
          count(before, 200),
          '| down',
          down.length,
          '503s',
          count(down, 503),
          '| first ok after restart (ms)',
          firstOk && firstOk.at + firstOk.ms - startedAt,
          '| after it',
          recovered.length,
          '503s',
          count(recovered, 503),
          '| max ms',
          Math.max(...samples.map((s) => s.ms)),
          '|',
          afterRecovery,
        );
      }

      expect(count(before, 200)).toBeGreaterThanOrEqual(20);
      // Never a 500 or another status: 200 while the database answers, 503 otherwise.
      expect(samples.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
      expect(down.length).toBeGreaterThan(20);
      // A vote needs the database; a popup comes from the lists in memory, so until the health check
      // notices the outage (a second or two) it may still be answered (a clean-clone CI run had 48
      // of them, where the test wanted every answer a 503).
      const votesDown = down.filter((s) => s.kind === 'vote');
      expect(votesDown.length).toBeGreaterThan(10);
      expect(count(votesDown, 503)).toBe(votesDown.length);
      // Normal answers after the restart; from then on nothing is refused. Said when one is: when
      // each refusal began, counted from the first success, and how long it took.
      expect(firstOk, 'an answer 200 after the restart').toBeDefined();
      expect(recovered.length, afterRecovery).toBeGreaterThanOrEqual(200);
      const refused = recovered.filter((s) => s.status !== 200);
      const when = refused.map((s) => `${s.status} at ${((s.at - (firstOk?.at ?? 0)) / 1000).toFixed(1)} s after ${s.ms} ms`);
      expect(refused.length, `refused after the recovery: ${when.join(', ')}`).toBe(0);

      // Every vote answered 200 is counted (a vote committed just as the server died may be counted
      // although its answer was a 503, so the database may hold more, never fewer).
      const answered = [...samples, ...burst].filter((s) => s.kind === 'vote' && s.status === 200).length;
      const [row] = await database.rows<{ stored: number; counter: number }>(
        sql`SELECT (SELECT count(*)::int FROM votes WHERE proposal_id = ${p.id}) AS stored, (SELECT votes FROM proposals WHERE id = ${p.id}) AS counter`,
      );
      expect(Number(row?.stored)).toBeGreaterThanOrEqual(answered);
      expect(Number(row?.counter)).toBe(Number(row?.stored));
      expect(unhandled).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);
});
