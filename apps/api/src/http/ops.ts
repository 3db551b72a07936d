// What a load balancer and a city's monitoring ask of the process: /healthz (the process runs; no
// database), /readyz (the public lists and their indexes are built, so reads are answered without
// being shed; the database answers within 1 s and has every migration this build ships; not while
// shutting down), and the drain on shutdown (not ready first, still serving, then close).
// Neither path is under /api, so the rate limit, load shedding and the request deadline pass them
// by; neither sets a cookie; both say no-store.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { migrationState, type Database } from '../db/client.js';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
/** How long /readyz waits for the database before it answers 503. */
export const READY_TIMEOUT_MS = 1000;

export type Readiness = { ready: true } | { ready: false; reason: string };

export type Ops = {
  /** Starts draining: /readyz answers 503 from now on; resolves after `ms`, while requests are still served. */
  drain(ms: number): Promise<void>;
  readonly draining: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

const HEALTHY = JSON.stringify({ status: 'ok' });
const NO_STORE = 'no-store';

/** One readiness check at a time: however often the balancers ask, the database sees one query in flight. */
export function readinessCheck(database: Database, log: FastifyInstance['log']) {
  let inFlight: Promise<Readiness> | undefined;
  let lastReason: string | undefined;
  const check = async (): Promise<Readiness> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Readiness>((resolve) => {
      timer = setTimeout(
        () => resolve({ ready: false, reason: `the database did not answer within ${READY_TIMEOUT_MS / 1000} s` }),
        READY_TIMEOUT_MS,
      );
    });
    const answer = migrationState(database).then(
      ({ pending }): Readiness =>
        pending.length ? { ready: false, reason: `migrations not applied: ${pending.join(', ')}` } : { ready: true },
      (err: unknown): Readiness => {
        log.warn({ err }, 'readiness: database query failed');
        return { ready: false, reason: 'the database is unreachable' };
      },
    );
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  return async (): Promise<Readiness> => {
    inFlight ??= check().finally(() => (inFlight = undefined));
    const result = await inFlight;
    // A change of state is worth a line; a balancer's poll every few seconds is not.
    const reason = result.ready ? undefined : result.reason;
    if (reason !== lastReason) log.info({ ready: result.ready, reason }, 'readiness changed');
    lastReason = reason;
    return result;
  };
}

/**
 * Reads answered from what is built (ops' `warm`, e.g. the lists and their indexes): started when
 * the server is ready, tried again by the next /readyz after a failure. Ready when done.
 */
function warmUpOnce(warm: () => Promise<void>, log: FastifyInstance['log']) {
  let warmed = false;
  let warming: Promise<void> | undefined;
  return {
    start() {
      warming ??= warm().then(
        () => void (warmed = true),
        (err: unknown) => {
          warming = undefined;
          log.warn({ err }, 'warm-up failed');
        },
      );
      return warming;
    },
    get done() {
      return warmed;
    },
  };
}

export function ops(app: FastifyInstance, database: Database, warm: () => Promise<void> = () => Promise.resolve()) {
  let draining = false;
  const ready = readinessCheck(database, app.log);
  const warmUp = warmUpOnce(warm, app.log);
  app.addHook('onReady', (done) => {
    void warmUp.start();
    done();
  });

  app.decorate('ops', {
    get draining() {
      return draining;
    },
    drain(ms: number) {
      draining = true;
      return new Promise<void>((resolve) => setTimeout(resolve, ms));
    },
  } satisfies Ops);

  // While draining, every answer closes its connection, so a client's or balancer's kept-alive
  // connection moves to another instance instead of being cut when the server closes.
  app.addHook('onRequest', (_req, reply, done) => {
    if (draining) reply.header('connection', 'close');
    done();
  });

  app.get(HEALTH_PATH, (_req, reply) => {
    void reply.header('cache-control', NO_STORE).type('application/json; charset=utf-8').send(HEALTHY);
  });

  app.get(READY_PATH, async (_req, reply) => {
    let state: Readiness = draining ? { ready: false, reason: 'shutting down' } : await ready();
    if (state.ready && !warmUp.done) {
      // A city's lists are built in milliseconds; a country's take a while, and reads meanwhile would be shed.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([warmUp.start(), new Promise((resolve) => (timer = setTimeout(resolve, READY_TIMEOUT_MS)))]);
      clearTimeout(timer);
      if (!warmUp.done) state = { ready: false, reason: 'building the public lists and their indexes' };
    }
    // Checked again: the drain may have begun while the database was asked.
    const result: Readiness = draining ? { ready: false, reason: 'shutting down' } : state;
    void reply.header('cache-control', NO_STORE).code(result.ready ? 200 : 503);
    return result.ready ? { status: 'ready' } : { status: 'not ready', reason: result.reason };
  });
}

/**
 * Where a server listens, for the start-up line. The log scrubs every IP literal (logging.ts), so
 * the usual binds are named in words: every interface or loopback only, with a URL to open.
 */
export function boundAddress(address: AddressInfo | string | null): string {
  if (address === null) return 'nowhere';
  if (typeof address === 'string') return address; // a Unix socket
  const { address: ip, port } = address;
  if (ip === '0.0.0.0' || ip === '::') return `http://localhost:${port} (port ${port} on every interface)`;
  if (ip.startsWith('127.') || ip === '::1') return `http://localhost:${port} (port ${port}, loopback only)`;
  return `port ${port} of ${ip}`;
}
