// `--only busy`: all of a city's reads while people write and while one address attacks (issue 57).
// Seeds `pnpm seed:synthetic --monuments 50000 --proposals 20000 --votes 100000`, starts the
// built-from-source API with its real per-address limit, deadline and load shedding, at the default
// log level, behind nginx with the shipped configuration (deploy/nginx/denkmal.conf: its cache keeps
// tiles and whole lists for a second), as a city runs it, and drives it from this process over
// loopback, each client from a loopback address of its own:
//   - readers: twenty clients, one read every READ_EVERY_MS, with a
//     city's mix (tiles at three zooms, filtered tiles, page lists, search, popups, the monument view);
//   - a warm-up of 45 s (each read's first time, and the start's garbage collections; its first 25 s
//     with the writes phase's writes; printed, not compared); phase 1, reads alone; phase 2, with
//     writes (2 votes/s from different networks, a proposal every 5 s, a monument every 10 s);
//     phase 3, with an attacker on one address sending 49-word searches and 11-tile filtered tRPC
//     batches as fast as its limits allow (it waits out a 429's Retry-After).
// On PostgreSQL the seeded tables are vacuumed before the server starts (as pgbench does). Prints
// the readers' p50, p99 and failures per phase, each phase's p99 ratio to the first, the writers'
// and the attacker's answers, the load average, who had the cores in each phase (cpu-share.ts),
// the bench's own event loop's delay (a read it times late is late in the bench), how many slow
// reads fell during a write or just after it, and (PostgreSQL) autovacuum's runs. Bounded: every
// request has a time limit, every phase its seconds, and the runner its budget (run.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sign } from '@fastify/cookie';
import { cell, tileX, tileY } from '@linz/contract/mercator';
import type { PgServer } from '@linz/test-peers/postgres';
import postgres from 'postgres';
import { cityFolder, loadCity, shippedCity } from '../src/city/profile.js';
import { aroundOf } from '../src/db/synthetic.js';
import { json, log } from './common.js';
import { newDatabase, seedSyntheticCli } from './scale.js';
import { COOKIE_SECRET, startApi, type Api, type DbTarget } from './server.js';
import { percentile } from './stats.js';
import { cpuShare, cpuSnapshot, type CpuSnapshot } from './cpu-share.js';
import { startNginx, type Nginx } from '../test/support/cluster.js';

const num = (name: string, def: number) => Number(process.env[name] ?? def);
const MONUMENTS = num('BENCH_BUSY_MONUMENTS', 50_000);
const PROPOSALS = num('BENCH_BUSY_PROPOSALS', 20_000);
const VOTES = num('BENCH_BUSY_VOTES', 100_000);
const READERS = num('BENCH_BUSY_READERS', 20);
const READ_EVERY_MS = num('BENCH_BUSY_READ_EVERY_MS', 350);
const PHASE_S = {
  // Past V8's memory reducer, whose full collections come 20-30 s after a start: with 15 s they fell
  // in the reads alone and raised its p99 by up to 8 ms, so the ratios read better than the
  // server is (docs/performance.md, "A reference without the start's collections").
  warm: num('BENCH_BUSY_WARM_S', 45),
  alone: num('BENCH_BUSY_ALONE_S', 30),
  writes: num('BENCH_BUSY_WRITES_S', 60),
  attack: num('BENCH_BUSY_ATTACK_S', 60),
};
/** The warm-up's first seconds, with writes (then reads alone until the phases). */
const WARM_WRITES_S = Math.min(PHASE_S.warm, num('BENCH_BUSY_WARM_WRITES_S', 25));
const REQUEST_TIMEOUT_MS = 15_000;
/** The seconds the part takes per database at most (run.ts's budget): seeding, start, three phases. */
export const BUSY_SECONDS = 360 + PHASE_S.warm + PHASE_S.alone + PHASE_S.writes + PHASE_S.attack;

// The shipped city's area, where the synthetic data stands (src/db/synthetic.ts).
const BOX = aroundOf(loadCity(cityFolder(shippedCity())));
const CENTRE = { lat: BOX.lat, lng: BOX.lng };
const SEARCHES = [
  'lin',
  'denk',
  'gedenk',
  'brunn',
  'statue',
  'tafel',
  'kepler',
  'stift',
  'brucknerstr',
  'mozart',
  'schill',
  'donau',
];
const FILTERS = ['category=statue', 'proposals=1', 'validated=1', 'sex=female', 'category=plaque,memorial'];

type Sample = { ms: number; status: number; kind?: string; at?: number };
type Phase = 'warm' | 'alone' | 'writes' | 'attack';
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tileAt(z: number, lat: number, lng: number) {
  const n = 2 ** z;
  return `${z}/${cell(tileX(lng, n), n)}/${cell(tileY(lat, n), n)}`;
}
const randomPlace = () => ({
  lat: BOX.south + Math.random() * (BOX.north - BOX.south),
  lng: BOX.west + Math.random() * (BOX.east - BOX.west),
});
/** A place near the centre, where a city's visitors look most. */
const nearCentre = (spread: number) => ({
  lat: CENTRE.lat + (Math.random() - 0.5) * spread,
  lng: CENTRE.lng + (Math.random() - 0.5) * spread * 1.5,
});

type Data = { monuments: string[]; proposals: { id: number; monumentId: string }[] };

/** One read of a city's mix, as a path. */
function readPath(data: Data): { kind: string; path: string } {
  const r = Math.random();
  if (r < 0.3) {
    const z = pick([12, 14, 16]);
    const p = z === 12 ? randomPlace() : nearCentre(z === 14 ? 0.06 : 0.02);
    return { kind: 'tile', path: `/api/map/${tileAt(z, p.lat, p.lng)}.json` };
  }
  if (r < 0.4) {
    const p = nearCentre(0.06);
    return { kind: 'filtered tile', path: `/api/map/${tileAt(14, p.lat, p.lng)}.json?${pick(FILTERS)}` };
  }
  if (r < 0.5)
    return Math.random() < 0.5
      ? { kind: 'page', path: `/api/monuments/page?limit=20${Math.random() < 0.5 ? `&${pick(FILTERS)}` : ''}` }
      : { kind: 'page', path: `/api/interventions/page?limit=20&sort=${pick(['votes', 'newest'])}` };
  if (r < 0.65) return { kind: 'search', path: `/api/monuments/page?limit=8&q=${encodeURIComponent(pick(SEARCHES))}` };
  if (r < 0.85) return { kind: 'popup', path: `/api/interventions/${encodeURIComponent(pick(data.monuments))}` };
  return { kind: 'monument view', path: `/api/monuments/${encodeURIComponent(pick(data.monuments))}` };
}

/**
 * A client on a loopback address of its own (Linux answers all of 127.0.0.0/8), kept alive as a
 * browser's: nginx passes the address on, so each client counts as its own for the API's limits.
 */
const clientAt = (localAddress: string) => new http.Agent({ keepAlive: true, localAddress });

type Request = { agent?: http.Agent; method?: string; headers?: Record<string, string>; body?: string };
/** One request, its body read whole (as it came: a gzipped body is not unpacked); its status and headers. */
function request(url: string, r: Request = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: r.method ?? 'GET', headers: r.headers, agent: r.agent, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(r.body);
  });
}

async function timed(url: string, r: Request = {}): Promise<Sample> {
  const t0 = performance.now();
  try {
    const { status } = await request(url, r);
    return { ms: performance.now() - t0, status };
  } catch {
    return { ms: performance.now() - t0, status: 0 };
  }
}

type Run = { phase: Phase; stop: boolean };

/** A reader: one read every READ_EVERY_MS from its own address, on a fixed schedule. */
async function reader(front: string, data: Data, n: number, run: Run, samples: Map<Phase, Sample[]>) {
  const agent = clientAt(`127.51.${n >> 8}.${(n & 255) + 1}`);
  const headers = { 'accept-encoding': 'gzip' };
  let next = performance.now() + Math.random() * READ_EVERY_MS;
  while (!run.stop) {
    await sleep(Math.max(0, next - performance.now()));
    next += READ_EVERY_MS;
    if (run.stop) break;
    const phase = run.phase;
    const { kind, path } = readPath(data);
    const at = performance.now();
    samples.get(phase)!.push({ ...(await timed(front + path, { agent, headers })), kind, at });
  }
  agent.destroy();
}

/** Each write's start and time (performance.now(), ms): where the slow reads fell (`nearWrites`). */
type Write = { what: string; at: number; ms: number };
let serial = 0;
const network = () => {
  serial++;
  return `127.${16 + ((serial >> 8) & 15)}.${serial & 255}.${1 + (serial % 200)}`;
};
/** A write from a network of its own (each a /24 of its own: the limits per network count it alone). */
const post = (front: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  timed(front + path, {
    agent: new http.Agent({ localAddress: network() }),
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** The writers: votes, proposals and monuments at their rates, while `active`. */
async function writers(
  front: string,
  data: Data,
  run: Run,
  phase: Phase,
  answers: Record<string, Record<number, number>>,
  done: Write[],
  until = Number.POSITIVE_INFINITY,
) {
  const count = (what: string, s: Sample) => {
    done.push({ what, at: performance.now() - s.ms, ms: s.ms });
    answers[what] ??= {};
    answers[what][s.status] = (answers[what][s.status] ?? 0) + 1;
  };
  const every = async (ms: number, act: (i: number) => Promise<void>) => {
    let next = performance.now() + ms;
    const on = () => run.phase === phase && !run.stop && performance.now() < until;
    for (let i = 0; on(); i++) {
      await sleep(Math.max(0, next - performance.now()));
      next += ms;
      if (!on()) break;
      void act(i);
    }
  };
  const stamp = Date.now().toString(36);
  await Promise.all([
    every(500, async (i) => {
      const p = pick(data.proposals);
      const cookie = `voter=${encodeURIComponent(sign(`busy-${stamp}-${i}`, COOKIE_SECRET))}`;
      count(
        'vote',
        await post(front, `/api/interventions/${p.id}/vote`, { monumentId: p.monumentId, action: 'vote' }, { cookie }),
      );
    }),
    every(5000, async (i) => {
      const m = pick(data.monuments);
      count(
        'proposal',
        await post(front, `/api/interventions/${encodeURIComponent(m)}`, { name: `Eine Tafel zur Geschichte ${stamp} ${i}` }),
      );
    }),
    every(10_000, async (i) => {
      // Near the centre: inside the city's area (a place in its box but outside the area is refused 400).
      const p = nearCentre(0.03);
      count(
        'monument',
        await post(front, '/api/add-monument', { name: `Gedenkstein Nummer ${stamp} ${i}`, geoLocX: p.lat, geoLocY: p.lng }),
      );
    }),
  ]);
}

const WORDS = 'abcdefghijklmnopqrstuvwxyz';
/** A 49-word query within the 100 characters a search may have: short words, repeated. */
const longQuery = () => Array.from({ length: 49 }, () => WORDS[Math.floor(Math.random() * 5)]).join(' ');

/** 11 tiles of one view with a filter set of its own, as one tRPC batch GET. */
function tileBatch(): string {
  const categories = ['statue', 'plaque', 'memorial', 'bust', 'fountain', 'column', 'street', 'other'];
  const filters: Record<string, string> = {
    category: categories.filter(() => Math.random() < 0.6).join(',') || 'statue',
    q: pick(['e', 'a', 'n', 'r', 'i', 's']) + pick(['', 'e', 'n', 'r']),
  };
  const z = 13;
  const n = 2 ** z;
  const x0 = cell(tileX(CENTRE.lng, n), n) - 2;
  const y0 = cell(tileY(CENTRE.lat, n), n) - 1;
  const input: Record<string, unknown> = {};
  for (let i = 0; i < 11; i++)
    input[i] = { tile: { z: String(z), x: String(x0 + (i % 4)), y: String(y0 + Math.floor(i / 4)) }, filters };
  return `/trpc/${Array(11).fill('map.tile').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

/** The attacker: two connections from one address, a 49-word search or a tile batch each turn, waiting out 429s. */
async function attacker(front: string, run: Run, answers: Record<number, number>) {
  const agent = clientAt('127.66.0.66');
  const loop = async (path: () => string) => {
    while (run.phase === 'attack' && !run.stop) {
      const t0 = performance.now();
      try {
        const res = await request(front + path(), { agent });
        answers[res.status] = (answers[res.status] ?? 0) + 1;
        if (res.status === 429) await sleep(Math.min(10, Number(res.headers['retry-after'] ?? 1)) * 1000);
      } catch {
        answers[0] = (answers[0] ?? 0) + 1;
        await sleep(Math.max(0, 100 - (performance.now() - t0)));
      }
    }
  };
  await Promise.all([loop(() => `/api/monuments/page?limit=8&q=${encodeURIComponent(longQuery())}`), loop(tileBatch)]);
  agent.destroy();
}

/**
 * The seeded tables vacuumed before the server starts, as pgbench does before each run: else
 * PostgreSQL's autovacuum (its insert threshold, past it by 100,000 new votes) vacuums them within
 * a minute, during a phase, on the same two cores.
 */
async function vacuumed(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe('VACUUM (ANALYZE)');
  } finally {
    await sql.end();
  }
}

/** How often autovacuum and autoanalyze ran on the API's tables so far (printed after the phases). */
async function autovacuumCounts(url: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ relname: string; vacuums: number; analyzes: number }[]>`
      SELECT relname, autovacuum_count::int AS vacuums, autoanalyze_count::int AS analyzes
      FROM pg_stat_user_tables WHERE autovacuum_count + autoanalyze_count > 0 ORDER BY relname`;
    return rows.map((r) => `${r.relname} ${r.vacuums}/${r.analyzes}`).join(', ') || 'none';
  } finally {
    await sql.end();
  }
}

/** Which reads were slower than the reads alone's p99, by kind of read (where the tail comes from). */
function slowKinds(samples: Sample[], limit: number): string {
  const slow: Record<string, number> = {};
  for (const s of samples) if (s.ms > limit && s.kind) slow[s.kind] = (slow[s.kind] ?? 0) + 1;
  return JSON.stringify(slow);
}

/**
 * How many reads were slower than `limit`, and how many of them were under way during a write or
 * began within 100 ms of its answer, by the kind of write (several: each counted).
 */
function nearWrites(samples: Sample[], writes: Write[], limit: number): string {
  const slow = samples.filter((s) => s.ms > limit);
  const near: Record<string, number> = {};
  let any = 0;
  for (const s of slow) {
    const start = s.at ?? 0;
    const kinds = new Set(writes.filter((w) => w.at < start + s.ms && w.at + w.ms + 100 > start).map((w) => w.what));
    if (kinds.size > 0) any++;
    for (const k of kinds) near[k] = (near[k] ?? 0) + 1;
  }
  return `${slow.length} reads slower than ${limit.toFixed(1)} ms (1.5x the first p99), ${any} of them during a write or within 100 ms of its answer ${JSON.stringify(near)}`;
}

function phaseLine(phase: Phase, samples: Sample[], first: number, load: string) {
  const ms = samples.map((s) => s.ms);
  const failed = samples.filter((s) => s.status === 0 || s.status >= 400);
  const byStatus: Record<number, number> = {};
  for (const s of failed) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
  const p99 = percentile(ms, 0.99);
  return {
    p99,
    line:
      `${phase.padEnd(7)} reads ${String(samples.length).padStart(5)}, p50 ${percentile(ms, 0.5).toFixed(0)} ms, ` +
      `p99 ${p99.toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms, failed ${failed.length}` +
      `${failed.length ? ` ${JSON.stringify(byStatus)}` : ''}, p99 ratio ${(p99 / first).toFixed(2)}x; load average ${load}` +
      `; slower than the first p99, by kind: ${slowKinds(samples, first)}`,
  };
}

export async function benchBusy(kind: DbTarget['kind'], work: string, pg: PgServer | undefined): Promise<string[]> {
  const db = await newDatabase(kind, 'busy', work, pg);
  const t0 = performance.now();
  const seeded = seedSyntheticCli(db, [
    '--monuments',
    String(MONUMENTS),
    '--proposals',
    String(PROPOSALS),
    '--votes',
    String(VOTES),
  ]);
  log(`${kind} busy: ${seeded} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  if (db.kind === 'postgres') await vacuumed(db.url);
  let api: Api | undefined;
  let nginx: Nginx | undefined;
  const lines: string[] = [];
  try {
    const started = performance.now();
    api = await startApi(db, { rateLimit: true, realRateLimit: true, env: { LOG_LEVEL: 'info' } });
    // Ready as a balancer sees it: /readyz answers 200.
    for (let i = 0; i < 600 && (await timed(`${api.base}/readyz`)).status !== 200; i++) await sleep(100);
    log(`${kind} busy: started and ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // Every client reads and writes through nginx with the shipped configuration, as in a city.
    nginx = await startNginx({ upstreamPorts: [Number(new URL(api.base).port)] });
    // The bench's own setup, not a measured read: tried again while the server sheds it.
    const setup = async <R>(path: string): Promise<R> => {
      for (let i = 0; ; i++) {
        try {
          return await json<R>(api!.base + path);
        } catch (err) {
          if (i >= 20) throw err;
          await sleep(2000);
        }
      }
    };
    const data: Data = {
      monuments: (await setup<{ id: string }[]>('/api/monuments')).map((m) => m.id),
      proposals: (await setup<{ id: number; monumentId: string }[]>('/api/interventions/all')).map((p) => ({
        id: p.id,
        monumentId: p.monumentId,
      })),
    };
    log(`${kind} busy: ${data.monuments.length} monuments, ${data.proposals.length} proposals; load average ${loadAverage()}`);
    const samples = new Map<Phase, Sample[]>([
      ['warm', []],
      ['alone', []],
      ['writes', []],
      ['attack', []],
    ]);
    const run: Run = { phase: 'warm', stop: false };
    const loads: Record<Phase, string> = { warm: '', alone: '', writes: '', attack: '' };
    const written: Record<string, Record<number, number>> = {};
    const writesDone: Write[] = [];
    const attacked: Record<number, number> = {};
    const readers = Array.from({ length: READERS }, (_, n) => reader(nginx!.url, data, n, run, samples));
    // Each tile, filter set and page read a first time, as an instance a minute after its start has
    // (the first read of a filter set builds its matches and its cluster index): printed, not compared.
    const pid = api.child.proc.pid;
    const cpu: CpuSnapshot[] = [];
    // The bench's own event loop: a read it times late is late in the bench, not in the server.
    const benchLoop = monitorEventLoopDelay({ resolution: 1 });
    benchLoop.enable();
    const benchLoops: string[] = [];
    const benchLoopMark = (phase: Phase) => {
      benchLoops.push(
        `${phase} p99 ${(benchLoop.percentile(99) / 1e6).toFixed(1)} ms, max ${(benchLoop.max / 1e6).toFixed(1)} ms`,
      );
      benchLoop.reset();
    };
    // The warm-up's first part with the writes phase's writes: a city's server has run its write paths
    // before, and V8 compiles what runs often. Without it the writes phase was also the first time the
    // server ran them, and V8 compiled them during it, on threads beside the readers' (docs/performance.md).
    const warmWrites = writers(nginx.url, data, run, 'warm', {}, [], performance.now() + WARM_WRITES_S * 1000);
    await sleep(PHASE_S.warm * 1000);
    await warmWrites;
    loads.warm = loadAverage();
    cpu.push(cpuSnapshot(pid));
    benchLoop.reset();
    run.phase = 'alone';
    await sleep(PHASE_S.alone * 1000);
    loads.alone = loadAverage();
    cpu.push(cpuSnapshot(pid));
    benchLoopMark('alone');
    run.phase = 'writes';
    const writing = writers(nginx.url, data, run, 'writes', written, writesDone);
    await sleep(PHASE_S.writes * 1000);
    loads.writes = loadAverage();
    cpu.push(cpuSnapshot(pid));
    benchLoopMark('writes');
    run.phase = 'attack';
    const attacking = attacker(nginx.url, run, attacked);
    await sleep(PHASE_S.attack * 1000);
    loads.attack = loadAverage();
    cpu.push(cpuSnapshot(pid));
    benchLoopMark('attack');
    benchLoop.disable();
    run.stop = true;
    await Promise.all([...readers, writing, attacking]);
    const first = percentile(
      samples.get('alone')!.map((s) => s.ms),
      0.99,
    );
    lines.push(`${kind}: ${READERS} readers, one read every ${READ_EVERY_MS} ms each; ${seeded}`);
    for (const phase of ['warm', 'alone', 'writes', 'attack'] as const)
      lines.push(`  ${phaseLine(phase, samples.get(phase)!, first, loads[phase]).line}`);
    for (const [k, phase] of (['alone', 'writes', 'attack'] as const).entries())
      lines.push(`  ${phase}: ms a second on a core / waiting for one: ${cpuShare(cpu[k]!, cpu[k + 1]!)}`);
    lines.push(`  the bench's own event loop's delay: ${benchLoops.join('; ')}`);
    lines.push(`  writes phase: ${nearWrites(samples.get('writes')!, writesDone, 1.5 * first)}`);
    lines.push(`  writes answered: ${JSON.stringify(written)}`);
    const total = Object.values(attacked).reduce((a, b) => a + b, 0);
    lines.push(`  attacker: ${total} requests in ${PHASE_S.attack} s, answers ${JSON.stringify(attacked)}`);
    if (db.kind === 'postgres')
      lines.push(`  autovacuum/autoanalyze runs since the database was made: ${await autovacuumCounts(db.url)}`);
    // BENCH_BUSY_DUMP=prefix: every read and write, and the API's output (--trace-gc through
    // BENCH_NODE_ARGS), to see where the slow reads fall; the offset puts a read on a CPU profile's clock.
    const dump = process.env.BENCH_BUSY_DUMP;
    if (dump) {
      const monoOffsetUs = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
      const all = { ...Object.fromEntries(samples), writesDone, apiStartedAt: started, monoOffsetUs };
      writeFileSync(`${dump}-${kind}.json`, JSON.stringify(all));
      writeFileSync(`${dump}-${kind}.out`, api.child.output());
    }
    for (const l of lines) log(l);
    return lines;
  } finally {
    await Promise.all([nginx?.stop(), api?.stop()]);
  }
}
