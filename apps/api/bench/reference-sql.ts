// Reference for the vote: the API's vote query for a single ballot (voteQuery: one call of the
// cast_votes function, one vote per transaction, compiled to the same SQL text drizzle sends)
// executed straight by the driver, `workers` concurrent loops, in its own process.
// PostgreSQL: postgres.js with the API's pool size. PGlite: the same DATA_DIR opened in-process.
// Before loading it reports the proposal's counts in the database (the vote run's check).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { CHANGE_CHANNEL } from '../src/domain/read-cache.js';
import { voteQuery, voteRulesOf } from '../src/domain/votes/votes.js';
import { loadConfig } from '../src/config.js';

export type SqlRefConfig = {
  db: { kind: 'postgres'; url: string; pool: number } | { kind: 'pglite'; dataDir: string };
  proposalId: number;
  monumentId: string;
  workers: number;
  warmupSeconds: number;
  seconds: number;
};
export type Counts = { votes: number; rows: number };
export type SqlRefResult = {
  /** The proposal's counts in the database before this process voted. */
  counts: Counts;
  /** Votes this process added, warm-up included. */
  added: number;
  requests: number;
  ok: number;
  errors: number;
  seconds: number;
  /** CPU time of this process during the measured seconds. */
  cpuMs: number;
  latencies: number[];
};

type Exec = (text: string, params: unknown[]) => Promise<unknown[]>;

const cfg = JSON.parse(process.argv[2] ?? '{}') as SqlRefConfig;
const dialect = new PgDialect();
const hash = (s: string) => createHash('sha256').update(s).digest('base64url');

async function open(): Promise<{ exec: Exec; close: () => Promise<void> }> {
  if (cfg.db.kind === 'postgres') {
    const client = postgres(cfg.db.url, { max: cfg.db.pool, onnotice: () => {} });
    drizzle({ client }); // the driver settings drizzle makes (JSON parameters sent as they are), as in the API
    // As drizzle's postgres-js session runs db.execute(): unsafe(), unnamed statement.
    const exec: Exec = (t, p) => client.unsafe(t, p as never[], { prepare: false });
    return { exec, close: () => client.end({ timeout: 5 }) };
  }
  const pg = new PGlite(path.join(cfg.db.dataDir, 'pglite'));
  await pg.waitReady;
  const exec: Exec = async (t, p) => (await pg.query(t, p)).rows;
  return { exec, close: () => pg.close() };
}

async function load(exec: Exec, seconds: number, tag: string, latencies: number[] | null) {
  let n = 0;
  let ok = 0;
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const i = n++;
      const ipHash = hash(`${tag}-ip-${i}`);
      const q = dialect.sqlToQuery(
        voteQuery(
          [
            {
              proposalId: cfg.proposalId,
              monumentId: cfg.monumentId,
              voterHash: hash(`${tag}-voter-${i}`),
              ipHash,
              netHash: hash(`${tag}-net-${i}`),
            },
          ],
          {
            ...voteRulesOf(loadConfig({}), cfg.db.kind === 'postgres' ? CHANGE_CHANNEL : null),
            ipLimit: 1_000_000_000,
            netHourLimit: 1_000_000_000,
          },
          new Date(),
        ),
      );
      const t0 = performance.now();
      try {
        const [row] = (await exec(q.sql, q.params)) as { r_outcome: string }[];
        if (row?.r_outcome === 'counted') ok++;
        else errors++;
      } catch {
        errors++;
      }
      latencies?.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: cfg.workers }, worker));
  return { requests: n, ok, errors, seconds: (performance.now() - t0) / 1000 };
}

async function main() {
  const { exec, close } = await open();
  try {
    const [c] = (await exec(
      'SELECT (SELECT votes FROM proposals WHERE id = $1) AS votes, (SELECT count(*)::int FROM votes WHERE proposal_id = $1) AS rows',
      [cfg.proposalId],
    )) as { votes: number; rows: number }[];
    const counts = { votes: Number(c?.votes), rows: Number(c?.rows) };
    const tag = `ref${process.pid}`;
    const warm = await load(exec, cfg.warmupSeconds, `${tag}w`, null);
    const latencies: number[] = [];
    const cpu0 = process.cpuUsage();
    const r = await load(exec, cfg.seconds, tag, latencies);
    const cpu = process.cpuUsage(cpu0);
    const result: SqlRefResult = { counts, added: warm.ok + r.ok, ...r, cpuMs: (cpu.user + cpu.system) / 1000, latencies };
    await new Promise((resolve) => process.send?.(result, undefined, undefined, resolve) ?? resolve(null));
  } finally {
    await close();
  }
}

main().then(
  () => process.disconnect?.(),
  (err: unknown) => {
    process.send?.({ error: String((err as Error)?.stack ?? err) });
    process.exitCode = 1;
    process.disconnect?.();
  },
);
