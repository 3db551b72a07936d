// The API under test as its own process (`tsx src/server.ts`), configured for load: limits out
// of the way, a known cookie secret so the load generator can sign voter cookies.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../test/postgres-server.js';
import { startChild, stopChild, type Child } from './children.js';

const apiDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export const COOKIE_SECRET = 'bench-secret-bench-secret-bench-secret-0001';

export type Api = { base: string; child: Child; stop(): Promise<void> };
export type DbTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export type ApiOptions = {
  rateLimit: boolean;
  /** Entry point relative to apps/api (default src/server.ts; see variants.ts). */
  entry?: string;
  /** More environment, e.g. REQUEST_DEADLINE_MS for the overload. */
  env?: Record<string, string>;
  /** Run the built server (`node dist/server.js`, as a city runs it; see buildApi) instead of tsx. */
  built?: boolean;
};

/** Builds dist/server.js (apps/api's `pnpm build`). */
export function buildApi(): void {
  const r = spawnSync(process.execPath, ['build.mjs'], { cwd: apiDir, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building the API failed');
}

export async function startApi(db: DbTarget, opts: ApiOptions): Promise<Api> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    COOKIE_SECRET,
    // The general limit stays registered (its cost is part of every request) but never trips.
    LIMIT_REQUESTS_PER_MINUTE: opts.rateLimit ? '1000000000' : '0',
    LIMIT_CREATES_PER_5_MINUTES: '1000000000',
    LIMIT_VOTES_PER_IP_PER_INTERVENTION: '1000000000',
    // Voters come from distinct addresses (X-Forwarded-For from one proxy hop), as in real use.
    TRUST_PROXY: '1',
    ...(db.kind === 'postgres' ? { DATABASE_URL: db.url } : { DATA_DIR: db.dataDir }),
    ...opts.env,
  });
  // BENCH_CPU_PROF=DIR: the API writes a V8 CPU profile there when it stops (see README).
  const prof = process.env.BENCH_CPU_PROF;
  // BENCH_API_ENTRY: run another entry point (e.g. a patched copy of src) instead of src/server.ts.
  const entry = opts.entry ?? process.env.BENCH_API_ENTRY ?? 'src/server.ts';
  const child = opts.built
    ? startChild(process.execPath, env, ['dist/server.js'], [], { raw: true })
    : startChild(entry, env, [], prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []);
  const base = `http://127.0.0.1:${port}`;
  const api = { base, child, stop: () => stopChild(child) };
  try {
    // A first start on a loaded 2-core machine (PGlite: initdb, migrations, the seed) took over 2 minutes.
    await waitReady(base, child, 300_000);
  } catch (err) {
    await api.stop();
    throw err;
  }
  return api;
}

async function waitReady(base: string, child: Child, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.proc.exitCode !== null) throw new Error(`API exited (${child.proc.exitCode}):\n${child.output()}`);
    try {
      const res = await fetch(`${base}/api/config`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`API not ready after ${timeoutMs} ms:\n${child.output()}`);
}
