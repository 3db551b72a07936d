// `pnpm bench [-- --only reads|votes|main|mechanisms|scale|search|instances|photos|city|busy] [--db pglite|postgres]`: loopback load,
// driven by wrk, on the API's two public lists and the vote, each beside a reference measured in the
// same run (bare node:http for reads, the vote SQL straight on the driver for votes), and the
// with/without figures of the API's mechanisms (mechanisms.ts), and the monuments list at 42 and
// 10,000 monuments (scale.ts), all of Austria at 50,000 (search.ts: seed time, tiles, search), reads
// through nginx beside nginx serving files, logging's cost and resident memory (city.ts), a city's
// reads while people write and one address attacks (busy.ts), on
// PGlite and on PostgreSQL. See
// bench/README.md. A benchmark: it exits 1 only when it could not run or a vote count check fails
// (BENCH_STRICT=1: also when a target is missed).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres, type PgServer } from '@linz/test-peers/postgres';
import { firstMessage, killAllChildren, startChild, stopChild, type Child } from '@linz/test-peers/children';
import {
  cpuShare,
  fmtGet,
  fmtVotes,
  json,
  log,
  RATE_LIMIT,
  ROUNDS,
  SLICE,
  THREADS,
  VOTE_SECONDS,
  voteLoad,
  votesOf,
  WARMUP,
  type Ctx,
  type Target,
} from './common.js';
import { benchBusy, BUSY_SECONDS } from './busy.js';
import { benchCity } from './city.js';
import { benchInstances } from './instances.js';
import { benchMechanisms } from './mechanisms.js';
import { benchPhotos } from './photos.js';
import { benchScale, newDatabase } from './scale.js';
import { benchSearch } from './search.js';
import type { SqlRefConfig, SqlRefResult } from './reference-sql.js';
import { startApi, type Api, type DbTarget } from './server.js';
import { cpuMs, percentile } from './stats.js';
import { printMechanisms, printMemory, printTable, type MechanismRow, type MemoryRow, type Row } from './table.js';
import { compareGets, CONNECTIONS, loadGet, ok200, requireWrk } from './wrk.js';

type Part = 'reads' | 'votes' | 'mechanisms' | 'scale' | 'search' | 'instances' | 'photos' | 'city' | 'busy';

function argsOf(argv: string[]) {
  const args = argv.filter((a) => a !== '--');
  const value = (name: string) => {
    const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
    if (i < 0) return undefined;
    return args[i]!.includes('=') ? args[i]!.split('=')[1] : args[i + 1];
  };
  const only = (value('--only') ?? 'reads,votes,mechanisms,scale,instances,photos,city')
    .replace('main', 'reads,votes')
    .split(',');
  const parts = new Set<Part>();
  for (const p of only) {
    if (!['reads', 'votes', 'mechanisms', 'scale', 'search', 'instances', 'photos', 'city', 'busy'].includes(p))
      throw new Error(
        `--only takes reads, votes, main, mechanisms, scale, search, instances, photos, city or busy (comma-separated), not ${p}`,
      );
    parts.add(p as Part);
  }
  const dbs = (value('--db') ?? process.env.BENCH_DB ?? 'pglite,postgres').split(',') as DbTarget['kind'][];
  return { parts, dbs };
}

const { parts, dbs: DBS } = argsOf(process.argv.slice(2));
const API_POOL = Number(process.env.BENCH_REF_POOL ?? 10); // openDatabase's default pool size, which the API uses
const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 100);
const VOTE_P99_MS = { postgres: 150, pglite: 300 };
const READS = ['/api/monuments', '/api/interventions/all'];

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
const perDb =
  (parts.has('reads') ? 180 : 0) +
  (parts.has('votes') ? 150 : 0) +
  (parts.has('mechanisms') ? 330 : 0) +
  (parts.has('scale') ? 240 : 0) +
  (parts.has('search') ? 1200 : 0) +
  (parts.has('photos') ? 300 : 0) +
  (parts.has('city') ? 210 : 0) +
  (parts.has('busy') ? BUSY_SECONDS : 0);
const budget = (DBS.length * perDb + (parts.has('instances') ? 240 : 0) + 120) * 1000;
setTimeout(() => {
  console.error(`benchmark exceeded its ${budget / 1000} s budget; stopping`);
  cleanupNow();
  process.exit(1);
}, budget).unref();

/** Gives the lists realistic content: one proposal on each of the first `n` monuments. */
async function addProposals(base: string, n: number) {
  const monuments = await json<{ id: string }[]>(`${base}/api/monuments`);
  const made: Target[] = [];
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

const perReq = (ms: number, n: number) => (n ? ms / n : NaN).toFixed(3);
const headroom: string[] = [];
const austria: string[] = [];
const busy: string[] = [];

async function benchReads(api: Api, kind: string, work: string, rows: Row[]) {
  const args: string[] = [];
  for (const [i, p] of READS.entries()) {
    const res = await fetch(api.base + p);
    const body = Buffer.from(await res.arrayBuffer());
    const file = path.join(work, `body-${i}.json`);
    writeFileSync(file, body);
    // The reference sends the same bytes: the API's headers too (Node adds date and connection itself).
    const headers = [...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name));
    writeFileSync(`${file}.headers.json`, JSON.stringify(headers));
    args.push(p, file);
    log(`${kind} ${p}: ${body.length} bytes`);
  }
  let ref: Child | undefined;
  try {
    ref = startChild('bench/reference-http.ts', process.env, args);
    const { port } = await firstMessage<{ port: number }>(ref, 30_000);
    for (const p of READS) {
      const refUrl = `http://127.0.0.1:${port}${p}`;
      await loadGet(api.base + p, WARMUP, THREADS);
      await loadGet(refUrl, WARMUP, THREADS);
      const cpu0 = [cpuMs(api.child.proc.pid), cpuMs(ref.proc.pid)];
      const [a, r] = await compareGets(api.base + p, refUrl, SLICE, ROUNDS, THREADS);
      const cpu = [cpuMs(api.child.proc.pid) - cpu0[0]!, cpuMs(ref.proc.pid) - cpu0[1]!];
      log(`${kind} API GET ${p}: ${fmtGet(a)}; server CPU ${perReq(cpu[0]!, a.requests)} ms/req`);
      log(`${kind} node:http ${p}: ${fmtGet(r)}; server CPU ${perReq(cpu[1]!, r.requests)} ms/req`);
      const ratio = a.rps / r.rps;
      const clean = a.errors === 0 && a.non2xx === 0;
      rows.push({
        case: `GET ${p}`,
        db: kind,
        rps: a.rps,
        p99: a.p99,
        reference: 'node:http, same headers and body',
        refRps: r.rps,
        refP99: r.p99,
        ratio,
        target: '>= 0.6x',
        ok: clean && ratio >= 0.6,
      });
      if (p === '/api/monuments') {
        // Headroom: does another wrk thread (the machine's second core) get more out of either server?
        const other = THREADS === 1 ? 2 : 1;
        const [a2, r2] = await compareGets(api.base + p, refUrl, SLICE, 2, other);
        log(`${kind} headroom, wrk -t${other}: API ${fmtGet(a2)}; node:http ${fmtGet(r2)}`);
        headroom.push(
          `${kind} GET ${p}: node:http ${r.rps.toFixed(0)} req/s with wrk -t${THREADS} (wrk busy ${cpuShare(r)}), ${r2.rps.toFixed(0)} with -t${other} (${cpuShare(r2)}); ` +
            `API ${a.rps.toFixed(0)} with -t${THREADS} (${cpuShare(a)}), ${a2.rps.toFixed(0)} with -t${other}`,
        );
      }
    }
  } finally {
    await stopChild(ref);
  }
}

/** One run of the vote reference (the API must not be running on a PGlite folder meanwhile). */
async function sqlReference(db: DbTarget, target: Target, seconds: number): Promise<SqlRefResult> {
  const cfg: SqlRefConfig = {
    db: db.kind === 'postgres' ? { kind: 'postgres', url: db.url, pool: API_POOL } : { kind: 'pglite', dataDir: db.dataDir },
    proposalId: target.id,
    monumentId: target.monumentId,
    workers: CONNECTIONS,
    warmupSeconds: WARMUP,
    seconds,
  };
  const child = startChild('bench/reference-sql.ts', process.env, [JSON.stringify(cfg)]);
  try {
    const r = await firstMessage<SqlRefResult>(child, (WARMUP + seconds + 120) * 1000);
    log(
      `${db.kind} vote SQL reference: ${(r.requests / r.seconds).toFixed(0)} tx/s, p99 ${percentile(r.latencies, 0.99).toFixed(1)} ms, ` +
        `${r.ok} counted, ${r.errors} errors; CPU ${perReq(r.cpuMs, r.requests)} ms/tx`,
    );
    return r;
  } finally {
    await stopChild(child);
  }
}

async function benchVotes(ctx: Ctx, rows: Row[], checks: string[]): Promise<boolean> {
  const { kind, db, target } = ctx;
  // Reference, API, reference: drift in the machine's other load weighs on both sides.
  const ref1 = await sqlReference(db, target, VOTE_SECONDS / 2);
  let api: Api | undefined = await startApi(db, { rateLimit: RATE_LIMIT });
  try {
    const before = await votesOf(api.base, target.id);
    const warm = await voteLoad(ctx, api, WARMUP);
    log(`${kind} API vote warm-up: ${fmtVotes(warm)}`);
    const cpu0 = cpuMs(api.child.proc.pid);
    const v = await voteLoad(ctx, api, VOTE_SECONDS);
    log(
      `${kind} API vote: ${fmtVotes(v)}; API CPU ${perReq(cpuMs(api.child.proc.pid) - cpu0, v.answered)} ms/req, wrk ${cpuShare(v)}`,
    );
    const apiCount = await votesOf(api.base, target.id);
    await api.stop();
    api = undefined;
    const ref2 = await sqlReference(db, target, VOTE_SECONDS / 2);

    const sent200 = ok200(warm) + ok200(v);
    const expected = ref1.counts.votes + ref1.added + sent200;
    const settled = warm.issued === warm.answered && v.issued === v.answered;
    const exact =
      settled &&
      before === ref1.counts.votes + ref1.added &&
      ref2.counts.votes === expected &&
      ref2.counts.rows === ref2.counts.votes &&
      apiCount === expected;
    checks.push(
      `${kind}: proposal ${target.id} had ${before} votes; HTTP 200s: warm-up ${ok200(warm)} + run ${ok200(v)} = ${sent200}; ` +
        `in the DB after: votes ${ref2.counts.votes}, vote rows ${ref2.counts.rows}, API answers ${apiCount} (expected ${expected}) => ${exact ? 'EXACT' : 'MISMATCH'}` +
        (settled ? '' : ` (votes still unanswered when wrk stopped: ${warm.issued - warm.answered + v.issued - v.answered})`),
    );
    const refRps = (ref1.requests + ref2.requests) / (ref1.seconds + ref2.seconds);
    const refP99 = percentile([...ref1.latencies, ...ref2.latencies], 0.99);
    const ratio = v.rps / refRps;
    const maxP99 = VOTE_P99_MS[kind];
    const what = 'cast_votes(), one vote per transaction';
    const refName =
      kind === 'postgres'
        ? `postgres.js ${what}, pool ${API_POOL}, ${CONNECTIONS} workers`
        : `PGlite in-process ${what}, ${CONNECTIONS} workers`;
    const clean = v.errors === 0 && v.answered === ok200(v);
    rows.push({
      case: 'POST vote (new voter each)',
      db: kind,
      rps: v.rps,
      p99: v.p99,
      reference: refName,
      refRps,
      refP99,
      ratio,
      target: `>= 0.8x, p99 <= ${maxP99}`,
      ok: clean && ratio >= 0.8 && v.p99 <= maxP99,
    });
    return exact;
  } finally {
    await api?.stop();
  }
}

async function benchDb(kind: DbTarget['kind'], rows: Row[], mechanisms: MechanismRow[], checks: string[]): Promise<boolean> {
  const work = mkdtempSync(path.join(tmpdir(), `denkmal-bench-${kind}-`));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  let pg: PgServer | undefined;
  let api: Api | undefined;
  let exact = true;
  try {
    if (kind === 'postgres') {
      pg = await startPostgres();
      cleanups.push(() => pg?.destroy());
    }
    if (parts.has('scale')) await benchScale(kind, work, pg, rows);
    if (parts.has('search')) austria.push(...(await benchSearch(kind, work, pg)));
    if (parts.has('busy')) busy.push(...(await benchBusy(kind, work, pg)));
    if (parts.has('photos')) await benchPhotos(kind, await newDatabase(kind, 'photos', work, pg), rows);
    if (!parts.has('reads') && !parts.has('votes') && !parts.has('mechanisms')) return exact;
    const db: DbTarget = pg ? { kind: 'postgres', url: pg.url() } : { kind: 'pglite', dataDir: path.join(work, 'data') };
    api = await startApi(db, { rateLimit: RATE_LIMIT });
    log(`${kind}: API pid ${api.child.proc.pid} at ${api.base}`);
    const { monuments, target } = await addProposals(api.base, PROPOSALS);
    log(`${kind}: ${monuments} monuments, ${PROPOSALS} proposals; votes go to proposal ${target.id}`);
    const ctx: Ctx = { kind, db, work, target };
    if (parts.has('reads')) await benchReads(api, kind, work, rows);
    // The first few hundred votes on a fresh proposal run slower (seen on PGlite); no measurement gets them.
    if (parts.has('votes') || parts.has('mechanisms'))
      log(`${kind} API vote priming: ${fmtVotes(await voteLoad(ctx, api, WARMUP))}`);
    await api.stop();
    api = undefined;
    if (parts.has('votes')) exact = await benchVotes(ctx, rows, checks);
    if (parts.has('mechanisms')) exact = (await benchMechanisms(ctx, mechanisms, checks)) && exact;
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
  // The search and busy parts drive the app from this process: they need no wrk.
  const generator = [...parts].some((p) => p !== 'search' && p !== 'busy') ? requireWrk() : 'in-process';
  const started = Date.now();
  log(
    `${generator}, -t${THREADS}, ${CONNECTIONS} connections; reads: ${WARMUP} s warm-up, ${ROUNDS} alternating slices of ${SLICE} s per side; ` +
      `votes: ${VOTE_SECONDS} s; general rate limit ${RATE_LIMIT ? 'registered (never trips)' : 'off'}; parts: ${[...parts].join(', ')}; databases: ${DBS.join(', ')}`,
  );
  const rows: Row[] = [];
  const mechanisms: MechanismRow[] = [];
  const checks: string[] = [];
  let exact = true;
  for (const kind of DBS)
    if ([...parts].some((p) => p !== 'instances' && p !== 'city'))
      exact = (await benchDb(kind, rows, mechanisms, checks)) && exact;
  // Several instances behind nginx: PostgreSQL only, once.
  const instances = parts.has('instances') ? await benchInstances() : undefined;
  // Reads through nginx, logging's cost, resident memory: after the other parts, on the databases asked for.
  const memory: MemoryRow[] = [];
  if (parts.has('city')) await benchCity(DBS, rows, memory, (c) => cleanups.push(c));
  console.log('');
  if (rows.length) {
    printTable(rows, `${generator} -t${THREADS} -c${CONNECTIONS}`);
    console.log('');
  }
  if (memory.length) {
    printMemory(memory);
    console.log('');
  }
  for (const h of headroom) console.log(`headroom  ${h}`);
  for (const c of checks) console.log(`count check  ${c}`);
  if (austria.length) console.log(`\nAll of Austria (search.ts):\n${austria.map((l) => `  ${l}`).join('\n')}`);
  if (busy.length)
    console.log(`\nReads while people write and one address attacks (busy.ts):\n${busy.map((l) => `  ${l}`).join('\n')}`);
  if (instances)
    console.log(
      `\nThree instances behind nginx on PostgreSQL (instances.ts):\n${instances.lines.map((l) => `  ${l}`).join('\n')}`,
    );
  if (mechanisms.length) {
    console.log('\nMechanisms, with and without (the API as it is vs started without the mechanism, bench/variants.ts):\n');
    printMechanisms(mechanisms);
  }
  console.log(
    `\nLoopback on a shared machine: compare the ratios, not the absolute numbers. ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );
  if (!exact) process.exitCode = 1;
  if (process.env.BENCH_STRICT === '1' && (rows.some((r) => !r.ok) || instances?.ok === false)) process.exitCode = 1;
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    cleanupNow();
  });
