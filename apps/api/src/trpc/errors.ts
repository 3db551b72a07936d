// The one mapping of the domain's refusals (domain/errors.ts) to tRPC codes, which tRPC maps to
// HTTP statuses. Both transports use it: the tRPC endpoint through the error formatter
// (trpc/init.ts), the REST façade through http/errors.ts. It is applied when an error is
// answered, not as a middleware: a middleware costs every call (a measurable share of a list read).
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { databaseUnavailable } from '../db/unavailable.js';
import { KeyReused } from '../domain/idempotency.js';
import { AlreadyVoted, Conflict, DomainError, LimitReached, NotFound, PhotoRefused, Unauthorized } from '../domain/errors.js';

function codeOf(err: DomainError): TRPC_ERROR_CODE_KEY {
  if (err instanceof NotFound) return 'NOT_FOUND';
  if (err instanceof AlreadyVoted) return 'FORBIDDEN';
  if (err instanceof LimitReached) return 'TOO_MANY_REQUESTS';
  if (err instanceof Conflict) return 'CONFLICT';
  if (err instanceof Unauthorized) return 'UNAUTHORIZED';
  if (err instanceof KeyReused) return 'UNPROCESSABLE_CONTENT';
  if (err instanceof PhotoRefused) {
    return ({ 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 422: 'UNPROCESSABLE_CONTENT' } as const)[err.status];
  }
  return 'BAD_REQUEST';
}

/**
 * The error as it is answered: a domain error thrown in a procedure (which tRPC wraps as an
 * internal error) gets its own code and message, the domain error stays the cause (a 429 carries
 * its retry seconds); a lost database is the service being briefly unavailable (503), not a bug.
 */
export function answeredError(error: TRPCError): TRPCError {
  const cause = error.cause;
  if (cause instanceof DomainError) return new TRPCError({ code: codeOf(cause), message: cause.message, cause });
  if (error.code === 'INTERNAL_SERVER_ERROR' && databaseUnavailable(error)) {
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'The database is briefly unavailable.', cause: error });
  }
  return error;
}
