// tRPC setup: the request context and the procedure builders.
import { initTRPC } from '@trpc/server';
import type { Services } from '../services.js';

export type Context = Services & {
  /** Keyed hash of this browser's anonymous voter id (issues the cookie on first use). */
  voterHash(): string;
  /** Keyed hash of the client address under today's key. */
  ipHash(): Promise<string>;
};

const t = initTRPC.context<Context>().create();

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
