// Speed where a city runs it, as rows of the main table and a memory table:
// - reads through the shipped nginx configuration (deploy/nginx/denkmal.conf, test/support/cluster.ts)
//   with its cache, to three instances on PostgreSQL, beside the same nginx serving the same bytes
//   from a file (a second server block in its http block), in alternating slices of the same run:
//   GET /api/monuments with gzip (as browsers ask) and the map data tile over the city's centre;
// - what request logging costs one process on PGlite: LOG_LEVEL=info (the default) against warn;
// - resident memory (VmRSS) of one process at rest after its start and after a load run, on both
//   databases, as a city runs it: the built bundle under plain node, its settings from the
//   environment (test/support/built.ts, as test/ops/memory.test.ts).
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cell, tileX, tileY } from '@linz/contract/mercator';
import { cityFolder, loadCity, shippedCity } from '../src/city/profile.js';
import { buildBundle, startBuilt } from '../test/support/built.js';
import { accessLines, startCluster } from '../test/support/cluster.js';
import { freePort, startPostgres, type PgServer } from '@linz/test-peers/postgres';
import { fmtGet, log, RATE_LIMIT, ROUNDS, SLICE, THREADS, WARMUP } from './common.js';
import { startApi, type Api, type DbTarget } from './server.js';
import type { MemoryRow, Row } from './table.js';
import { compareGets, CONNECTIONS, loadGet } from './wrk.js';

/** The data tile where the shipped city's map opens, at the zoom a phone opens it with. */
const TILE_Z = 13;
const { view: CENTRE, name: CITY_NAME } = loadCity(cityFolder(shippedCity()));
const N = 2 ** TILE_Z;
const TILE = `/api/map/${TILE_Z}/${cell(tileX(CENTRE.lng, N), N)}/${cell(tileY(CENTRE.lat, N), N)}.json`;

const GZIP = 'Accept-Encoding: gzip';
const JSON_TYPE = 'application/json; charset=utf-8';
const CASES = [
  { name: 'GET /api/monuments (gzip)', path: '/api/monuments', gzip: true },
  { name: `GET /api/map/{z}/{x}/{y}.json (${CITY_NAME.en}, z${TILE_Z})`, path: TILE, gzip: false },
];
/** The memory part's load run: a few seconds of each, with gzip. */
const MEMORY_LOAD = ['/api/monuments', '/api/interventions/all', TILE, '/api/monuments.geojson', '/api/stats'];
const MEMORY_LOAD_SECONDS = 3;

/** A GET as wrk sends it: status, headers and the exact bytes (fetch would undo the gzip). */
function rawGet(url: string, gzip: boolean): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: gzip ? { 'accept-encoding': 'gzip' } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (b: Buffer) => chunks.push(b));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const rssMb = (pid: number | undefined) =>
  Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** Reads through nginx and its cache to three instances, beside nginx serving the same bytes from files. */
async function throughNginx(pg: PgServer, work: string, rows: Row[]): Promise<void> {
  // nginx's workers run as `nobody` (the master is root here): the files' folder is readable to them.
  const root = path.join(work, 'files');
  mkdirSync(root);
  chmodSync(work, 0o755);
  const refPort = await freePort();
  const locations = CASES.map((c) => `    location = ${c.path} {${c.gzip ? ' add_header Content-Encoding gzip;' : ''} }`);
  const cluster = await startCluster({
    databaseUrl: pg.url(),
    // The default log level, as a city runs them; limits out of reach (the load comes from one address).
    env: { LOG_LEVEL: 'info' },
    options: {
      limits: { requestsPerMinute: 0, createsPer5Minutes: 1_000_000, votesPerIpPerProposal: 1_000_000 },
      pressure: { maxEventLoopDelayMs: 0 },
    },
    extraHttp: `  server {
    listen 127.0.0.1:${refPort};
    access_log ${work}/files-access.log denkmal;
    root ${root};
    types { }
    default_type "${JSON_TYPE}";
${locations.join('\n')}
  }`,
  });
  try {
    const ref = `http://127.0.0.1:${refPort}`;
    const through = `nginx (cache) -> ${cluster.instances.length} instances`;
    const before = accessLines(cluster.accessLog).length;
    for (const c of CASES) {
      const a = await rawGet(cluster.url + c.path, c.gzip);
      const encoding = a.headers['content-encoding'];
      if (a.status !== 200 || a.headers['content-type'] !== JSON_TYPE || (encoding === 'gzip') !== c.gzip)
        throw new Error(`GET ${c.path} through nginx: ${a.status}, ${a.headers['content-type']}, encoding ${encoding}`);
      const file = path.join(root, c.path);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, a.body);
      const r = await rawGet(ref + c.path, c.gzip);
      if (r.status !== 200 || !r.body.equals(a.body) || r.headers['content-encoding'] !== encoding)
        throw new Error(`GET ${c.path} from nginx's file: ${r.status}, ${r.body.length} bytes, not the API's ${a.body.length}`);
      log(`postgres ${c.path}: ${a.body.length} bytes${c.gzip ? ' (gzip)' : ''}`);

      const headers = c.gzip ? [GZIP] : [];
      await loadGet(cluster.url + c.path, WARMUP, THREADS, CONNECTIONS, headers);
      await loadGet(ref + c.path, WARMUP, THREADS, CONNECTIONS, headers);
      const [api, f] = await compareGets(cluster.url + c.path, ref + c.path, SLICE, ROUNDS, THREADS, headers);
      log(`postgres ${through} ${c.path}: ${fmtGet(api)}`);
      log(`postgres nginx file ${c.path}: ${fmtGet(f)}`);
      const ratio = api.rps / f.rps;
      rows.push({
        case: `${c.name}, ${through}`,
        db: 'postgres',
        rps: api.rps,
        p99: api.p99,
        reference: `nginx, the same ${a.body.length} bytes from a file`,
        refRps: f.rps,
        refP99: f.p99,
        ratio,
        target: '>= 0.8x',
        ok: api.errors === 0 && api.non2xx === 0 && ratio >= 0.8,
      });
    }
    // How the instances were spared: nginx's cache statuses over the run.
    const statuses: Record<string, number> = {};
    for (const l of accessLines(cluster.accessLog).slice(before)) statuses[l.cache] = (statuses[l.cache] ?? 0) + 1;
    log(`postgres nginx cache statuses over the run: ${JSON.stringify(statuses)}`);
  } finally {
    await cluster.stop();
  }
}

/** Two API processes started together; the one that did start is stopped if the other fails. */
async function startBoth(a: () => Promise<Api>, b: () => Promise<Api>): Promise<[Api, Api]> {
  const [x, y] = await Promise.allSettled([a(), b()]);
  if (x.status === 'fulfilled' && y.status === 'fulfilled') return [x.value, y.value];
  await Promise.all([x, y].map((s) => (s.status === 'fulfilled' ? s.value.stop() : Promise.resolve())));
  throw x.status === 'rejected' ? x.reason : (y as PromiseRejectedResult).reason;
}

/** What request logging costs one process on PGlite: the same read at LOG_LEVEL=info and at warn. */
async function logging(work: string, rows: Row[]): Promise<void> {
  // Two processes, each on its own folder (PGlite: one process per folder), measured in turns.
  const start = (level: string) =>
    startApi({ kind: 'pglite', dataDir: path.join(work, `log-${level}`) }, { rateLimit: RATE_LIMIT, env: { LOG_LEVEL: level } });
  const [info, warn] = await startBoth(
    () => start('info'),
    () => start('warn'),
  );
  try {
    const p = '/api/monuments';
    await loadGet(info.base + p, WARMUP, THREADS, CONNECTIONS, [GZIP]);
    await loadGet(warn.base + p, WARMUP, THREADS, CONNECTIONS, [GZIP]);
    const [a, b] = await compareGets(info.base + p, warn.base + p, SLICE, ROUNDS, THREADS, [GZIP]);
    log(`pglite LOG_LEVEL=info ${p}: ${fmtGet(a)}`);
    log(`pglite LOG_LEVEL=warn ${p}: ${fmtGet(b)}`);
    const ratio = a.rps / b.rps;
    rows.push({
      case: `GET ${p} (gzip), one process, LOG_LEVEL=info (a line per request)`,
      db: 'pglite',
      rps: a.rps,
      p99: a.p99,
      reference: 'the same at LOG_LEVEL=warn',
      refRps: b.rps,
      refP99: b.p99,
      ratio,
      target: '>= 0.75x (logging <= 25%)',
      ok: a.errors === 0 && a.non2xx === 0 && ratio >= 0.75,
    });
  } finally {
    await Promise.all([info.stop(), warn.stop()]);
  }
}

/** VmRSS of one built server at the default log level: at rest after its start, and after a load run. */
async function memory(bundle: string, db: DbTarget, rows: MemoryRow[]): Promise<void> {
  // Its visitors come through a proxy from many addresses (wrk-get-clients.lua): the limits keep their defaults.
  const where = db.kind === 'postgres' ? { DATABASE_URL: db.url } : { DATA_DIR: db.dataDir };
  const api = await startBuilt(bundle, { ...where, TRUST_PROXY: '1' });
  try {
    await sleep(5_000);
    const rest = rssMb(api.child.proc.pid);
    for (const p of MEMORY_LOAD) {
      const r = await loadGet(api.url + p, MEMORY_LOAD_SECONDS, THREADS, CONNECTIONS, [GZIP], true);
      log(`${db.kind} memory load ${p}: ${fmtGet(r)}`);
      if (r.non2xx || r.errors) throw new Error(`${db.kind} memory load: GET ${p} failed`);
    }
    await sleep(2_000);
    const loaded = rssMb(api.child.proc.pid);
    log(`${db.kind} VmRSS: ${rest.toFixed(0)} MB at rest, ${loaded.toFixed(0)} MB after the load run`);
    rows.push({
      case: 'one API process, node dist/server.js, LOG_LEVEL=info',
      db: db.kind,
      rest,
      loaded,
      load: `wrk ${MEMORY_LOAD_SECONDS} s each: ${MEMORY_LOAD.map((p) => (p === TILE ? 'a tile' : p)).join(', ')}`,
    });
  } finally {
    await api.stop();
  }
}

/** The city part: PGlite's logging and memory, PostgreSQL's reads through nginx and memory (as `dbs` asks). */
export async function benchCity(
  dbs: DbTarget['kind'][],
  rows: Row[],
  memoryRows: MemoryRow[],
  atExit: (cleanup: () => unknown) => void,
): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'denkmal-bench-city-'));
  // The bundle inside apps/api (.tmp/, ignored by git), so that it finds its npm packages.
  const bundle = path.resolve(import.meta.dirname, '..', '.tmp', `bench-bundle-${process.pid}`);
  atExit(() => rmSync(work, { recursive: true, force: true }));
  atExit(() => rmSync(bundle, { recursive: true, force: true }));
  buildBundle(bundle);
  try {
    if (dbs.includes('pglite')) {
      await logging(work, rows);
      await memory(bundle, { kind: 'pglite', dataDir: path.join(work, 'memory') }, memoryRows);
    }
    if (dbs.includes('postgres')) {
      const pg = await startPostgres();
      atExit(() => pg.destroy());
      try {
        await throughNginx(pg, work, rows);
        await memory(bundle, { kind: 'postgres', url: pg.url() }, memoryRows);
      } finally {
        pg.destroy();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(bundle, { recursive: true, force: true });
  }
}
