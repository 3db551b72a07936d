// `pnpm bench`: loopback load on the API's two public lists and the vote, each beside a reference
// measured in the same run (bare node:http for reads, the vote SQL straight on the driver for
// votes), on PGlite and on PostgreSQL. See bench/README.md. A benchmark: it exits 1 only when it
// could not run or the vote count check fails (BENCH_STRICT=1: also when a target is missed).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres, type PgServer } from '../test/postgres-server.js';
import { firstMessage, killAllChildren, startChild, stopChild, type Child } from './children.js';
import { compareGets, CONNECTIONS, loadGet, loadVotes, type LoadResult } from './load.js';
import type { SqlRefConfig, SqlRefResult } from './reference-sql.js';
import { COOKIE_SECRET, startApi, type Api, type DbTarget } from './server.js';
import { cpuMs, percentile } from './stats.js';
import { printTable, type Row } from './table.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const DBS = (process.env.BENCH_DB ?? 'pglite,postgres').split(',') as DbTarget['kind'][];
const RATE_LIMIT = process.env.BENCH_RATE_LIMIT !== 'off';
const INTERVENTIONS = Number(process.env.BENCH_INTERVENTIONS ?? 100);
const API_POOL = Number(process.env.BENCH_REF_POOL ?? 10); // openDatabase's default pool size, which the API uses
const VOTE_P99_MS = { postgres: 150, pglite: 300 };
const CASES = (process.env.BENCH_CASES ?? 'monuments,interventions,votes').split(',');
const READS = ['/api/monuments', '/api/interventions/all'].filter((p) => CASES.some((c) => p.includes(c)));

const cleanups: (() => unknown)[] = [];
function cleanupNow() {
  killAllChildren();
  for (const c of cleanups.splice(0).reverse()) {
    try {
      c();
    } catch {
      // best effort
    }
  }
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    console.error(`\n${sig}: stopping everything the benchmark started`);
    cleanupNow();
    process.exit(130);
  });
}
const budget = (DBS.length * (8 * (WARMUP + SECONDS) + 6 * SECONDS) + 180) * 1000;
setTimeout(() => {
  console.error(`benchmark exceeded its ${budget / 1000} s budget; stopping`);
  cleanupNow();
  process.exit(1);
}, budget).unref();

const log = (s: string) => console.log(`[bench] ${s}`);
const fmt = (r: LoadResult) => `${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ${JSON.stringify(r.status)}${r.errors ? `, ${r.errors} errors` : ''}`;

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Gives the lists realistic content: one proposal on each of the first `n` monuments. */
async function addInterventions(base: string, n: number) {
  const monuments = await json<{ id: string }[]>(`${base}/api/monuments`);
  const made: { id: number; monumentId: string }[] = [];
  for (const [i, m] of monuments.slice(0, n).entries()) {
    const created = await json<{ id: number }>(`${base}/api/interventions/${encodeURIComponent(m.id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i % 250}` },
      body: JSON.stringify({ name: `Benchmark proposal ${i + 1}: a plaque explaining the monument's history` }),
    });
    made.push({ id: created.id, monumentId: m.id });
  }
  return { monuments: monuments.length, target: made[0]! };
}

const votesOf = async (base: string, id: number) =>
  (await json<{ id: number; votes: number }[]>(`${base}/api/interventions/all`)).find((i) => i.id === id)?.votes ?? NaN;
const ok200 = (r: LoadResult) => r.status['200'] ?? 0;
const perReq = (ms: number, n: number) => (n ? ms / n : NaN).toFixed(3);

async function benchReads(api: Api, kind: string, work: string, rows: Row[]) {
  const args: string[] = [];
  for (const [i, p] of READS.entries()) {
    const body = Buffer.from(await (await fetch(api.base + p)).arrayBuffer());
    const file = path.join(work, `body-${i}.json`);
    writeFileSync(file, body);
    args.push(p, file);
    log(`${kind} ${p}: ${body.length} bytes`);
  }
  let ref: Child | undefined;
  try {
    ref = startChild('bench/reference-http.ts', process.env, args);
    const { port } = await firstMessage<{ port: number }>(ref, 30_000);
    for (const p of READS) {
      const refUrl = `http://127.0.0.1:${port}${p}`;
      await loadGet(api.base + p, WARMUP);
      await loadGet(refUrl, WARMUP);
      const cpu0 = [cpuMs(api.child.proc.pid), cpuMs(ref.proc.pid)];
      const [a, r] = await compareGets(api.base + p, refUrl, SECONDS, ROUNDS);
      const cpu = [cpuMs(api.child.proc.pid) - cpu0[0]!, cpuMs(ref.proc.pid) - cpu0[1]!];
      log(`${kind} API GET ${p}: ${fmt(a)}; server CPU ${perReq(cpu[0]!, a.requests)} ms/req`);
      log(`${kind} node:http ${p}: ${fmt(r)}; server CPU ${perReq(cpu[1]!, r.requests)} ms/req`);
      const ratio = a.rps / r.rps;
      const clean = a.errors === 0 && a.requests === (a.status['200'] ?? 0);
      rows.push({ case: `GET ${p}`, db: kind, rps: a.rps, p99: a.p99, reference: 'node:http, same bytes', refRps: r.rps, refP99: r.p99, ratio, target: '>= 0.6x', ok: clean && ratio >= 0.6 });
    }
  } finally {
    await stopChild(ref);
  }
}

/** One run of the vote reference (the API must not be running on a PGlite folder meanwhile). */
async function sqlReference(db: DbTarget, target: { id: number; monumentId: string }, seconds: number): Promise<SqlRefResult> {
  const cfg: SqlRefConfig = {
    db: db.kind === 'postgres' ? { kind: 'postgres', url: db.url, pool: API_POOL } : { kind: 'pglite', dataDir: db.dataDir },
    interventionId: target.id,
    monumentId: target.monumentId,
    workers: CONNECTIONS,
    warmupSeconds: WARMUP,
    seconds,
  };
  const child = startChild('bench/reference-sql.ts', process.env, [JSON.stringify(cfg)]);
  try {
    const r = await firstMessage<SqlRefResult>(child, (WARMUP + seconds + 120) * 1000);
    log(
      `${db.kind} vote SQL reference: ${(r.requests / r.seconds).toFixed(0)} tx/s, p99 ${percentile(r.latencies, 0.99).toFixed(0)} ms, ` +
        `${r.ok} counted, ${r.errors} errors; CPU ${perReq(r.cpuMs, r.requests)} ms/tx`,
    );
    return r;
  } finally {
    await stopChild(child);
  }
}

async function benchDb(kind: DbTarget['kind'], rows: Row[], checks: string[]): Promise<boolean> {
  const work = mkdtempSync(path.join(tmpdir(), `linz-bench-${kind}-`));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  let pg: PgServer | undefined;
  let api: Api | undefined;
  try {
    if (kind === 'postgres') {
      pg = await startPostgres();
      cleanups.push(() => pg?.destroy());
    }
    const db: DbTarget = pg ? { kind: 'postgres', url: pg.url() } : { kind: 'pglite', dataDir: path.join(work, 'data') };
    api = await startApi(db, { rateLimit: RATE_LIMIT });
    log(`${kind}: API pid ${api.child.proc.pid} at ${api.base}`);
    const { monuments, target } = await addInterventions(api.base, INTERVENTIONS);
    log(`${kind}: ${monuments} monuments, ${INTERVENTIONS} proposals; votes go to proposal ${target.id}`);
    if (READS.length) await benchReads(api, kind, work, rows);
    if (CASES.includes('votes')) {
      // The first few hundred votes on a fresh proposal run slower (seen on PGlite); neither side gets them.
      const prime = await loadVotes(api.base, target.id, target.monumentId, COOKIE_SECRET, CONNECTIONS * 10, 60);
      log(`${kind} API vote priming: ${fmt(prime)}`);
    }
    await api.stop();
    api = undefined;
    if (!CASES.includes('votes')) return true;

    // Reference, API, reference: drift in the machine's other load weighs on both sides.
    const ref1 = await sqlReference(db, target, SECONDS / 2);
    api = await startApi(db, { rateLimit: RATE_LIMIT });
    const before = await votesOf(api.base, target.id);
    const warm = await loadVotes(api.base, target.id, target.monumentId, COOKIE_SECRET, CONNECTIONS * 10, 60);
    log(`${kind} API vote warm-up: ${fmt(warm)}`);
    const amount = Math.min(200_000, Math.max(CONNECTIONS * 4, Math.round(warm.rps * SECONDS)));
    const cpu0 = cpuMs(api.child.proc.pid);
    const v = await loadVotes(api.base, target.id, target.monumentId, COOKIE_SECRET, amount, SECONDS * 4);
    log(`${kind} API vote (${amount} requests): ${fmt(v)}; API CPU ${perReq(cpuMs(api.child.proc.pid) - cpu0, v.requests)} ms/req`);
    const apiCount = await votesOf(api.base, target.id);
    await api.stop();
    api = undefined;
    const ref2 = await sqlReference(db, target, SECONDS / 2);

    const sent200 = ok200(warm) + ok200(v);
    const expected = ref1.counts.votes + ref1.added + sent200;
    const exact =
      !warm.timedOut && !v.timedOut && before === ref1.counts.votes + ref1.added && ref2.counts.votes === expected && ref2.counts.rows === ref2.counts.votes && apiCount === expected;
    checks.push(
      `${kind}: proposal ${target.id} had ${before} votes; HTTP 200s: warm-up ${ok200(warm)} + run ${ok200(v)} = ${sent200}; ` +
        `in the DB after: votes ${ref2.counts.votes}, vote rows ${ref2.counts.rows}, API answers ${apiCount} (expected ${expected}) => ${exact ? 'EXACT' : 'MISMATCH'}` +
        (warm.timedOut || v.timedOut ? ' (a vote run hit its time cap; requests were dropped in flight)' : ''),
    );
    const refRps = (ref1.requests + ref2.requests) / (ref1.seconds + ref2.seconds);
    const refP99 = percentile([...ref1.latencies, ...ref2.latencies], 0.99);
    const ratio = v.rps / refRps;
    const maxP99 = VOTE_P99_MS[kind];
    const what = 'cast_votes(), one vote per transaction';
    const refName = pg ? `postgres.js ${what}, pool ${API_POOL}, ${CONNECTIONS} workers` : `PGlite in-process ${what}, ${CONNECTIONS} workers`;
    const clean = v.errors === 0 && v.requests === ok200(v);
    rows.push({ case: 'POST vote', db: kind, rps: v.rps, p99: v.p99, reference: refName, refRps, refP99, ratio, target: `>= 0.8x, p99 <= ${maxP99}`, ok: clean && ratio >= 0.8 && v.p99 <= maxP99 });
    return exact;
  } finally {
    await api?.stop();
    if (pg) {
      pg.destroy();
      pg = undefined;
    }
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  log(`${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s per case (reads: ${ROUNDS} alternating slices), general rate limit ${RATE_LIMIT ? 'registered (never trips)' : 'off'}, databases: ${DBS.join(', ')}`);
  const rows: Row[] = [];
  const checks: string[] = [];
  let exact = true;
  for (const kind of DBS) exact = (await benchDb(kind, rows, checks)) && exact;
  console.log('');
  printTable(rows);
  console.log('');
  for (const c of checks) console.log(`count check  ${c}`);
  console.log('\nLoopback on a shared machine: compare the ratios, not the absolute numbers.');
  if (!exact) process.exitCode = 1;
  if (process.env.BENCH_STRICT === '1' && rows.some((r) => !r.ok)) process.exitCode = 1;
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    cleanupNow();
  });
