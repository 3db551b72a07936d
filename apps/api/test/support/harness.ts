// Test helpers: a fresh, migrated and seeded database per test (PGlite or PostgreSQL, chosen by
// the vitest project), an app built on it, and contract checks for answers.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { ReservedSql } from 'postgres';
import { inject } from 'vitest';
import { expect } from 'vitest';
import { Intervention, pathOf, routes } from '@linz/contract';
import type { z } from 'zod';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig, SETTINGS, type Config, type ConfigOptions } from '../../src/config.js';
import { openDatabase, PGLITE_START_PARAMS, type Database } from '../../src/db/client.js';
import { commemorationRows, seedRows } from '../../src/db/seed.js';
import { LOOPBACK_VOTES_ENV } from './server.js';

/** The seed's markers: the 42 and the register's streets with a sourced point that the 42 lack (129). */
export const PLACED_SEED = (() => {
  const { city } = loadConfig({});
  const seed = new Set(seedRows(city).map((r) => r.id));
  return seed.size + commemorationRows(city).filter((r) => r.lat !== null && !seed.has(r.id)).length;
})();

export const DB_KIND = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** The run's seeded PGlite database (global-pglite.ts), read once per test file. */
let pgliteDump: Blob | undefined;

/** A copy of the run's seeded database in memory, started as a server starts PGlite. */
async function freshPglite(): Promise<Database> {
  pgliteDump ??= new Blob([readFileSync(inject('pgliteDump'))]);
  return openDatabase({ pglite: await PGlite.create({ loadDataDir: pgliteDump, startParams: PGLITE_START_PARAMS }) });
}

let counter = 0;
/** A new database for one test; on PostgreSQL a copy of the seeded template. */
export async function freshDatabase(statementTimeoutMs?: number): Promise<{ database: Database; url?: string }> {
  if (DB_KIND === 'pglite') return { database: await freshPglite() };
  const adminUrl = inject('pgUrl');
  const name = `t_${process.pid}_${Date.now()}_${counter++}`;
  const admin = await openDatabase({ databaseUrl: adminUrl, poolSize: 1 });
  await admin.rows(sql.raw(`CREATE DATABASE ${name} TEMPLATE linz_template`));
  await admin.close();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  return {
    database: await openDatabase({ databaseUrl: url, poolSize: 20, ...(statementTimeoutMs ? { statementTimeoutMs } : {}) }),
    url,
  };
}

/** Removes the run's seed (monuments, street register and their markers): a database no city has started on. */
export async function unseed(database: Database): Promise<void> {
  await database.rows(sql`DELETE FROM monuments`);
  await database.rows(sql`DELETE FROM street_names`);
  await database.rows(sql`DELETE FROM app_secrets WHERE name IN ('seeded', 'seeded-streets', 'seeded-ids')`);
}

/**
 * Holds a lock until the returned function is called, so that what needs it waits: on PostgreSQL
 * another session takes it (`lock` runs in that session's open transaction); on PGlite (one
 * connection) an open transaction holds the whole database.
 */
export async function holdLock(
  t: { url?: string | undefined; database: Database },
  lock: (session: ReservedSql) => Promise<unknown>,
): Promise<() => Promise<void>> {
  if (DB_KIND === 'postgres') {
    if (!t.url) throw new Error('no PostgreSQL url');
    const { default: postgres } = await import('postgres');
    const blocker = postgres(t.url, { max: 1, onnotice: () => {} });
    const reserved = await blocker.reserve();
    await reserved`BEGIN`;
    await lock(reserved);
    return async () => {
      await reserved`COMMIT`;
      reserved.release();
      await blocker.end();
    };
  }
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let begun!: () => void;
  const started = new Promise<void>((r) => (begun = r));
  const tx = t.database.db.transaction(async () => {
    begun();
    await released;
  });
  await started;
  return async () => {
    release();
    await tx;
  };
}

/**
 * The settings of a server process on a copy of the seeded database: a new DATA_DIR (removed by
 * `remove`) holding a copy of the run's PGlite folder, or, on PostgreSQL, with the URL of a copy.
 * A first start on an empty folder (initdb, migrations, seed) is tested on its own (ops.test.ts).
 */
export async function freshDataDir(
  label: string,
  { empty = false }: { /** PGlite: a folder nothing has started in yet. */ empty?: boolean } = {},
): Promise<{ env: Record<string, string>; remove: () => void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `linz-${label}-`));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  if (DB_KIND === 'pglite') {
    if (!empty) cpSync(inject('pgliteFolder'), path.join(dataDir, 'pglite'), { recursive: true });
    return { env: { DATA_DIR: dataDir }, remove };
  }
  const { database, url } = await freshDatabase();
  await database.close();
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url ?? '' }, remove };
}

/** A scratch DATA_DIR per test run, so e-mails written as files stay out of the repository. */
const scratchDir = mkdtempSync(path.join(tmpdir(), 'linz-test-'));

/** What tests run with unless they say otherwise (config.ts DEFAULTS for the rest). */
export const TEST_OPTIONS = {
  limits: { requestsPerMinute: 0, createsPer5Minutes: 100_000, votesPerIpPerProposal: 100_000, votesPerNetworkHour: 100_000 },
  // Off (0): test workers share two cores, and a worker starved of CPU for a whole sample
  // interval records no event-loop sample, which @fastify/under-pressure 9 counts as an infinite
  // delay (NaN -> Infinity) and sheds every request for the next second, whatever the threshold
  // (seen once in CI: openapi.test.ts got 503s at 60,000 ms).
  pressure: { maxEventLoopDelayMs: 0 },
  webDist: '/nonexistent',
  // The tests check that the dashboard follows each write at once: on a loaded test machine its
  // recompute may outlast the production wait (read-cache.test.ts tests the wait itself).
  statsFreshWaitMs: 60_000,
  // Tests cast a threshold's votes within a second; the rule's own tests set it (votes/networks.test.ts).
  thresholdQuickSeconds: 0,
} satisfies ConfigOptions;

/** `options` replace TEST_OPTIONS' (a group such as `limits` in part). */
export function withTestOptions(options: ConfigOptions = {}): ConfigOptions {
  return {
    ...TEST_OPTIONS,
    ...options,
    limits: { ...TEST_OPTIONS.limits, ...options.limits },
    pressure: { ...TEST_OPTIONS.pressure, ...options.pressure },
  };
}

export function testConfig(env: Record<string, string> = {}, options: ConfigOptions = {}): Config {
  // A name that is no setting would be ignored without a word: refused here.
  const unknown = Object.keys(env).filter((k) => !(SETTINGS as string[]).includes(k));
  if (unknown.length > 0) throw new Error(`testConfig: not settings: ${unknown.join(', ')} (options of loadConfig?)`);
  return loadConfig(
    {
      DATA_DIR: scratchDir,
      LOG_LEVEL: 'silent',
      COOKIE_SECRET: 'test-secret-test-secret-test-secret-42',
      ...LOOPBACK_VOTES_ENV,
      ...env,
    },
    withTestOptions(options),
  );
}

/** Builds an app on a fresh database; `close` shuts both. */
export async function testApp(
  env: Record<string, string> = {},
  opts: {
    logger?: BuildOptions['logger'];
    onRoute?: BuildOptions['onRoute'];
    tiles?: BuildOptions['tiles'];
    /** loadConfig options (timing, limits) over TEST_OPTIONS. */
    config?: ConfigOptions;
    /** Without the run's Linz seed: the start seeds the CITY's own profile (another city's tests). */
    unseeded?: boolean;
  } = {},
) {
  const { config: options, unseeded, ...build } = opts;
  const config = testConfig(env, options);
  const { database, url } = await freshDatabase(config.databaseStatementTimeoutMs);
  if (unseeded) await unseed(database);
  const app = await buildApp(config, { database, ...build });
  return {
    app,
    database,
    config,
    url,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Asserts an answer's status and that its body matches the contract schema; returns the body. */
export function expectAnswer<S extends z.ZodType>(
  res: { statusCode: number; body: string },
  status: number,
  schema: S,
): z.infer<S> {
  expect(res.statusCode, res.body).toBe(status);
  const parsed = schema.safeParse(JSON.parse(res.body));
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return parsed.data as z.infer<S>;
}

export const json = { 'content-type': 'application/json' };

/** A signed voter cookie for a made-up browser. */
export function browser(app: { signCookie(v: string): string }, id: string) {
  return { cookie: `voter=${app.signCookie(id)}` };
}

/** A new proposal at a monument through the REST façade, checked as a 201 with the contract's shape. */
export async function propose(app: Awaited<ReturnType<typeof testApp>>['app'], name: string, monumentId: string) {
  const res = await app.inject({
    method: 'POST',
    url: pathOf(routes.createProposal.path, { monumentId }),
    headers: json,
    payload: { name },
  });
  return expectAnswer(res, 201, Intervention);
}
