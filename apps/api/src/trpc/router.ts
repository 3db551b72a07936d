// The API's tRPC router. Only its type is shared with clients.
import { getTRPCErrorFromUnknown } from '@trpc/server';
import { createCallerFactory, publicProcedure, router, type Context } from './init.js';
import { followsRouter } from './follows.js';
import { interventionsRouter } from './interventions.js';
import { mapRouter } from './map.js';
import { monumentsRouter } from './monuments.js';
import { siteRouter } from './site.js';
import { photosRouter } from './photos.js';
import { placesRouter } from './places.js';
import { staffRouter } from './staff.js';
import { votesRouter } from './votes.js';

export const appRouter = router({
  monuments: monumentsRouter,
  interventions: interventionsRouter,
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
export const createCaller = createCallerFactory(appRouter);

type CallOptions = {
  ctx: Context;
  path: string;
  type: 'query' | 'mutation';
  getRawInput: () => Promise<unknown>;
  signal: undefined;
};
/** What tRPC keeps of a procedure: its input parsers, its middlewares (the resolver is the last one) and its resolver. */
export type Procedure = ((opts: CallOptions) => Promise<unknown>) & {
  _def: {
    type: 'query' | 'mutation';
    inputs: unknown[];
    middlewares: unknown[];
    resolver?: (opts: CallOptions & { input: undefined }) => Promise<unknown>;
  };
};

/** The procedure at a path (`staff.audit.list`); a path that names none is a mistake, found when the routes are made. */
export function procedureAt(path: string): Procedure {
  const found = (appRouter._def.procedures as Record<string, unknown>)[path];
  if (typeof found !== 'function') throw new Error(`no tRPC procedure at "${path}"`);
  return found as Procedure;
}

/**
 * Runs a procedure as createCaller does, minus its per-call proxies and path lookup. A procedure
 * with no input and no middleware is its resolver alone: that is called directly, failures wrapped
 * as tRPC wraps them (tRPC's middleware chain copies its options object twice per step, a tenth of
 * a list read). The public list reads are the hottest path.
 */
export async function runProcedure(procedure: Procedure, path: string, ctx: Context, input: unknown): Promise<unknown> {
  const { _def } = procedure;
  const opts: CallOptions = { ctx, path, type: _def.type, getRawInput: () => Promise.resolve(input), signal: undefined };
  if (_def.inputs.length > 0 || _def.middlewares.length !== 1 || !_def.resolver) return procedure(opts);
  try {
    return await _def.resolver({ ...opts, input: undefined });
  } catch (cause) {
    throw getTRPCErrorFromUnknown(cause);
  }
}
