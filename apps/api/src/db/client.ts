// Opens the database chosen by config: embedded PGlite in DATA_DIR, or PostgreSQL via DATABASE_URL.
// Hides the drivers' differences (result shapes, LISTEN) behind one small interface.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema.js';
import { pgliteThread, type PgliteClient } from './pglite-thread.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL and gives its rows, whatever the driver. */
  rows<T>(query: SQL, tx?: Db): Promise<T[]>;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** What can be seen of the connection pool: its size, and (PostgreSQL) its connections by state as the server sees them. */
  poolUse(): Promise<PoolUse>;
  close(): Promise<void>;
};

export type PoolUse = { max: number; connections?: Record<string, number> };

// Beside this module: src/db/migrations, or dist/migrations where the build copies them.
export const migrationsFolder = fileURLToPath(new URL('migrations', import.meta.url));

// Beside this module: src/db/functions, or dist/functions where the build copies them.
export const functionsFolder = fileURLToPath(new URL('functions', import.meta.url));

/**
 * The database functions' live definitions (db/functions/*.sql, `create or replace`), applied after
 * the numbered migrations on every start: a reader finds each rule in one file.
 */
export function functionStatements(): string[] {
  return readdirSync(functionsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .flatMap((f) => readFileSync(path.join(functionsFolder, f), 'utf8').split('--> statement-breakpoint'))
    .filter((s) => s.trim() !== '');
}

/** The migrations this build ships: drizzle's journal beside this module, read once. */
let journal: { when: number; tag: string }[] | undefined;
function shippedMigrations() {
  journal ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    }
  ).entries;
  return journal;
}

/**
 * Compares the migrations applied to the database with those this build ships, the way drizzle's
 * migrator decides what to run (by each migration's folder time): `pending` are tags it would
 * still apply, `newer` counts applied ones this build does not know (a later build migrated).
 */
export async function migrationState(database: Database): Promise<{ pending: string[]; newer: number }> {
  let applied: number[];
  try {
    const rows = await database.rows<{ created_at: string | number }>(sql`SELECT created_at FROM drizzle.__drizzle_migrations`);
    applied = rows.map((r) => Number(r.created_at));
  } catch (err) {
    // No migrations table yet: every migration is pending. Anything else (unreachable) is the caller's.
    if ((err as { code?: string }).code !== '42P01' && (err as { cause?: { code?: string } }).cause?.code !== '42P01') throw err;
    applied = [];
  }
  const last = applied.length ? Math.max(...applied) : -Infinity;
  const shipped = shippedMigrations();
  const newest = Math.max(...shipped.map((m) => m.when));
  return { pending: shipped.filter((m) => m.when > last).map((m) => m.tag), newer: applied.filter((t) => t > newest).length };
}

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  pglite?: PGlite;
  poolSize?: number;
  /** PostgreSQL only: statements running longer are cancelled (frees the pool when something holds a lock). */
  statementTimeoutMs?: number;
};

/** Opens (and migrates) the database. `pglite` lets tests pass an in-memory instance. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database = opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.statementTimeoutMs ?? 0)
    : await openPglite(opts);
  await database.migrate();
  return database;
}

// postgres.js makes a closed pooled connection wait backoff(retries) seconds before it reconnects,
// with retries counted over every failed connect of the outage (by default up to 20 s). A query
// handed to such a connection after the server is back waited that long, past the request
// deadline: votes kept failing with 503 for seconds after recovery. Half a second at most keeps
// recovery quick; connecting to a stopped server fails at once, so retrying that often is cheap.
const RECONNECT_BACKOFF_MAX_S = 0.5;
const reconnectBackoff = (retries: number) => Math.min(0.01 * 2 ** retries, RECONNECT_BACKOFF_MAX_S);

function openPostgres(url: string, max: number, statementTimeoutMs: number) {
  // postgres.js keeps its pool to itself; a name of this pool's own lets pg_stat_activity show its
  // connections (the metrics' pool figures), apart from other instances' and other programs'.
  const applicationName = `denkmal-api-${randomBytes(6).toString('hex')}`;
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connect_timeout: 5,
    idle_timeout: 60,
    backoff: reconnectBackoff,
    // A new connection first asks for the server's array types, in a promise nobody awaits: if the
    // server dies during that query its rejection is unhandled and close-with-grace stops the API.
    // The schema has no array columns or parameters, so the driver needs no array types.
    fetch_types: false,
    connection: {
      application_name: applicationName,
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    },
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  return {
    kind: 'postgres' as const,
    db,
    rows: async <T>(query: SQL, tx: Db = db) => rowsOf<T>(await tx.execute(query)),
    async listen(channel: string, onPayload: (payload: string) => void) {
      const sub = await client.listen(channel, onPayload);
      return async () => sub.unlisten();
    },
    async poolUse(): Promise<PoolUse> {
      const rows = rowsOf<{ state: string | null; n: number | string }>(
        await db.execute(
          sql`SELECT coalesce(state, 'unknown') AS state, count(*)::int AS n FROM pg_stat_activity
              WHERE application_name = ${applicationName} AND pid <> pg_backend_pid() GROUP BY 1`,
        ),
      );
      // The connection asking is in use for this question only: it counts as idle.
      const connections: Record<string, number> = { idle: 1 };
      for (const r of rows) connections[r.state ?? 'unknown'] = (connections[r.state ?? 'unknown'] ?? 0) + Number(r.n);
      return { max, connections };
    },
    // Migrations get a connection of their own, without the statement timeout (an index on a big table takes long).
    async migrate() {
      const own = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
      try {
        // Instances started together take turns (a session lock on this one connection): drizzle's
        // migrator would otherwise run the same migration twice and one instance fail to start.
        await own`SELECT pg_advisory_lock(hashtext('denkmal:migrations'))`;
        await migratePostgres(drizzlePostgres({ client: own }), { migrationsFolder });
        for (const statement of functionStatements()) await own.unsafe(statement);
      } finally {
        await own.end({ timeout: 5 });
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * PGlite's PostgreSQL settings (docs/performance.md, "Memory"). Its shared memory lives in the
 * WebAssembly heap, which never shrinks: PostgreSQL's default 128 MB of shared buffers grew the heap
 * from its initial 128 MB to 189 MB, all of it resident. A city's database is a few MB; 16 MB of
 * buffers fit in the initial heap, the files stay in the operating system's page cache.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

/**
 * Creates the data folder's cluster (initdb) in a child process that exits afterwards. In this
 * process initdb's two extra WebAssembly instances stayed allocated until a full garbage collection,
 * which a server at rest never runs: 430 MB more resident after a first start.
 */
async function initPgliteFolder(dir: string): Promise<void> {
  const url = import.meta.resolve('@electric-sql/pglite');
  const code = `const { PGlite } = await import(${JSON.stringify(url)});
const pg = new PGlite(${JSON.stringify(dir)});
await pg.waitReady;
await pg.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (status !== 0) throw new Error(`PGlite: creating the database in ${dir} failed (exit ${status}):\n${stderr}`);
}

/** How often PGlite's planner statistics are looked at (PostgreSQL's autovacuum does its own). */
const PGLITE_ANALYZE_MS = 5 * 60_000;

/**
 * Refreshes the planner's statistics of the tables whose rows changed by more than autovacuum's
 * rule since their last ANALYZE (50 rows and a tenth of the table), as autovacuum would, and says
 * which. PGlite runs one statement at a time: a whole-database ANALYZE at 50,000 monuments and
 * 100,000 votes held every statement for 0.6 s, every 5 minutes, where a table that barely changed
 * needs none.
 */
export async function refreshStatistics(client: Pick<PGlite, 'query' | 'exec'>): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.relname) AS name
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
     ORDER BY 1`,
  );
  for (const { name } of rows) await client.exec(`ANALYZE ${name}`);
  return rows.map((r) => r.name);
}

async function openPglite(opts: DatabaseOptions) {
  let client: PgliteClient;
  if (opts.pglite) {
    // Tests pass an instance of their own (in memory, in this thread).
    client = opts.pglite;
  } else {
    const dir = path.join(opts.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initPgliteFolder(dir);
    // A data folder's database runs in a thread of its own (pglite-thread.ts).
    client = pgliteThread({ dir, startParams: PGLITE_START_PARAMS });
  }
  await client.waitReady;
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Db;
  // PGlite runs PostgreSQL without its autovacuum, so the planner's statistics would stay those of
  // an empty database: with thousands of votes on a proposal, a vote's look at its latest ten then
  // read all of them (bitmap scan and sort, 12 ms at 6,000) instead of ten from the index. The
  // statistics are refreshed after the migrations and then, table by table, as autovacuum would.
  const analyze = setInterval(() => void refreshStatistics(client).catch(() => {}), PGLITE_ANALYZE_MS);
  analyze.unref();
  return {
    kind: 'pglite' as const,
    db,
    rows: async <T>(query: SQL, tx: Db = db) => rowsOf<T>(await tx.execute(query)),
    listen: (channel: string, onPayload: (payload: string) => void) => client.listen(channel, onPayload),
    // One connection in this process, no pool to see into.
    poolUse: (): Promise<PoolUse> => Promise.resolve({ max: 1 }),
    async migrate() {
      await migratePglite(drizzlePglite({ client: client as PGlite }), { migrationsFolder });
      for (const statement of functionStatements()) await client.exec(statement);
      await client.exec('ANALYZE');
    },
    close: () => {
      clearInterval(analyze);
      return client.close();
    },
  };
}
