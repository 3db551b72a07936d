// The one way tests, end-to-end specs and benches start an API process: test/support/server-main.ts
// under tsx, with the given settings (environment) and loadConfig options; ready when it says so
// over IPC (it has listened), stopped with SIGTERM (drain, then exit) or killed.
import type { ConfigOptions } from '../../src/config.js';
import path from 'node:path';
import { firstMessage, startChild, stopChild, type Child } from '@linz/test-peers/children';

/** apps/api: where the server's files are, whoever starts it (the browser tests run in apps/web). */
const API_DIR = path.resolve(import.meta.dirname, '../..');

export type ServerSpec = {
  /** Settings as a city sets them (environment variables); PATH, HOST=127.0.0.1, PORT=0 and LOG_LEVEL=warn unless given. */
  env?: Record<string, string | undefined>;
  /** What a city never sets: timing, limits, where the web app is (config.ts DEFAULTS). */
  options?: ConfigOptions;
  /** Pass this process's environment on as well (benches: their BENCH_* and the like). */
  inheritEnv?: boolean;
  /** Another copy of src/, relative to apps/api (bench/variants.ts). */
  src?: string;
  /** Flags for node (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** How long start-up may take (migrations and the seed on a busy machine). */
  timeoutMs?: number;
};

export type TestServer = {
  url: string;
  port: number;
  child: Child;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  /** Sends a signal and waits for the exit (SIGTERM: it drains first). */
  signal(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** SIGTERM, SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
};

/**
 * Tests vote from loopback, one network: the vote review would hold the mayor's mail (fewer than 4
 * networks) and open burst alerts. Its rules are tested on their own (vote-review.test.ts).
 */
export const LOOPBACK_VOTES_ENV = { BURST_VOTES_PER_NETWORK_HOUR: '100000', THRESHOLD_MIN_NETWORKS: '1' };

export async function startServer(spec: ServerSpec = {}): Promise<TestServer> {
  const env: NodeJS.ProcessEnv = {
    ...(spec.inheritEnv ? process.env : { PATH: process.env.PATH ?? '' }),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    ...LOOPBACK_VOTES_ENV,
    ...spec.env,
  };
  const arg = JSON.stringify({ options: spec.options ?? {}, ...(spec.src ? { src: spec.src } : {}) });
  const child = startChild('test/support/server-main.ts', env, [arg], spec.nodeArgs, { cwd: API_DIR });
  try {
    const { port } = await firstMessage<{ port: number }>(child, spec.timeoutMs ?? 180_000);
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      child,
      output: child.output,
      exited: child.exited,
      async signal(signal) {
        if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill(signal);
        await child.exited;
      },
      stop: (graceMs) => stopChild(child, graceMs),
    };
  } catch (error) {
    await stopChild(child, 1000);
    throw error;
  }
}
