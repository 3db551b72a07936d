// Speed where a city runs it (issue 28), the bench's main table with the votes (run.ts):
// - reads through the shipped nginx configuration (deploy/nginx/linz.conf) to the instances (three
//   on PostgreSQL, the one process on PGlite) beside nginx serving the same bytes from a file, in
//   the same run: the two public lists and a map data tile over Linz;
// - what request logging costs one process on PGlite: LOG_LEVEL=info (the default) against warn;
// - resident memory (VmRSS) of the built server at rest after its start and after a load run.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { cell, tileX, tileY } from '@linz/contract/mercator';
import { freePort, type PgServer } from '../test/postgres-server.js';
import { startChild, stopChild, type Child } from './children.js';
import { NGINX, requireNginx, startCluster } from './cluster.js';
import { fmtGet, log, RATE_LIMIT, ROUNDS, SLICE, THREADS, WARMUP } from './common.js';
import { COOKIE_SECRET, startApi, type DbTarget } from './server.js';
import { compareGets, loadGet } from './wrk.js';

/** One line of the main table: every cell as it is printed. */
export type CityRow = { case: string; db: string; figure: string; reference: string; ratio: string; target: string; ok: boolean };

/** The data tile over Linz's centre at the zoom a phone opens the map with. */
const TILE_Z = 13;
const LINZ = { lat: 48.3059, lng: 14.2862 };
export function linzTile(): string {
  const n = 2 ** TILE_Z;
  return `/api/map/${TILE_Z}/${cell(tileX(LINZ.lng, n), n)}/${cell(tileY(LINZ.lat, n), n)}.json`;
}

/** The budget of one process's resident memory on PGlite (issue 28; test/memory.test.ts asserts it). */
export const RSS_BUDGET_MB = 350;

/** The limits out of reach, as for the single API (server.ts): the load comes from one address. */
const CITY_ENV = {
  COOKIE_SECRET,
  LOG_LEVEL: 'info',
  LIMIT_REQUESTS_PER_MINUTE: RATE_LIMIT ? '1000000000' : '0',
  LIMIT_CREATES_PER_5_MINUTES: '1000000000',
  LIMIT_VOTES_PER_IP_PER_INTERVENTION: '1000000000',
  WEB_DIST: '/nonexistent',
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
};

/** A GET as wrk sends it (no Accept-Encoding): status and the exact bytes. */
function plainGet(url: string): Promise<{ status: number; body: Buffer; type: string }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (b: Buffer) => chunks.push(b));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), type: String(res.headers['content-type']) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** nginx (same binary, one worker, an access log as the proxy's) serving files at their URL paths. */
async function fileNginx(dir: string, files: Map<string, Buffer>): Promise<{ url: string; child: Child }> {
  requireNginx();
  // nginx's workers run as `nobody` when the master is root: they pass through the run's folder.
  mkdirSync(dir, { recursive: true });
  chmodSync(path.dirname(dir), 0o711);
  const root = path.join(dir, 'files');
  for (const [p, body] of files) {
    mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    writeFileSync(path.join(root, p), body);
  }
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  log_format files '$remote_addr [$time_iso8601] "$request" $status $body_bytes_sent rt=$request_time';
  access_log ${dir}/access.log files;
  server {
    listen 127.0.0.1:${port};
    location / { root ${root}; types { } default_type 'application/json; charset=utf-8'; }
  }
}
`,
  );
  const child = startChild(NGINX, {}, ['-p', dir, '-c', conf], [], { raw: true });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if ((await plainGet(`${url}${[...files.keys()][0]}`).catch(() => ({ status: 0 }))).status === 200) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopChild(child);
  throw new Error(`nginx serving files did not start:\n${child.output()}`);
}

/** Reads through nginx to the instances, beside nginx serving the same bytes from files. */
export async function benchThroughNginx(
  kind: DbTarget['kind'],
  work: string,
  pg: PgServer | undefined,
  fill: (base: string) => Promise<unknown>,
  rows: CityRow[],
): Promise<void> {
  const cluster = await startCluster(
    pg ? { databaseUrl: pg.url(), env: CITY_ENV } : { dataDir: path.join(work, 'city-data'), env: CITY_ENV },
  );
  let files: { url: string; child: Child } | undefined;
  try {
    await fill(cluster.url);
    const paths = ['/api/monuments', '/api/interventions/all', linzTile()];
    const bodies = new Map<string, Buffer>();
    for (const p of paths) {
      const a = await plainGet(cluster.url + p);
      if (a.status !== 200) throw new Error(`GET ${p} through nginx: ${a.status}`);
      bodies.set(p, a.body);
      log(`${kind} ${p}: ${a.body.length} bytes`);
    }
    files = await fileNginx(path.join(work, 'file-nginx'), bodies);
    const through = kind === 'postgres' ? `nginx -> ${cluster.instances.length} instances` : 'nginx -> the instance';
    for (const p of paths) {
      await loadGet(cluster.url + p, WARMUP, THREADS);
      await loadGet(files.url + p, WARMUP, THREADS);
      const [a, f] = await compareGets(cluster.url + p, files.url + p, SLICE, ROUNDS, THREADS);
      log(`${kind} ${through} GET ${p}: ${fmtGet(a)}`);
      log(`${kind} nginx file GET ${p}: ${fmtGet(f)}`);
      const ratio = a.rps / f.rps;
      rows.push({
        case: `GET ${p.startsWith('/api/map/') ? '/api/map/{z}/{x}/{y}.json (Linz, z13)' : p}, ${through}`,
        db: kind,
        figure: `${a.rps.toFixed(0)} req/s, p99 ${a.p99.toFixed(1)} ms`,
        reference: `nginx, the same ${bodies.get(p)!.length} bytes from a file: ${f.rps.toFixed(0)} req/s, p99 ${f.p99.toFixed(1)} ms`,
        ratio: `${ratio.toFixed(2)}x`,
        target: '>= 0.8x',
        ok: a.errors === 0 && a.non2xx === 0 && ratio >= 0.8,
      });
    }
    // How the instances were spared: nginx's cache statuses over the whole run.
    const statuses: Record<string, number> = {};
    for (const line of readFileSync(cluster.accessLog, 'utf8').split('\n')) {
      const m = /cache="([^"]*)"$/.exec(line);
      if (m) statuses[m[1]!] = (statuses[m[1]!] ?? 0) + 1;
    }
    log(`${kind} nginx cache statuses over the run: ${JSON.stringify(statuses)}`);
  } finally {
    await stopChild(files?.child);
    await cluster.stop();
  }
}

/** What request logging costs one process on PGlite: the same read at LOG_LEVEL=info and at warn. */
export async function benchLogging(work: string, fill: (base: string) => Promise<unknown>, rows: CityRow[]): Promise<void> {
  // Two processes, each on its own folder (PGlite: one process per folder), measured in turns.
  const start = (level: string) =>
    startApi(
      { kind: 'pglite', dataDir: path.join(work, `log-${level}`) },
      { rateLimit: RATE_LIMIT, built: true, env: { LOG_LEVEL: level } },
    );
  const info = await start('info');
  const warn = await start('warn').catch(async (err: unknown) => {
    await info.stop();
    throw err;
  });
  try {
    await Promise.all([fill(info.base), fill(warn.base)]);
    // Through Fastify's pipeline: http/fast-reads.ts answers the bare path beside it while it
    // exists; a query string sends the read through Fastify, as every read once that is gone.
    const p = '/api/monuments?through=fastify';
    await loadGet(info.base + p, WARMUP, THREADS);
    await loadGet(warn.base + p, WARMUP, THREADS);
    const [a, b] = await compareGets(info.base + p, warn.base + p, SLICE, ROUNDS, THREADS);
    log(`pglite LOG_LEVEL=info GET ${p}: ${fmtGet(a)}`);
    log(`pglite LOG_LEVEL=warn GET ${p}: ${fmtGet(b)}`);
    const cost = 1 - a.rps / b.rps;
    rows.push({
      case: 'GET /api/monuments, one process, LOG_LEVEL=info (one line per request)',
      db: 'pglite',
      figure: `${a.rps.toFixed(0)} req/s, p99 ${a.p99.toFixed(1)} ms`,
      reference: `the same at LOG_LEVEL=warn: ${b.rps.toFixed(0)} req/s, p99 ${b.p99.toFixed(1)} ms`,
      ratio: `logging costs ${(100 * cost).toFixed(0)} %`,
      target: '<= 25 %',
      ok: a.errors === 0 && a.non2xx === 0 && cost <= 0.25,
    });
  } finally {
    await Promise.all([info.stop(), warn.stop()]);
  }
}

/** VmRSS of a process in MB. */
function rssMb(pid: number | undefined): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1]) / 1024;
}

/** Resident memory of the built server at its default log level: at rest after its start (a fresh folder on PGlite), and after a load run. */
export async function benchMemory(
  kind: DbTarget['kind'],
  work: string,
  pg: PgServer | undefined,
  fill: (base: string) => Promise<unknown>,
  rows: CityRow[],
): Promise<void> {
  const db: DbTarget = pg ? { kind: 'postgres', url: pg.url() } : { kind: 'pglite', dataDir: path.join(work, 'memory-data') };
  const api = await startApi(db, { rateLimit: RATE_LIMIT, built: true, env: { LOG_LEVEL: 'info' } });
  try {
    await new Promise((r) => setTimeout(r, 5_000));
    const rest = rssMb(api.child.proc.pid);
    await fill(api.base);
    for (const p of ['/api/monuments', '/api/interventions/all', linzTile(), '/api/monuments.geojson', '/api/stats'])
      await loadGet(api.base + p, 4, THREADS);
    await new Promise((r) => setTimeout(r, 2_000));
    const loaded = rssMb(api.child.proc.pid);
    log(`${kind} VmRSS: ${rest.toFixed(0)} MB at rest, ${loaded.toFixed(0)} MB after the load run`);
    const budget = kind === 'pglite' ? `< ${RSS_BUDGET_MB} MB` : '-';
    rows.push({
      case: 'resident memory (VmRSS) of one process, at rest after its start',
      db: kind,
      figure: `${rest.toFixed(0)} MB`,
      reference: '-',
      ratio: '-',
      target: budget,
      ok: kind !== 'pglite' || rest < RSS_BUDGET_MB,
    });
    rows.push({
      case: 'the same after a load run (reads of lists, a tile, exports, stats; 100 proposals added)',
      db: kind,
      figure: `${loaded.toFixed(0)} MB`,
      reference: '-',
      ratio: '-',
      target: '-',
      ok: true,
    });
  } finally {
    await api.stop();
  }
}

export function printCity(rows: CityRow[]): void {
  const head = ['case', 'db', 'measured', 'reference (same run)', 'ratio', 'target', 'ok?'];
  const body = rows.map((r) => [r.case, r.db, r.figure, r.reference, r.ratio, r.target, r.ok ? 'ok' : 'MISS']);
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
  for (const b of body) console.log(`| ${b.join(' | ')} |`);
}
