// Starts a throwaway PostgreSQL server on loopback from the Debian binaries, as an unprivileged
// user when we are root (initdb refuses root). Used by the test suite and the benchmarks.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PG_USER = 'denkmaltest';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const dir = path.join(root, v, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error(
    'PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql). The PostgreSQL test layer cannot run.',
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

function ensureUser() {
  if (spawnSync('id', ['-u', PG_USER]).status === 0) return;
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', PG_USER]);
}

function run(bin: string, args: string[]) {
  const cmd = isRoot() ? 'runuser' : bin;
  const full = isRoot() ? ['-u', PG_USER, '--', bin, ...args] : args;
  execFileSync(cmd, full, { stdio: ['ignore', 'pipe', 'pipe'] });
}

export type PgServer = {
  url: (db?: string) => string;
  port: number;
  dir: string;
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  destroy(): void;
};

export async function startPostgres(): Promise<PgServer> {
  const bin = binDir();
  if (isRoot()) ensureUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'denkmal-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  if (isRoot()) execFileSync('chown', ['-R', PG_USER, dir]);
  run(path.join(bin, 'initdb'), ['-D', data, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c full_page_writes=off`;
  const ctl = path.join(bin, 'pg_ctl');
  const start = () => run(ctl, ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    port,
    dir,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start,
    stop: (mode = 'fast') => run(ctl, ['-D', data, '-m', mode, '-w', 'stop']),
    destroy() {
      try {
        run(ctl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
