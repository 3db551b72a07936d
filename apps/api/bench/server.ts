// The API under test as its own process (test/support/server.ts), configured for load: limits out
// of the way, a known cookie secret so the load generator can sign voter cookies.
import type { ConfigOptions } from '../src/config.js';
import type { Child } from '@linz/test-peers/children';
import { startServer } from '../test/support/server.js';

export const COOKIE_SECRET = 'bench-secret-bench-secret-bench-secret-0001';

export type Api = { base: string; child: Child; stop(): Promise<void> };
export type DbTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export type ApiOptions = {
  rateLimit: boolean;
  /** The per-address request limit at its default (busy.ts: the attacker meets it) instead of out of the way. */
  realRateLimit?: boolean;
  /** Source folder relative to apps/api (default src; see variants.ts). */
  src?: string;
  /** More loadConfig options, e.g. a request deadline for the overload. */
  options?: ConfigOptions;
  /** More settings, after the bench's own (e.g. LOG_LEVEL: 'info', bench/city.ts). */
  env?: Record<string, string>;
};

const HUGE = 1_000_000_000;

export async function startApi(db: DbTarget, opts: ApiOptions): Promise<Api> {
  // BENCH_CPU_PROF=DIR: the API writes a V8 CPU profile there when it stops (see README).
  const prof = process.env.BENCH_CPU_PROF;
  const server = await startServer({
    env: {
      LOG_LEVEL: 'warn',
      COOKIE_SECRET,
      // Voters come from distinct addresses (X-Forwarded-For from one proxy hop), as in real use.
      TRUST_PROXY: '1',
      ...(db.kind === 'postgres' ? { DATABASE_URL: db.url } : { DATA_DIR: db.dataDir }),
      ...opts.env,
    },
    options: {
      webDist: '/nonexistent',
      ...opts.options,
      // The general limit stays registered (its cost is part of every request) but never trips.
      limits: {
        ...opts.options?.limits,
        ...(opts.realRateLimit ? {} : { requestsPerMinute: opts.rateLimit ? HUGE : 0 }),
        createsPer5Minutes: HUGE,
        votesPerIpPerProposal: HUGE,
        // The load comes from a few loopback /24s: as from a city's many networks, every vote counts.
        votesPerNetworkHour: HUGE,
        photosPerBrowserPerDay: HUGE,
        photosPerNetworkPerDay: HUGE,
        photosPendingPerNetwork: HUGE,
      },
    },
    // BENCH_API_SRC: run another copy of src (e.g. a patched one) instead of src/.
    src: opts.src ?? process.env.BENCH_API_SRC,
    nodeArgs: [
      ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []),
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    timeoutMs: 180_000,
  });
  return { base: server.url, child: server.child, stop: () => server.stop() };
}
