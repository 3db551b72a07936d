// The API's tRPC router. Only its type is shared with clients.
import { createCallerFactory, publicProcedure, router } from './init.js';
import { followsRouter } from './follows.js';
import { proposalsRouter } from './proposals.js';
import { mapRouter } from './map.js';
import { monumentsRouter } from './monuments.js';
import { siteRouter } from './site.js';
import { photosRouter } from './photos.js';
import { placesRouter } from './places.js';
import { staffRouter } from './staff.js';
import { votesRouter } from './votes.js';

export const appRouter = router({
  monuments: monumentsRouter,
  proposals: proposalsRouter,
  /** The map's clusters and monuments by slippy-map tile. */
  map: mapRouter,
  /** What the web app needs to know of this server (validated once at start). */
  config: publicProcedure.query(({ ctx }) => ctx.clientConfig.data),
  staff: staffRouter,
  /** The legal pages: the site profile and the accessibility feedback form. */
  site: siteRouter,
  /** Following proposals and "mine". */
  follows: followsRouter,
  /** Confirming votes by e-mail, and staff's check of the votes. */
  votes: votesRouter,
  /** "Wo ist das?": the commemorations without a place, and citizens' suggestions. */
  places: placesRouter,
  /** Photos of monuments and sketches of proposals. */
  photos: photosRouter,
  /** The dashboard's figures: the snapshot's data, rebuilt when a list changes (services.stats). */
  stats: publicProcedure.query(async ({ ctx }) => (await ctx.stats.get()).data),
});
export type AppRouter = typeof appRouter;
/** Calls procedures with a request's context, as a tRPC client would (the REST adapter's way in). */
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
