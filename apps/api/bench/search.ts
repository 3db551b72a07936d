// `--only search`: all of Austria. Seeds `pnpm seed:synthetic --region austria` at 50,000
// monuments and 100,000 proposals with 1,000,000 votes (PostgreSQL) or 100,000 (PGlite) and times
// it; then, in this process on that database: how long the list snapshot, the search index and
// the cluster index take to build (and the cluster index's heap), the map tiles' sizes at zooms 7,
// 10 and 14 (plain and gzip, over tiles that hold monuments), and the server search's latency
// through the REST paths (each query new to the server, so nothing is answered from a cache of
// that query). On PostgreSQL the same searches also run as pg_trgm queries, for comparison.
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PATHS, pathOf, routes, searchWords, type Monument } from '@linz/contract';
import { sql } from 'drizzle-orm';
import type { PgServer } from '@linz/test-peers/postgres';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { monumentIndex, monumentPage } from '../src/domain/lists/finder.js';
import { clusterIndex } from '../src/domain/lists/clusters.js';
import { log } from './common.js';
import { newDatabase, seedSyntheticCli } from './scale.js';
import type { DbTarget } from './server.js';
import { percentile } from './stats.js';

const MONUMENTS = Number(process.env.BENCH_AUSTRIA_MONUMENTS ?? 50_000);
const PROPOSALS = Number(process.env.BENCH_AUSTRIA_PROPOSALS ?? 100_000);
const VOTES = { postgres: Number(process.env.BENCH_AUSTRIA_VOTES_PG ?? 1_000_000), pglite: 100_000 };
/** Tiles per zoom whose sizes are measured (evenly over those that hold monuments). */
const TILE_SAMPLE = 400;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const ms = (t0: number) => performance.now() - t0;
/** This process's CPU time in ms (the search runs in it; on a shared machine steadier than wall time). */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const summary = (values: number[], fmt: (n: number) => string) =>
  `median ${fmt(percentile(values, 0.5))}, p95 ${fmt(percentile(values, 0.95))}, max ${fmt(Math.max(...values))}`;

/** Searches as visitors type them: prefixes of names, towns and topics, umlauts, ß and case, two words, with filters. */
function searches(): string[] {
  const words = [
    'wien',
    'graz',
    'wels',
    'salzburg',
    'innsbruck',
    'villach',
    'pölten',
    'dornbirn',
    'steyr',
    'krems',
    'jägerstätter',
    'JAGERSTATTER',
    'kepler',
    'stifter',
    'bruckner',
    'suttner',
    'leichter',
    'jochmann',
    'hainisch',
    'schütte',
    'straße',
    'strasse',
    'gedenktafel',
    'büste',
    'brunnen',
    'pestsäule',
    'friedensglocke',
    'donaulände',
    'größ',
    'grossauer',
    'schöß',
    'fröhlich',
    'märzenkeller',
    'schloßberg',
    'rosengarten',
    'tabakfabrik',
    'trümmerfrauen',
  ];
  const out = new Set<string>();
  for (const w of words) for (const n of [3, 5, w.length]) out.add(w.slice(0, n));
  for (let i = 0; i + 1 < words.length; i += 2) out.add(`${words[i]} ${words[i + 1]}`);
  return [...out];
}

async function timeSeed(kind: DbTarget['kind'], work: string, pg: PgServer | undefined): Promise<{ db: DbTarget; line: string }> {
  const db = await newDatabase(kind, 'austria', work, pg);
  const args = ['--region', 'austria', '--monuments', String(MONUMENTS), '--proposals', String(PROPOSALS)];
  const t0 = performance.now();
  const out = seedSyntheticCli(db, [...args, '--votes', String(VOTES[kind])]);
  const line = `${kind} seed:synthetic ${args.join(' ')} --votes ${VOTES[kind]}: ${(ms(t0) / 1000).toFixed(1)} s wall (the command's own line: ${out})`;
  log(line);
  return { db, line };
}

/** pg_trgm over the same folded texts: the alternative to the in-memory search, measured alike. */
async function trigramSearch(database: Database, list: readonly Monument[], queries: string[]): Promise<string> {
  const index = monumentIndex(list);
  await database.rows(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await database.rows(sql`DROP TABLE IF EXISTS bench_search`);
  await database.rows(sql`CREATE TABLE bench_search (idx integer PRIMARY KEY, hay text NOT NULL)`);
  const order = index.matching({});
  for (let start = 0; start < order.length; start += 2000) {
    // idx: the position in the list's order, so `ORDER BY idx` is the page's order.
    const rows = Array.from(order.subarray(start, start + 2000), (i, k) => sql`(${start + k}, ${index.textAt(i)})`);
    await database.rows(sql`INSERT INTO bench_search (idx, hay) VALUES ${sql.join(rows, sql`, `)}`);
  }
  const t0 = performance.now();
  await database.rows(sql`CREATE INDEX bench_search_trgm ON bench_search USING gin (hay gin_trgm_ops)`);
  const built = ms(t0);
  await database.rows(sql`ANALYZE bench_search`);
  const times: number[] = [];
  for (const q of queries) {
    const where = sql.join(
      searchWords(q).map((w) => sql`hay LIKE ${`%${w}%`}`),
      sql` AND `,
    );
    const t = performance.now();
    // A page (the first 50 by the list's order) and the count, as the REST page answers.
    await database.rows(sql`SELECT idx FROM bench_search WHERE ${where} ORDER BY idx LIMIT 50`);
    await database.rows(sql`SELECT count(*) FROM bench_search WHERE ${where}`);
    times.push(ms(t));
  }
  await database.rows(sql`DROP TABLE bench_search`);
  return `pg_trgm (GIN index built in ${built.toFixed(0)} ms), page + count per query: ${summary(times, (n) => `${n.toFixed(1)} ms`)}`;
}

export async function benchSearch(kind: DbTarget['kind'], work: string, pg: PgServer | undefined): Promise<string[]> {
  const lines: string[] = [];
  const { db, line } = await timeSeed(kind, work, pg);
  lines.push(line);
  const env = {
    LOG_LEVEL: 'warn',
    COOKIE_SECRET: 'bench-secret-bench-secret-bench-secret-0001',
    ...(db.kind === 'postgres' ? { DATABASE_URL: db.url, DATA_DIR: work } : { DATA_DIR: db.dataDir }),
  };
  const database = await openDatabase(db.kind === 'postgres' ? { databaseUrl: db.url } : { dataDir: db.dataDir });
  const app = await buildApp(
    loadConfig(env, {
      webDist: '/nonexistent',
      limits: { requestsPerMinute: 0 },
      // Measures the work, not the shedding: a first tile after a build may take longer than the deadline.
      pressure: { maxEventLoopDelayMs: 60_000, requestDeadlineMs: 0 },
    }),
    { database },
  );
  try {
    const say = (s: string) => {
      log(`${kind} ${s}`);
      lines.push(`${kind} ${s}`);
    };
    let t0 = performance.now();
    const list = (await app.services.lists.monuments.get()).data;
    say(`monument list snapshot (${list.length} monuments, from the database and validated): ${ms(t0).toFixed(0)} ms`);
    t0 = performance.now();
    const proposals = (await app.services.lists.proposals.get()).data;
    say(`proposal list snapshot (${proposals.length} proposals): ${ms(t0).toFixed(0)} ms`);
    t0 = performance.now();
    monumentIndex(list);
    say(`search index (folded texts, name order): ${ms(t0).toFixed(0)} ms`);
    const before = heapMb();
    t0 = performance.now();
    const kept = clusterIndex(list);
    const buildMs = ms(t0);
    say(`cluster index (supercluster, zooms 0 to 18): ${buildMs.toFixed(0)} ms, heap ${(heapMb() - before).toFixed(1)} MB`);
    void kept;
    t0 = performance.now();
    clusterIndex(list.filter((m) => !m.validated));
    say(`cluster index of the not yet reviewed (validated=0): ${ms(t0).toFixed(0)} ms`);

    // Tile sizes over tiles that hold monuments (every k-th of them).
    for (const z of [7, 10, 14]) {
      const n = 2 ** z;
      const tiles = new Set<string>();
      for (const m of list) {
        const sin = Math.sin((m.geoLocX * Math.PI) / 180);
        const x = Math.floor(((m.geoLocY + 180) / 360) * n);
        const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
        tiles.add(`${x}/${y}`);
      }
      const all = [...tiles].sort();
      const step = Math.max(1, Math.floor(all.length / TILE_SAMPLE));
      const plain: number[] = [];
      const gz: number[] = [];
      const firstMs: number[] = [];
      let features = 0;
      for (let i = 0; i < all.length; i += step) {
        const [x, y] = (all[i] as string).split('/');
        const url = pathOf(routes.mapTile.path, { z, x: x as string, y: y as string });
        const t = performance.now();
        const p = await app.inject({ url });
        firstMs.push(ms(t));
        const g = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
        if (p.statusCode !== 200 || g.statusCode !== 200) throw new Error(`${url}: ${p.statusCode} ${p.body}`);
        plain.push(p.rawPayload.length);
        gz.push(g.rawPayload.length);
        const body = JSON.parse(p.body) as { clusters: unknown[]; monuments: unknown[] };
        features = Math.max(features, body.clusters.length + body.monuments.length);
      }
      say(
        `z=${z}: ${all.length} tiles hold monuments, ${plain.length} measured; gzip ${summary(gz, kib)}; plain ${summary(plain, kib)}; ` +
          `at most ${features} clusters and monuments in one; first answer ${summary(firstMs, (v) => `${v.toFixed(1)} ms`)}`,
      );
    }

    // Server search through the REST paths: each query new to the server (no cached result for it).
    const queries = searches();
    let cpu: number[] = [];
    const time = async (url: string) => {
      const [t, c] = [performance.now(), cpuMs()];
      const res = await app.inject({ url });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      cpu.push(cpuMs() - c);
      return ms(t);
    };
    const cpuSummary = () => {
      const line = `; CPU ${summary(cpu, (v) => `${v.toFixed(1)} ms`)}`;
      cpu = [];
      return line;
    };
    const monumentsMs: number[] = [];
    for (const q of queries) monumentsMs.push(await time(`${PATHS.monumentsPage}?limit=50&q=${encodeURIComponent(q)}`));
    say(
      `search GET /api/monuments/page?q=… (${queries.length} queries): wall ${summary(monumentsMs, (v) => `${v.toFixed(1)} ms`)}${cpuSummary()}`,
    );
    const filteredMs: number[] = [];
    for (const q of queries)
      filteredMs.push(await time(`${PATHS.monumentsPage}?limit=50&sex=female,mixed&validated=1&q=${encodeURIComponent(q)}`));
    say(
      `search with filters (sex=female,mixed&validated=1&q=…): wall ${summary(filteredMs, (v) => `${v.toFixed(1)} ms`)}${cpuSummary()}`,
    );
    const proposalsMs: number[] = [];
    for (const q of queries) proposalsMs.push(await time(`${PATHS.proposalsPage}?limit=50&q=${encodeURIComponent(q)}`));
    say(
      `search GET /api/interventions/page?q=… (${queries.length} queries, the first builds the proposal index): ` +
        `wall ${summary(proposalsMs, (v) => `${v.toFixed(1)} ms`)}${cpuSummary()}`,
    );
    const tileMs: number[] = [];
    for (const q of queries.slice(0, 40))
      tileMs.push(await time(`${pathOf(routes.mapTile.path, { z: 7, x: 69, y: 44 })}?q=${encodeURIComponent(q)}`));
    say(
      `a z=7 tile with a new q (filter and cluster index built for it): wall ${summary(tileMs, (v) => `${v.toFixed(1)} ms`)}${cpuSummary()}`,
    );
    // The search itself, without HTTP, validation and serialisation: a copy of the list is a new
    // snapshot to the finder, so each query is new to it too (what pg_trgm below is compared with).
    const copy = [...list];
    monumentIndex(copy);
    const coreMs: number[] = [];
    for (const q of queries) {
      const [t, c] = [performance.now(), cpuMs()];
      monumentPage(monumentIndex(copy), { q }, { limit: 50 });
      coreMs.push(ms(t));
      cpu.push(cpuMs() - c);
    }
    say(
      `in-memory search alone (matches, total and a page of 50): wall ${summary(coreMs, (v) => `${v.toFixed(1)} ms`)}${cpuSummary()}`,
    );
    if (kind === 'postgres') say(await trigramSearch(database, list, queries));
  } finally {
    await app.close();
    await database.close();
  }
  return lines;
}
