// /healthz, /readyz and the drain on shutdown, on both databases: liveness never touches the
// database; readiness answers 503 with its reason when the database keeps it waiting 1 s (fake
// timers), when a migration this build ships is not applied, and from the moment a shutdown
// begins, while requests are still served for the drain delay. A real server process started
// with no settings but PORT=0 runs on the defaults (basemap.at tiles, OIDC off, metrics off),
// names the address it bound and drains on SIGTERM.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TILE_ATTRIBUTIONS } from '@linz/contract/facts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { READY_TIMEOUT_MS } from '../../src/http/ops.js';
import type { ConfigOptions } from '../../src/config.js';
import { DB_KIND, freshDatabase, holdLock, testApp } from '../support/harness.js';
import { startServer, type TestServer } from '../support/server.js';

type T = Awaited<ReturnType<typeof testApp>>;
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(env: Record<string, string> = {}, config: ConfigOptions = {}) {
  const t = await testApp(env, { config });
  cleanups.push(() => t.close());
  return t;
}

/** Keeps the database from answering readiness until released: on PostgreSQL another session locks
 * drizzle's migrations table; on PGlite an open transaction holds everything. */
function holdDatabase(t: T) {
  return holdLock(t, (session) => session`LOCK TABLE drizzle.__drizzle_migrations IN ACCESS EXCLUSIVE MODE`);
}

/** Whether a promise has settled, without waiting for it. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  // Let already-resolved work run (several turns: inject passes through a few promise hops).
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return done;
}

describe(`health and readiness on ${DB_KIND}`, () => {
  it('/healthz: 200 {"status":"ok"}, no-store, no cookie, and no database: it answers at once while the database is held', async () => {
    const t = await start();
    const first = await t.app.inject('/healthz');
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ status: 'ok' });
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['set-cookie']).toBeUndefined();

    // The database is held until released below: an answer now is one that does not wait for it
    // (its time is `pnpm bench`'s).
    const release = await holdDatabase(t);
    try {
      for (let i = 0; i < 5; i++) expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await release();
    }
  });

  it('/readyz: 200 when the database answers and every migration is applied; no-store, no cookie, not rate-limited', async () => {
    const t = await start({}, { limits: { requestsPerMinute: 2 } });
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject('/readyz');
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ status: 'ready' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The API itself is limited at 2 a minute: the probes did not count.
    expect((await t.app.inject('/api/config')).statusCode).toBe(200);
  });

  it('/readyz: 503 naming the migrations when the database lacks one this build ships', async () => {
    const t = await start();
    await t.database.rows(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    const journal = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as {
      entries: { tag: string }[];
    };
    const last = journal.entries.at(-1)?.tag;
    expect(JSON.parse(res.body)).toEqual({ status: 'not ready', reason: `migrations not applied: ${last}` });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz: 503 once the database has not answered for 1 s, 200 again when it answers', async () => {
    const t = await start();
    const release = await holdDatabase(t);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const res = t.app.inject('/readyz');
      await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS - 1);
      expect(await settled(res)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const answer = await res;
      expect(answer.statusCode).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ status: 'not ready', reason: 'the database did not answer within 1 s' });
      // /healthz does not wait for the database.
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await release();
    }
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('a drain answers /readyz 503 at once, keeps serving everything else (closing each connection) and ends after its delay', async () => {
    const t = await start();
    // The list is read once on real time: its first build yields between slices (domain/lists/models.ts).
    expect((await t.app.inject('/api/monuments')).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const drained = t.app.ops.drain(5000);
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'not ready', reason: 'shutting down' });
    const health = await t.app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    const read = await t.app.inject('/api/monuments');
    expect(read.statusCode).toBe(200);
    expect(read.headers.connection).toBe('close');
    await vi.advanceTimersByTimeAsync(4999);
    expect(await settled(drained)).toBe(false);
    // Still serving just before the end. Not an /api/ read here: on PostgreSQL the database's health
    // check runs on real time, and a check in flight when the fake clock jumps 5 s times out and sheds
    // /api/ for a moment (seen once in CI, 2026-11-30).
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(drained)).toBe(true);
  });
});

describe(`the server process on ${DB_KIND}`, () => {
  const children: TestServer[] = [];
  afterEach(async () => {
    for (const c of children.splice(0)) await c.signal('SIGKILL');
  });

  it('with no settings but HOST and PORT=0: starts on the defaults, names the address it bound; on SIGTERM it is not ready at once, still serves, and exits after the drain', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'linz-ops-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (DB_KIND === 'postgres') {
      const { database, url } = await freshDatabase();
      await database.close();
      env.DATABASE_URL = url ?? '';
    }
    // Nothing else: no cookie secret, tiles, sign-in, metrics or mail settings. The defaults start.
    const server = await startServer({ env: { ...env, LOG_LEVEL: undefined }, options: { shutdownDrainMs: 2000 } });
    children.push(server);
    const lines = () => server.output().split('\n');
    // It has listened; its start-up line may still be in the pipe (real I/O), at most a minute.
    const startLine = await (async () => {
      for (let i = 0; i < 1200; i++) {
        const line = lines().find((l) => l.includes('listening on'));
        if (line) return line;
        await sleep(50);
      }
      throw new Error(`no start-up line:\n${server.output()}`);
    })();
    const msg = String(JSON.parse(startLine).msg);
    // HOST=127.0.0.1 and PORT=0: the port the system chose, not PORT (nor 3000).
    const bound = /listening on http:\/\/localhost:(\d+) \(port (\d+), loopback only\)/.exec(msg);
    expect(bound, msg).not.toBeNull();
    expect(Number(bound?.[1])).toBeGreaterThan(0);
    expect(bound?.[2]).toBe(bound?.[1]);
    expect(msg).toContain(DB_KIND);
    const url = `http://127.0.0.1:${bound?.[1]}`;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    // The defaults: basemap.at's tiles and credit, no sign-in with the city's accounts, no metrics.
    const config = (await (await fetch(`${url}/api/config`)).json()) as { tileAttribution: unknown; staffOidc: boolean };
    expect(config).toMatchObject({ tileAttribution: TILE_ATTRIBUTIONS.basemap, staffOidc: false });
    expect((await fetch(`${url}/api/oidc/start`, { redirect: 'manual' })).status).toBe(404);
    const metrics = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer anything-at-all-0123456789' } });
    expect(metrics.status).toBe(404);
    expect(await metrics.text()).not.toMatch(/# (HELP|TYPE)|_seconds|denkmal_/);

    const signalled = Date.now();
    server.child.proc.kill('SIGTERM');
    let ready = 200;
    while (ready === 200 && Date.now() - signalled < 1500) ready = (await fetch(`${url}/readyz`)).status;
    expect(ready).toBe(503);
    const during = await fetch(`${url}/api/config`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2000);
    expect(server.output()).toContain('closing: not ready, draining');
  }, 180_000);
});

describe('the start-up line', () => {
  it('names every interface, loopback, or the port of another address (the log scrubs IP literals)', async () => {
    const { boundAddress } = await import('../../src/http/ops.js');
    expect(boundAddress({ address: '0.0.0.0', family: 'IPv4', port: 8080 })).toBe(
      'http://localhost:8080 (port 8080 on every interface)',
    );
    expect(boundAddress({ address: '::', family: 'IPv6', port: 3001 })).toBe(
      'http://localhost:3001 (port 3001 on every interface)',
    );
    expect(boundAddress({ address: '::1', family: 'IPv6', port: 3001 })).toBe('http://localhost:3001 (port 3001, loopback only)');
    expect(boundAddress({ address: '10.0.0.5', family: 'IPv4', port: 80 })).toBe('port 80 of 10.0.0.5');
  });
});
