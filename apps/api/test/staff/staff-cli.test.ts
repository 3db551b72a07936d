// `pnpm staff add | list | revoke` against a real server process: on PGlite through the server's
// control socket (the folder is locked while the server runs), on PostgreSQL directly. The token
// works at once as a bearer token; a revoked one gets 401 at once.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { lockPath } from '../../src/db/folder-lock.js';
import { socketPath } from '../../src/cli/control-socket.js';
import { DB_KIND, freshDataDir, withTestOptions } from '../support/harness.js';
import { startServer, type TestServer } from '../support/server.js';

const apiDir = path.join(import.meta.dirname, '../..');
const run = promisify(execFile);
const servers: TestServer[] = [];
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
  for (const c of cleanups.splice(0).reverse()) await c();
});

const baseEnv = (env: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  LOG_LEVEL: 'info',
  COOKIE_SECRET: 'test-secret-test-secret-test-secret-42',
  ...env,
});

async function serve(env: Record<string, string>) {
  const server = await startServer({ env: baseEnv(env), options: withTestOptions() });
  servers.push(server);
  return { base: server.url, server };
}

/** Runs the staff CLI as `pnpm staff` does (tsx); resolves to its exit code and output lines. */
async function staffCli(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/staff.ts', ...args], {
      cwd: apiDir,
      env: baseEnv(env),
    });
    return { code: 0, lines: stdout.trimEnd().split('\n'), stderr: '' };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, lines: e.stdout.trimEnd().split('\n'), stderr: e.stderr };
  }
}

const queue = (base: string, token: string) =>
  fetch(`${base}/api/staff/queue`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

async function environment(): Promise<Record<string, string>> {
  const { env, remove } = await freshDataDir('staff');
  cleanups.push(remove);
  return env;
}

// A fresh data folder's migrations and seed take about a minute on a busy machine (55 s measured at a
// load of 37 on 2 cores): each server start-up here is that.
describe(`pnpm staff on ${DB_KIND}`, () => {
  it('adds, lists and revokes while the server runs; the token works at once, the revoked one is refused at once', async () => {
    const env = await environment();
    const server = await serve(env);
    const added = await staffCli(env, 'add', 'Erika Muster');
    expect(added.code, added.stderr).toBe(0);
    const token = added.lines.at(-1) ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await queue(server.base, token)).toBe(200);
    expect((await staffCli(env, 'add', 'Erika Muster')).code).toBe(1); // names are unique
    const listed = await staffCli(env, 'list');
    expect(listed.lines.join('\n')).toMatch(/^Erika Muster\tadded \S+\tactive/m);
    expect(listed.lines.join('\n')).not.toContain(token);
    expect((await staffCli(env, 'revoke', 'Erika Muster')).code).toBe(0);
    expect(await queue(server.base, token)).toBe(401);
    expect((await staffCli(env, 'revoke', 'Erika Muster')).code).toBe(1);
    expect((await staffCli(env, 'frobnicate')).code).toBe(2);
    expect(server.server.output()).not.toContain(token);
    if (DB_KIND === 'pglite') {
      expect(statSync(socketPath(env.DATA_DIR ?? '')).mode & 0o777).toBe(0o600);
      expect(readFileSync(lockPath(env.DATA_DIR ?? ''), 'utf8')).toBe(String(server.server.child.proc.pid));
    }
  }, 240_000);

  it.runIf(DB_KIND === 'pglite')(
    'a second process never opens a locked folder; without a server the CLI takes the lock itself',
    async () => {
      const env = await environment();
      const server = await serve(env);
      // It exits before it is ready, saying why.
      await expect(serve(env)).rejects.toThrow(/exited \(1\)[\s\S]*in use by process/);
      expect(await queue(server.base, 'x')).toBe(401); // the first server is unharmed

      await server.server.signal('SIGTERM');
      const dataDir = env.DATA_DIR ?? '';
      expect(existsSync(lockPath(dataDir))).toBe(false);
      expect(existsSync(socketPath(dataDir))).toBe(false);
      const offline = await staffCli(env, 'add', 'Offline');
      expect(offline.code, offline.stderr).toBe(0);
      expect(existsSync(lockPath(dataDir))).toBe(false); // released again
      const token = offline.lines.at(-1) ?? '';
      const again = await serve(env);
      expect(await queue(again.base, token)).toBe(200);
    },
    240_000,
  );
});
