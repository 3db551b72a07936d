// The API's tRPC router. Only its type is shared with clients.
import { createCallerFactory, publicProcedure, router } from './init.js';
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
