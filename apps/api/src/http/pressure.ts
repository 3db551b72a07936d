// Overload and database outages answer 503 with Retry-After instead of piling up requests:
// @fastify/under-pressure sheds API requests while the event loop lags or the database fails its
// health check, a request that fails because the database is unreachable becomes a 503, and a
// request still unanswered after the deadline (any route, tRPC batches too) gets a 503 rather than hanging.
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import { sql } from 'drizzle-orm';
import { routes, type ErrorBody } from '@linz/contract';
import { isApiPath, isPhotoUploadPath } from '@linz/contract/facts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

export const RETRY_AFTER_SECONDS = 5;
const FROM_MEMORY = new Set<string>([routes.listMonuments.path, routes.allProposals.path]);
const HEALTH_CHECK_MS = 1000;
const HEALTH_TIMEOUT_MS = 2000;

const isApi = isApiPath;

export function unavailableBody(req: FastifyRequest): ErrorBody {
  return {
    message: 'The service is busy or briefly unavailable. Please try again in a few seconds.',
    code: 'UNAVAILABLE',
    requestId: String(req.id),
  };
}

export function answerUnavailable(reply: FastifyReply) {
  return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).type('application/json; charset=utf-8');
}

async function probe(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
  });
  try {
    return await Promise.race([database.rows(sql`SELECT 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

// under-pressure sends what the handler returns (its types only admit void); undefined lets the request through.
function shed(req: FastifyRequest, reply: FastifyReply, type: string): ErrorBody | undefined {
  if (!isApi(req.url)) return undefined; // the web app's files need no database
  req.log.warn({ pressure: type }, 'shedding load');
  answerUnavailable(reply);
  return unavailableBody(req);
}

export async function pressure(app: FastifyInstance, config: Config, database: Database) {
  await app.register(underPressure, {
    maxEventLoopDelay: config.pressure.maxEventLoopDelayMs,
    // Embedded PGlite cannot go away on its own; a PostgreSQL server can.
    ...(database.kind === 'postgres' ? { healthCheck: () => probe(database), healthCheckInterval: HEALTH_CHECK_MS } : {}),
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: shed as unknown as FastifyUnderPressureOptions['pressureHandler'],
  });

  const deadline = config.pressure.requestDeadlineMs;
  if (deadline > 0) {
    const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
    // Every route, tRPC batches included (the adapter's late answer to a request already answered is dropped).
    app.addHook('onRequest', (req, reply, done) => {
      // The public lists answer from memory; everything else may wait on the database.
      if (req.method === 'GET' && FROM_MEMORY.has(req.url)) return done();
      // A photo upload is 12 MB from a phone's connection and a re-encoding (sharp's own time limit
      // bounds that): no deadline a list read would take.
      if (req.method === 'POST' && isPhotoUploadPath(req.url.split('?')[0] ?? '')) return done();
      const timer = setTimeout(() => {
        if (reply.sent) return;
        req.log.warn({ deadlineMs: deadline }, 'request deadline passed');
        void answerUnavailable(reply).send(unavailableBody(req));
      }, deadline);
      timer.unref();
      timers.set(req, timer);
      done();
    });
    app.addHook('onResponse', (req, _reply, done) => {
      clearTimeout(timers.get(req));
      done();
    });
  }
}
