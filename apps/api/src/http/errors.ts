// Turns any thrown error into the contract's error body. Details only for client errors;
// a 5xx carries a generic message and the request id, the full error goes to the log.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { ErrorBody } from '@linz/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { databaseUnavailable } from '../db/unavailable.js';
import { answerUnavailable, unavailableBody } from './pressure.js';

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

/** Seconds a client should wait, carried as the `cause` of a 429 TRPCError. */
export class RetryAfter extends Error {
  constructor(readonly seconds: number) {
    super(`retry after ${seconds}s`);
  }
}

function issuesOf(err: unknown): ErrorBody['issues'] {
  const issues = (err as { issues?: unknown })?.issues;
  if (!Array.isArray(issues)) return undefined;
  return (issues as Issue[]).map((i) => ({
    // The REST body travels as the procedure's `body` input; report paths as the client sent them.
    path: (i.path ?? [])
      .map((p) => String(typeof p === 'object' && p !== null ? p.key : p))
      .join('.')
      .replace(/^body\.?/, ''),
    message: i.message,
  }));
}

export function statusOf(err: unknown): number {
  if (databaseUnavailable(err)) return 503;
  if (err instanceof TRPCError) return getHTTPStatusCodeFromError(err);
  const code = (err as FastifyError)?.statusCode;
  return typeof code === 'number' && code >= 400 && code < 600 ? code : 500;
}

export function sendError(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  if (databaseUnavailable(err)) {
    req.log.warn({ err }, 'database unavailable');
    return answerUnavailable(reply).send(unavailableBody(req));
  }
  const status = statusOf(err);
  if (status >= 500) {
    req.log.error({ err }, 'request failed');
    return reply.code(status).send({ message: 'Internal server error.', requestId: String(req.id) } satisfies ErrorBody);
  }
  req.log.info({ status, code: (err as FastifyError)?.code }, (err as Error)?.message);
  const cause = err instanceof TRPCError ? err.cause : undefined;
  const issues = issuesOf(cause) ?? issuesOf(err);
  if (status === 429 && !reply.getHeader('retry-after')) {
    reply.header('retry-after', String(cause instanceof RetryAfter ? cause.seconds : 60));
  }
  const message = issues ? 'Invalid input.' : ((err as Error)?.message ?? 'Bad request.');
  return reply.code(status).send({ message, ...(issues ? { issues } : {}) } satisfies ErrorBody);
}
