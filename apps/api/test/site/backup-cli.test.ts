// `pnpm backup` / `pnpm restore` as processes against a running server process: on PGlite
// through the server's control socket (the folder is locked while it runs), on PostgreSQL
// directly. A restored installation knows its voters (their cookies still count as voted).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { readBackup } from '../../src/domain/site/backup.js';
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

// No COOKIE_SECRET: the cookie key is the database's, and travels with the backup.
const baseEnv = (env: Record<string, string>) => ({ PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env });

async function serve(env: Record<string, string>) {
  const server = await startServer({ env, options: withTestOptions() });
  servers.push(server);
  return { base: server.url, stop: () => server.stop() };
}

/** Runs the CLI as `pnpm backup|restore` does (tsx); resolves to its exit code and output. */
async function cli(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', ...args], {
      cwd: apiDir,
      env: baseEnv(env),
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** `empty`: on PGlite a folder no server has started in yet (the CLI migrates it itself). */
async function environment({ empty = false } = {}): Promise<Record<string, string>> {
  const { env, remove } = await freshDataDir('backup-cli', { empty });
  cleanups.push(remove);
  return env;
}

const MON = 'mon-dreifaltigkeitssaeule';
const json = { 'content-type': 'application/json' };

async function vote(base: string, id: number, cookie = '') {
  const res = await fetch(`${base}/api/interventions/${id}/vote`, {
    method: 'POST',
    headers: { ...json, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ monumentId: MON, action: 'vote' }),
  });
  return { status: res.status, cookie: (res.headers.get('set-cookie') ?? cookie).split(';')[0] ?? '' };
}

describe(`pnpm backup / pnpm restore on ${DB_KIND}`, () => {
  it('backs up a running server, refuses to overwrite it, restores into an empty installation that knows its voters', async () => {
    const env = await environment();
    const server = await serve(env);
    const created = await fetch(`${server.base}/api/interventions/${MON}`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Gesichert' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const voter = await vote(server.base, id);
    expect(voter.status).toBe(200);

    const dir = mkdtempSync(path.join(tmpdir(), 'linz-backup-files-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'linz.ndjson.gz');
    const backup = await cli(env, 'backup', file);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up \d+ rows \(schema \d{4}_\w+\) to .*linz\.ndjson\.gz: \d+ bytes in [\d.]+ s\./);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { rows } = readBackup(readFileSync(file));
    expect(rows.get('proposals')?.some((l) => (JSON.parse(l) as { name: string }).name === 'Gesichert')).toBe(true);
    expect(rows.get('votes')).toHaveLength(1);

    // The running installation holds data: refused without --force, and a damaged file even with it.
    const refused = await cli(env, 'restore', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already holds data.*--force/);
    const half = path.join(dir, 'half.ndjson.gz');
    writeFileSync(half, readFileSync(file).subarray(0, 200));
    const damaged = await cli(env, 'restore', half, '--force');
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/incomplete or damaged/);
    expect((await vote(server.base, id, voter.cookie)).status).toBe(403); // unchanged
    expect((await cli(env, 'restore')).code).toBe(2);
    await server.stop();

    // A new, empty installation (on PGlite with no server running: the CLI takes the folder's lock).
    const fresh = await environment({ empty: true });
    const restored = await cli(fresh, 'restore', file);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored \d+ rows/);
    const again = await serve(fresh);
    const list = (await (await fetch(`${again.base}/api/interventions/${MON}`)).json()) as { id: number; votes: number }[];
    expect(list.find((p) => p.id === id)?.votes).toBe(1);
    expect((await vote(again.base, id, voter.cookie)).status).toBe(403); // the same browser, by the restored key
    expect((await vote(again.base, id)).status).toBe(200); // a new browser counts

    // With --force while that server runs: restored, and the operator is told to restart it.
    const forced = await cli(fresh, 'restore', file, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/Restart the server/);
  }, 540_000);
});
