// tRPC setup: the request context and the procedure builders.
import { errorCodeOfStatus } from '@linz/contract';
import { initTRPC } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { Actor } from '../domain/actor.js';
import type { Services } from '../services.js';
import { DomainError, Duplicate } from '../domain/errors.js';
import { answeredError, issuesOf } from './errors.js';

/** A request's context: the app's parts, who makes the request (an Actor: what the use cases are
 * given), and what only the transport does (the Idempotency-Key header, the staff session cookie). */
export type Context = Services &
  Actor & {
    /** The request's Idempotency-Key header as sent (validated by trpc/idempotency.ts). */
    idempotencyKey(): string | undefined;
    /** Sets the staff_session cookie to a new session id. */
    startStaffSession(sessionId: string): void;
    /** The session id of the request's staff_session cookie (if any), and the cookie cleared. */
    endStaffSession(): string | undefined;
  };

const t = initTRPC.context<Context>().create({
  // Never a stack in an answer, whatever NODE_ENV says (tRPC adds one unless NODE_ENV=production):
  // it names absolute paths and dependency versions. The log has the full error.
  isDev: false,
  errorFormatter({ shape: withStack, error }) {
    const { stack: _stack, ...data } = withStack.data;
    const shape = { ...withStack, data };
    const answered = answeredError(error);
    const httpStatus = getHTTPStatusCodeFromError(answered);
    // A server error's message may carry a failed query and its parameters: never send it.
    if (httpStatus >= 500) {
      return {
        ...shape,
        code: TRPC_ERROR_CODES_BY_KEY[answered.code],
        message: 'Internal server error.',
        data: { ...data, code: answered.code, httpStatus, cause: answered.code, reason: errorCodeOfStatus(httpStatus) },
      };
    }
    // The vocabulary's code (the REST body's `code`); tRPC's own `data.code` names only its error class.
    const reason = answered.cause instanceof DomainError ? answered.cause.code : errorCodeOfStatus(httpStatus);
    // A refused input names each field's problem, as the REST body's `issues` do (the staff forms show them).
    const issues = issuesOf(answered.cause);
    if (answered === error) return { ...shape, data: { ...shape.data, reason, ...(issues ? { issues } : {}) } };
    return {
      ...shape,
      code: TRPC_ERROR_CODES_BY_KEY[answered.code],
      message: answered.message,
      // A duplicate monument names the one it duplicates, as the REST body's `existingId` does.
      data: {
        ...shape.data,
        code: answered.code,
        httpStatus,
        ...(answered.cause instanceof Duplicate ? { existingId: answered.cause.existingId } : {}),
        reason,
      },
    };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;
/** A procedure for signed-in staff only (401 before any work otherwise). */
export const staffProcedure = t.procedure.use(async ({ ctx, next }) => {
  await ctx.staffMember();
  return next();
});
export const createCallerFactory = t.createCallerFactory;
