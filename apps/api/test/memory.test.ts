// Resident memory of the server as a city runs it (the built bundle, `node dist/server.js`) on
// PGlite, Linz's 42 monuments, the default log level: under 350 MB at rest after its first start
// (docs/performance.md, "Memory"). PGlite only: on PostgreSQL the database's memory is the server's.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from './harness.js';
import { freePort } from './support/postgres-server.js';

const API_DIR = path.resolve(import.meta.dirname, '..');
const BUDGET_MB = 350;

const rssMb = (pid: number) => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

describe.skipIf(DB_KIND !== 'pglite')('memory of one server on PGlite', () => {
  // Inside apps/api, so the bundle finds its npm packages; .tmp/ is ignored by git.
  const out = path.join(API_DIR, '.tmp', `memory-${process.pid}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linz-memory-'));
  let server: ReturnType<typeof spawn> | undefined;
  let output = '';

  beforeAll(() => {
    const built = spawnSync(process.execPath, ['build.mjs', out], { cwd: API_DIR, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await new Promise((r) => server!.once('exit', r));
    }
    rmSync(out, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds under 350 MB resident at rest after its first start (a new data folder)', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The bundle is built into .tmp/ here, not dist/: the shipped profile is named as a city would.
      SITE_PROFILE: path.join(API_DIR, 'site', 'denkmal-linz.json'),
    };
    delete env.DATABASE_URL;
    delete env.LOG_LEVEL;
    server = spawn(process.execPath, [path.join(out, 'server.js')], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (b: Buffer) => (output = (output + b.toString()).slice(-4000)));
    server.stderr!.on('data', (b: Buffer) => (output = (output + b.toString()).slice(-4000)));
    const ready = () =>
      fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
    await expect.poll(ready, { timeout: 100_000, interval: 200 }).toBe(200);
    expect(server.exitCode, output).toBeNull();
    // The monuments are there (the seed ran), and the server is idle: what it holds now it holds at rest.
    const monuments = (await (await fetch(`http://127.0.0.1:${port}/api/monuments`)).json()) as unknown[];
    expect(monuments).toHaveLength(42);
    const rss = rssMb(server.pid!);
    console.log(`VmRSS at rest after a first start on PGlite: ${rss.toFixed(0)} MB`);
    expect(rss).toBeLessThan(BUDGET_MB);
  }, 150_000);
});
