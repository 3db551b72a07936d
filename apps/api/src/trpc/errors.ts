// The one mapping of the domain's refusals (domain/errors.ts, by their code) to tRPC codes, through
// the statuses of the contract's vocabulary (ERROR_STATUS). Both transports use it: the tRPC endpoint
// through the error formatter (trpc/init.ts), the REST façade through http/errors.ts. It is applied
// when an error is answered, not as a middleware: a middleware costs every call.
import { ERROR_STATUS, type ErrorBody } from '@linz/contract';
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { databaseUnavailable } from '../db/unavailable.js';
import { DomainError } from '../domain/errors.js';

/** tRPC's code for each status the vocabulary answers with (tRPC maps it back to the same status). */
const TRPC_CODE: Record<(typeof ERROR_STATUS)[keyof typeof ERROR_STATUS], TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  411: 'BAD_REQUEST', // never a domain refusal (http/security.ts answers it itself)
  413: 'PAYLOAD_TOO_LARGE',
  414: 'BAD_REQUEST', // never a domain refusal (Fastify's router answers it)
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

const codeOf = (err: DomainError): TRPC_ERROR_CODE_KEY => TRPC_CODE[ERROR_STATUS[err.code]];

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

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>; code?: string; keys?: string[] };

/** A refused input's problems, one per field as the client sent it (the REST body's and tRPC's `issues`). */
export function issuesOf(err: unknown): ErrorBody['issues'] {
  const issues = (err as { issues?: unknown })?.issues;
  if (!Array.isArray(issues)) return undefined;
  // A field that is not known is named in the path, as any other field's issue is.
  const each = (issues as Issue[]).flatMap((i) =>
    i.code === 'unrecognized_keys' && i.keys
      ? i.keys.map((key) => ({ path: [...(i.path ?? []), key], message: 'not a known parameter or field' }))
      : [i],
  );
  return each.map((i) => ({
    // The REST body travels as the procedure's `body` input; report paths as the client sent them.
    path: (i.path ?? [])
      .map((p) => String(typeof p === 'object' && p !== null ? p.key : p))
      .join('.')
      .replace(/^body\.?/, ''),
    message: i.message,
  }));
}
