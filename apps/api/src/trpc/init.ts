// tRPC setup: the request context and the procedure builders.
import { initTRPC, TRPCError } from '@trpc/server';
import { databaseUnavailable } from '../db/unavailable.js';
import type { Services } from '../services.js';

export type Context = Services & {
  /** Keyed hash of this browser's anonymous voter id (issues the cookie on first use). */
  voterHash(): string;
  /** Keyed hash of the client address under today's key. */
  ipHash(): Promise<string>;
  /** True once this request has been answered (e.g. 503 at its deadline): its work is no longer wanted. */
  answered(): boolean;
};

const t = initTRPC.context<Context>().create({
  // A server error's message may carry a failed query and its parameters: never send it.
  errorFormatter({ shape, error }) {
    if (shape.data.httpStatus < 500) return shape;
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, message: 'Internal server error.', data: { ...data, cause: error.code } };
  },
});

/** A lost database is the service being briefly unavailable (503), not a server bug (500). */
const databaseAware = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && databaseUnavailable(result.error)) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'The database is briefly unavailable.', cause: result.error });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(databaseAware);
export const createCallerFactory = t.createCallerFactory;
