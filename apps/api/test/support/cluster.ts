// Several API instances on one PostgreSQL behind nginx (Debian's package), for the several-instance
// tests and benchmarks. nginx runs unprivileged from a folder of its own with the repo's
// deploy/nginx/denkmal.conf; only the upstream (the instances' loopback ports), the listen address and
// the log paths are this launcher's. The instances start as every test server does (server.ts).
// `startNginx` puts the same nginx in front of API processes started elsewhere (one on PGlite: the
// busy bench, test/ops/nginx-headers.test.ts).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConfigOptions } from '../../src/config.js';
import { startChild, stopChild, untilReady, type Child } from '@linz/test-peers/children';
import { freePort } from '@linz/test-peers/postgres';
import { startServer, type TestServer } from './server.js';

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');
export const NGINX = '/usr/sbin/nginx';
// Starting with tsx on a loaded 2-core machine (a first start: migrations, the seed) took over a minute.
const READY_TIMEOUT_MS = 180_000;

export type Instance = { name: string; port: number; url: string; server: TestServer };
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

export type ClusterOptions = {
  databaseUrl: string;
  instances?: number;
  port?: number;
  env?: Record<string, string>;
  options?: ConfigOptions;
  /** More of nginx's http block, e.g. a server of the bench's own beside denkmal.conf's (bench/city.ts). */
  extraHttp?: string;
};

/** Fails loudly, with the install hint, when nginx is missing. */
export function requireNginx(): void {
  const r = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) throw new Error(`nginx was not found at ${NGINX}.\nInstall it: sudo apt-get install nginx`);
}

/** The nginx main configuration: unprivileged paths under `dir`, the repo's server block. */
function nginxConf(dir: string, port: number, instancePorts: number[], extraHttp = ''): string {
  const server = readFileSync(path.join(repo, 'deploy/nginx/denkmal.conf'), 'utf8');
  if (!server.includes('listen 8080;')) throw new Error('deploy/nginx/denkmal.conf: no `listen 8080;` to point elsewhere');
  const cachePath = 'proxy_cache_path /var/cache/nginx/denkmal ';
  if (!server.includes(cachePath)) throw new Error(`deploy/nginx/denkmal.conf: no \`${cachePath}\` to point elsewhere`);
  writeFileSync(
    path.join(dir, 'denkmal.conf'),
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
  upstream denkmal_api {
${upstream}
    keepalive 32;
  }
  include ${dir}/denkmal.conf;
  access_log ${dir}/access.log denkmal;
${extraHttp}
}
`;
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const ports: number[] = [];
  for (let i = 0; i < (opts.instances ?? 3); i++) ports.push(await freePort());
  const port = opts.port ?? (await freePort());
  const instances: Instance[] = [];
  const launch = async (i: number): Promise<Instance> => {
    const p = ports[i]!;
    const env = {
      PORT: String(p),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      // nginx is the one hop in front (it replaces X-Forwarded-For with the client's address).
      TRUST_PROXY: '1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...opts.env,
    };
    const server = await startServer({ env, options: opts.options });
    return { name: `api-${i + 1}`, port: p, url: server.url, server };
  };
  let nginx: Nginx | undefined;
  const stop = async () => {
    await Promise.all([nginx?.stop(), ...instances.map((x) => x.server.stop())]);
  };
  try {
    // All at once, as a deploy starts them: migrations and the seed take turns in the database.
    instances.push(...(await Promise.all(ports.map((_, i) => launch(i)))));
    nginx = await startNginx({ upstreamPorts: ports, port, extraHttp: opts.extraHttp });
    return {
      url: nginx.url,
      instances,
      accessLog: nginx.accessLog,
      signal: (i, signal) => instances[i]!.server.signal(signal),
      async start(i) {
        instances[i] = await launch(i);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type Nginx = { url: string; accessLog: string; stop(): Promise<void> };

/**
 * nginx with the shipped server block in front of API processes already listening on loopback
 * `upstreamPorts` (which trust it as their one hop: TRUST_PROXY=1). Clients' own addresses reach
 * the API as X-Forwarded-For, so a client bound to its own loopback address counts as its own.
 */
export async function startNginx(opts: { upstreamPorts: number[]; port?: number; extraHttp?: string }): Promise<Nginx> {
  requireNginx();
  const dir = mkdtempSync(path.join(tmpdir(), 'linz-nginx-'));
  mkdirSync(path.join(dir, 'tmp'));
  // nginx's workers run as `nobody` when the master is root: they write its temp files and its
  // cache (which nginx creates for them), so they may pass through the folder.
  chmodSync(dir, 0o711);
  chmodSync(path.join(dir, 'tmp'), 0o777);
  const port = opts.port ?? (await freePort());
  let nginx: Child | undefined;
  const stop = async () => {
    await stopChild(nginx);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConf(dir, port, opts.upstreamPorts, opts.extraHttp));
    nginx = startChild(NGINX, {}, ['-p', dir, '-c', conf], [], { raw: true });
    const url = `http://127.0.0.1:${port}`;
    await untilReady(url, nginx, READY_TIMEOUT_MS);
    return { url, accessLog: path.join(dir, 'access.log'), stop };
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
