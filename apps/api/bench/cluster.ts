// Several API instances on one PostgreSQL behind nginx (Debian's package), for the several-instance
// tests and benchmarks, and to try it: `pnpm cluster -- <DATABASE_URL> [port]`. nginx runs
// unprivileged from a folder of its own with the repo's deploy/nginx/linz.conf; only the upstream
// (the instances' loopback ports), the listen address and the log paths are this launcher's.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startChild, stopChild, type Child } from './children.js';
import { freePort } from '../test/postgres-server.js';

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
export const NGINX = '/usr/sbin/nginx';
// Starting with tsx on a loaded 2-core machine (a first start: migrations, the seed) took over a minute.
const READY_TIMEOUT_MS = 180_000;

export type Instance = { name: string; port: number; url: string; child: Child };
export type Cluster = {
  /** nginx's address: what clients use. */
  url: string;
  instances: Instance[];
  /** nginx's access log: one line per request, naming the instance (`upstream=`) and its status. */
  accessLog: string;
  /** SIGTERM (drain, then exit) or SIGKILL; resolves when the process has exited. */
  signal(i: number, signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts instance i again on its port and waits until it is ready. */
  start(i: number): Promise<void>;
  stop(): Promise<void>;
};

/** PostgreSQL (`databaseUrl`, any number of instances) or PGlite (`dataDir`: one instance, one process per folder). */
export type ClusterOptions = {
  databaseUrl?: string;
  dataDir?: string;
  instances?: number;
  port?: number;
  env?: Record<string, string>;
};

/** Fails loudly, with the install hint, when nginx is missing. */
export function requireNginx(): void {
  const r = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) throw new Error(`nginx was not found at ${NGINX}.\nInstall it: sudo apt-get install nginx`);
}

async function waitReady(url: string, child: Child): Promise<void> {
  const until = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  void child.exited.then(() => (exited = true));
  while (Date.now() < until && !exited) {
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance ${url} not ready${exited ? ' (it exited)' : ''}:\n${child.output()}`);
}

/** The nginx main configuration: unprivileged paths under `dir`, the repo's server block. */
function nginxConf(dir: string, port: number, instancePorts: number[]): string {
  const server = readFileSync(path.join(repo, 'deploy/nginx/linz.conf'), 'utf8');
  if (!server.includes('listen 8080;')) throw new Error('deploy/nginx/linz.conf: no `listen 8080;` to point elsewhere');
  const cachePath = 'proxy_cache_path /var/cache/nginx/linz ';
  if (!server.includes(cachePath)) throw new Error(`deploy/nginx/linz.conf: no \`${cachePath}\` to point elsewhere`);
  writeFileSync(
    path.join(dir, 'linz.conf'),
    server.replace('listen 8080;', `listen 127.0.0.1:${port};`).replace(cachePath, `proxy_cache_path ${dir}/cache `),
  );
  const upstream = instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n');
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  upstream linz_api {
${upstream}
    keepalive 32;
  }
  include ${dir}/linz.conf;
  access_log ${dir}/access.log linz;
}
`;
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  requireNginx();
  const dir = mkdtempSync(path.join(tmpdir(), 'linz-cluster-'));
  mkdirSync(path.join(dir, 'tmp'));
  // nginx's workers run as `nobody` when the master is root: they write its temp files and its
  // cache (which nginx creates for them), so they may pass through the folder.
  chmodSync(dir, 0o711);
  chmodSync(path.join(dir, 'tmp'), 0o777);
  const port = opts.port ?? (await freePort());
  if (!opts.databaseUrl && !opts.dataDir) throw new Error('startCluster: a databaseUrl or a dataDir');
  const ports: number[] = [];
  for (let i = 0; i < (opts.databaseUrl ? (opts.instances ?? 3) : 1); i++) ports.push(await freePort());
  const instances: Instance[] = [];
  const launch = (i: number): Instance => {
    const p = ports[i]!;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(p),
      HOST: '127.0.0.1',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : { DATA_DIR: opts.dataDir }),
      // nginx is the one hop in front (it replaces X-Forwarded-For with the client's address).
      TRUST_PROXY: '1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...opts.env,
    };
    return { name: `api-${i + 1}`, port: p, url: `http://127.0.0.1:${p}`, child: startChild('src/server.ts', env) };
  };
  let nginx: Child | undefined;
  const stop = async () => {
    await Promise.all([stopChild(nginx), ...instances.map((x) => stopChild(x.child))]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // All at once, as a deploy starts them: migrations and the seed take turns in the database.
    instances.push(...ports.map((_, i) => launch(i)));
    await Promise.all(instances.map((x) => waitReady(x.url, x.child)));
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConf(dir, port, ports));
    nginx = startChild(NGINX, {}, ['-p', dir, '-c', conf], [], { raw: true });
    const url = `http://127.0.0.1:${port}`;
    await waitReady(url, nginx);
    return {
      url,
      instances,
      accessLog: path.join(dir, 'access.log'),
      async signal(i, signal) {
        const x = instances[i]!;
        x.child.proc.kill(signal);
        await x.child.exited;
      },
      async start(i) {
        instances[i] = launch(i);
        await waitReady(instances[i].url, instances[i].child);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The access log's lines as { status, upstream } (upstream: the instance's address, or several
 * comma-separated when nginx retried on another one; cache: nginx's cache status, "-" if none). */
export function accessLines(
  file: string,
): { request: string; status: number; upstream: string; upstreamStatus: string; cache: string }[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /"([^"]*)" (\d{3}) \d+ upstream="([^"]*)" upstream_status="([^"]*)" rt=\S+ cache="([^"]*)"/.exec(line);
      if (!m) throw new Error(`unexpected access log line: ${line}`);
      return { request: m[1]!, status: Number(m[2]), upstream: m[3]!, upstreamStatus: m[4]!, cache: m[5]! };
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [databaseUrl, port] = process.argv.slice(2);
  if (!databaseUrl) {
    console.error('usage: pnpm cluster -- <DATABASE_URL> [port]   (three API instances behind nginx on one PostgreSQL)');
    process.exit(2);
  }
  const cluster = await startCluster({ databaseUrl, ...(port ? { port: Number(port) } : {}) });
  console.log(`nginx at ${cluster.url} → ${cluster.instances.map((x) => x.url).join(', ')}; access log ${cluster.accessLog}`);
  const quit = () => void cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
}
