// The API's tRPC router. Only its type is shared with clients.
import { createCallerFactory, router } from './init.js';
import { interventionsRouter } from './interventions.js';
import { monumentsRouter } from './monuments.js';

export const appRouter = router({ monuments: monumentsRouter, interventions: interventionsRouter });
export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
