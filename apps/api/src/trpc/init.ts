// tRPC setup: the request context and the procedure builders.
import { initTRPC } from '@trpc/server';
import type { Services } from '../services.js';

export type Context = Services & {
  /** Keyed hash of this browser's anonymous voter id (issues the cookie on first use). */
  voterHash(): string;
  /** Keyed hash of the client address under today's key. */
  ipHash(): Promise<string>;
};

const t = initTRPC.context<Context>().create({
  // A server error's message may carry a failed query and its parameters: never send it.
  errorFormatter({ shape, error }) {
    if (shape.data.httpStatus < 500) return shape;
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, message: 'Internal server error.', data: { ...data, cause: error.code } };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
