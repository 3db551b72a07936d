// Turns any thrown error into the contract's error body, and answers the refusals the HTTP layer
// makes itself (refuse). Every body carries the vocabulary's `code` (@linz/contract ERROR_STATUS).
// Details only for client errors; a 5xx carries a generic message and the request id, the full
// error goes to the log.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ERROR_STATUS, errorCodeOfStatus, type ErrorBody, type ErrorCode } from '@linz/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { databaseUnavailable } from '../db/unavailable.js';
import { DomainError, Duplicate, LimitReached } from '../domain/errors.js';
import { answeredError, issuesOf } from '../trpc/errors.js';
import { answerUnavailable, unavailableBody } from './pressure.js';

/** Seconds a client should wait after a 429 (the domain's LimitReached says how long). */
export function retryAfterOf(err: unknown): number {
  const cause = err instanceof TRPCError ? answeredError(err).cause : err;
  return cause instanceof LimitReached ? cause.retryAfterSeconds : 60;
}

export function statusOf(err: unknown): number {
  if (databaseUnavailable(err)) return 503;
  if (err instanceof TRPCError) return getHTTPStatusCodeFromError(answeredError(err));
  const code = (err as FastifyError)?.statusCode;
  return typeof code === 'number' && code >= 400 && code < 600 ? code : 500;
}

/** Answers a refusal of the HTTP layer's own: the code's status and the contract's body. */
export function refuse(reply: FastifyReply, code: ErrorCode, message: string) {
  return reply.code(ERROR_STATUS[code]).send({ message, code } satisfies ErrorBody);
}

/** A refusal as tRPC's error (trpc/errors.ts: the one mapping), whether a procedure or a handler's use case threw it. */
const asAnswered = (thrown: unknown) =>
  thrown instanceof TRPCError
    ? answeredError(thrown)
    : thrown instanceof DomainError
      ? answeredError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: thrown }))
      : thrown;

export function sendError(thrown: unknown, req: FastifyRequest, reply: FastifyReply) {
  const err = asAnswered(thrown);
  if (databaseUnavailable(err)) {
    req.log.warn({ err }, 'database unavailable');
    return answerUnavailable(reply).send(unavailableBody(req));
  }
  const status = statusOf(err);
  if (status >= 500) {
    req.log.error({ err }, 'request failed');
    return reply.code(status).send({
      message: 'Internal server error.',
      code: errorCodeOfStatus(status),
      requestId: String(req.id),
    } satisfies ErrorBody);
  }
  req.log.info({ status, code: (err as FastifyError)?.code }, (err as Error)?.message);
  const cause = err instanceof TRPCError ? err.cause : undefined;
  const issues = issuesOf(cause) ?? issuesOf(err);
  if (status === 429 && !reply.getHeader('retry-after')) {
    reply.header('retry-after', String(retryAfterOf(err)));
  }
  const message = issues ? 'Invalid input.' : ((err as Error)?.message ?? 'Bad request.');
  const existingId = cause instanceof Duplicate ? cause.existingId : undefined;
  const code = cause instanceof DomainError ? cause.code : issues ? 'INVALID_INPUT' : errorCodeOfStatus(status);
  return reply.code(status).send({
    message,
    code,
    ...(issues ? { issues } : {}),
    ...(existingId ? { existingId } : {}),
  } satisfies ErrorBody);
}
