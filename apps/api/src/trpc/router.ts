// The API's tRPC router. Only its type is shared with clients.
import type { AnyQueryProcedure, inferProcedureOutput } from '@trpc/server';
import { createCallerFactory, publicProcedure, router, type Context } from './init.js';
import { interventionsRouter } from './interventions.js';
import { monumentsRouter } from './monuments.js';

export const appRouter = router({
  monuments: monumentsRouter,
  interventions: interventionsRouter,
  /** What the web app needs to know of this server (validated once at start). */
  config: publicProcedure.query(({ ctx }) => ctx.clientConfig.data),
});
export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

type Invoke = (opts: {
  ctx: Context;
  path: string;
  type: 'query';
  getRawInput: () => Promise<unknown>;
  signal: undefined;
}) => Promise<unknown>;
const noInput = () => Promise.resolve(undefined);

/**
 * Runs a query procedure without input (its middlewares and resolver, exactly as createCaller
 * does) minus createCaller's per-call proxies and path lookup: the public list reads are the
 * hottest path, and those proxies cost them about a tenth of their throughput.
 */
export function runQuery<P extends AnyQueryProcedure>(
  procedure: P,
  path: string,
  ctx: Context,
): Promise<inferProcedureOutput<P>> {
  return (procedure as unknown as Invoke)({ ctx, path, type: 'query', getRawInput: noInput, signal: undefined }) as Promise<
    inferProcedureOutput<P>
  >;
}
