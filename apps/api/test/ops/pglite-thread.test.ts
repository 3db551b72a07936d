// A data folder's PGlite runs in a thread of its own (db/pglite-thread.ts): what the app asks of it
// works across the thread (rows, PostgreSQL's errors, transactions, notifications), and a long
// statement no longer stops the readers' thread, which keeps answering meanwhile; the thread runs at a
// lower priority than the readers'.
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { databaseUnavailable } from '../../src/db/unavailable.js';
import { WORKER_NICE } from '../../src/worker-threads.js';
import { DB_KIND, freshDataDir } from '../support/harness.js';

const codeOf = (err: unknown): unknown => (err as { cause?: { code?: unknown } }).cause?.code;

describe.runIf(DB_KIND === 'pglite')('PGlite in its own thread', () => {
  let database: Database;
  let remove: () => void;

  beforeAll(async () => {
    const dir = await freshDataDir('pglite-thread');
    remove = dir.remove;
    database = await openDatabase({ dataDir: dir.env.DATA_DIR! });
  }, 60_000);
  afterAll(async () => {
    await database?.close().catch(() => {});
    remove?.();
  });

  it('answers rows, and PostgreSQL’s errors with their codes', async () => {
    const [row] = await database.rows<{ n: number; at: string }>(sql`SELECT count(*)::int AS n, now() AS at FROM monuments`);
    expect(row?.n).toBeGreaterThan(0);
    // Times stay PostgreSQL's text, as drizzle's PGlite driver asks.
    expect(typeof row?.at).toBe('string');
    const err = await database.rows(sql`SELECT 1 / 0`).catch((e: unknown) => e);
    expect(codeOf(err)).toBe('22012');
    await database.rows(sql`CREATE TABLE thread_once (x int PRIMARY KEY)`);
    await database.rows(sql`INSERT INTO thread_once VALUES (1)`);
    const dup = await database.rows(sql`INSERT INTO thread_once VALUES (1)`).catch((e: unknown) => e);
    expect(codeOf(dup)).toBe('23505');
    expect((dup as { cause?: { constraint?: string } }).cause?.constraint).toBe('thread_once_pkey');
  });

  it('commits a transaction, rolls one back, and keeps other statements out while one is open', async () => {
    await database.rows(sql`CREATE TABLE thread_tx (x int)`);
    await database.db.transaction(async (tx) => {
      await database.rows(sql`INSERT INTO thread_tx VALUES (1)`, tx);
    });
    const refused = await database.db
      .transaction(async (tx) => {
        await database.rows(sql`INSERT INTO thread_tx VALUES (2)`, tx);
        tx.rollback();
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
    const failed = await database.db
      .transaction(async (tx) => {
        await database.rows(sql`INSERT INTO thread_tx VALUES (3)`, tx);
        await database.rows(sql`SELECT 1 / 0`, tx);
      })
      .catch((e: unknown) => e);
    expect(codeOf(failed)).toBe('22012');
    // A statement sent while a transaction is open waits for its end: it sees its row, not before.
    let release!: () => void;
    const open = database.db.transaction(async (tx) => {
      await database.rows(sql`INSERT INTO thread_tx VALUES (4)`, tx);
      await new Promise<void>((r) => (release = r));
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = database.rows<{ x: number }>(sql`SELECT x FROM thread_tx ORDER BY x`);
    release();
    await open;
    expect((await outside).map((r) => r.x)).toEqual([1, 4]);
  });

  it('hands notifications to their listeners', async () => {
    const heard: string[] = [];
    const unlisten = await database.listen('thread_test', (payload) => heard.push(payload));
    await database.rows(sql`SELECT pg_notify('thread_test', 'proposals:7')`);
    await expect.poll(() => heard).toEqual(['proposals:7']);
    await unlisten();
  });

  it('keeps the readers’ thread turning while a long statement runs', async () => {
    // A timer every millisecond stands for the reads that arrive: the longest gap between its runs
    // is the longest a read would wait. In this thread the statement ran to its end (about a second).
    let last = performance.now();
    let longestGap = 0;
    const ticks = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 1);
    const started = performance.now();
    const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM generate_series(1, 3000000)`);
    const took = performance.now() - started;
    clearInterval(ticks);
    expect(row?.n).toBe(3_000_000);
    expect(took).toBeGreaterThan(300);
    expect(longestGap).toBeLessThan(took / 3);
  });

  it('runs at a lower priority than the readers’ thread (Linux: its own nice value)', async () => {
    // Each thread of this process by its nice value (/proc/self/task/<tid>/stat, the 19th field).
    const nices = () =>
      readdirSync('/proc/self/task').map((tid) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    const own = getPriority();
    const lowered = () => nices().filter((n) => n === Math.min(19, own + WORKER_NICE)).length;
    const before = lowered();
    const dir = await freshDataDir('pglite-thread-nice');
    const another = await openDatabase({ dataDir: dir.env.DATA_DIR! });
    try {
      expect(lowered()).toBe(before + 1);
      expect(nices()).toContain(own);
    } finally {
      await another.close();
      dir.remove();
    }
  });

  it('refuses statements once closed, as a database that went away', async () => {
    await database.close();
    const err = await database.rows(sql`SELECT 1`).catch((e: unknown) => e);
    expect(databaseUnavailable(err)).toBe(true);
  });
});
