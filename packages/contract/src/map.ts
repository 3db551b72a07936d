// The map's data by slippy-map tile, and the server-side lists a page at a time. The
// query parameters are the finder's (the address's names, `filters.ts`): each is read by the same
// parse as the web app's, and a parameter a route does not know is refused (400 naming it).
import { z } from 'zod';
import { MAP_TILE_MAX_ZOOM, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './facts.js';
import { parseProposalSearch, parseMonumentFilters, type ProposalSearch, type MonumentFilters, type Parsed } from './filters.js';
import { Intervention } from './proposal.js';
import { MonumentExportQuery } from './exports.js';
import { Monument } from './monument.js';

/** A whole number in decimal digits, as a path or query parameter (no sign, no leading zero). */
const wholeNumber = (name: string, max: number) =>
  z
    .string()
    .regex(/^(0|[1-9]\d{0,9})$/, { message: `${name} must be a whole number` })
    .transform(Number)
    .pipe(z.number().max(max, { message: `${name} must be at most ${max}` }));

/** A tile's address: zoom `z` (0 to MAP_TILE_MAX_ZOOM), column `x` and row `y` (each 0 to 2^z − 1). */
export const MapTileParams = z
  .object({
    z: wholeNumber('z', MAP_TILE_MAX_ZOOM).describe(`zoom, 0 to ${MAP_TILE_MAX_ZOOM}`),
    x: wholeNumber('x', 2 ** MAP_TILE_MAX_ZOOM - 1).describe('column, 0 to 2^z − 1 (west to east)'),
    y: wholeNumber('y', 2 ** MAP_TILE_MAX_ZOOM - 1).describe('row, 0 to 2^z − 1 (north to south)'),
  })
  .superRefine((t, ctx) => {
    const n = 2 ** t.z;
    for (const key of ['x', 'y'] as const)
      if (t[key] >= n) ctx.addIssue({ code: 'custom', path: [key], message: `${key} must be below 2^z = ${n} at zoom ${t.z}` });
  });
export type MapTileParams = z.output<typeof MapTileParams>;

/** Adds an issue for each parameter the finder's parse dropped, and gives what it kept. */
function kept<T>(parsed: Parsed<T>, ctx: z.RefinementCtx): T {
  for (const key of parsed.invalid) ctx.addIssue({ code: 'custom', path: [key], message: `invalid ${key}` });
  return parsed.value;
}

/** The finder's monument filters (`category`, `sex`, `proposals`, `validated`, `q`) as query parameters. */
const filterFields = MonumentExportQuery.omit({ bbox: true }).shape;
const filtersOf = (query: Record<string, unknown>, ctx: z.RefinementCtx): MonumentFilters =>
  kept(parseMonumentFilters(query), ctx);

/** The map's filters, no other parameter (a tile's URL is a CDN's cache key: nothing else may vary it). */
export const MapFilterQuery = z.strictObject(filterFields).transform(filtersOf);

/** A page's place in a list: the `nextCursor` of the page before (opaque), and how many items. */
const pageFields = {
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,1000}$/, { message: 'invalid cursor' })
    .optional()
    .describe('the nextCursor of the page before; none for the first page'),
  limit: wholeNumber('limit', PAGE_LIMIT_MAX)
    .pipe(z.number().min(1, { message: 'limit must be at least 1' }))
    .optional()
    .describe(`items per page, 1 to ${PAGE_LIMIT_MAX} (default ${PAGE_LIMIT_DEFAULT})`),
};
export type PageRequest = { cursor?: string; limit: number };
const pageOf = (q: { cursor?: string | undefined; limit?: number | undefined }): PageRequest => ({
  ...(q.cursor === undefined ? {} : { cursor: q.cursor }),
  limit: q.limit ?? PAGE_LIMIT_DEFAULT,
});

/** `GET /api/monuments/page`: the finder's filters, a page, and the language whose names it is sorted by. */
export const MonumentPageQuery = z
  .strictObject({
    ...filterFields,
    ...pageFields,
    lang: z
      .enum(['de', 'en'])
      .optional()
      .describe('sorted by the names in this language: en sorts a monument by its English name where it has one (default de)'),
  })
  .transform((q, ctx) => ({ filters: filtersOf(q, ctx), page: pageOf(q), lang: q.lang ?? 'de' }));
export type MonumentPageQuery = z.output<typeof MonumentPageQuery>;

/** `GET /api/interventions/page`: the proposal list's parameters (`/interventions`) and a page. */
export const ProposalPageQuery = z
  .strictObject({
    q: z.string().optional().describe('words that must all occur in the proposal’s or its monument’s name'),
    status: z.string().optional().describe('comma-separated: open, in_review, planned, declined, done'),
    sort: z.enum(['votes', 'newest']).optional().describe('votes (default: most first) or newest'),
    ...pageFields,
  })
  .transform((q, ctx) => ({ search: kept<ProposalSearch>(parseProposalSearch(q), ctx), page: pageOf(q) }));
export type ProposalPageQuery = z.output<typeof ProposalPageQuery>;

/** A cluster of monuments on one tile. */
export const MapCluster = z.object({
  /** Stable while the cluster keeps its first member: the zoom and the smallest member id. */
  id: z.string(),
  lat: z.number(),
  lng: z.number(),
  count: z.number().int().min(2),
  /** How many of them are not yet reviewed by the city's staff (`validated: false`). */
  unreviewed: z.number().int().nonnegative(),
  /** The zoom at which the cluster comes apart (into smaller clusters or monuments). */
  expansionZoom: z.number().int(),
  /** The members' extent: south, west, north, east. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type MapCluster = z.infer<typeof MapCluster>;

/**
 * What the map draws on one tile: the clusters whose centre and the monuments whose position lies
 * in the tile (each in exactly one tile of a zoom), with the fields the marker and popup need.
 */
export const MapTile = z.object({
  z: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  clusters: z.array(MapCluster),
  monuments: z.array(Monument),
});
export type MapTile = z.infer<typeof MapTile>;

/** `map.tile` over tRPC: the tile's address and the filters, as in the URL. */
export const MapTileInput = z.object({ tile: MapTileParams, filters: MapFilterQuery });

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** The cursor of the next page; null on the last one. */
    nextCursor: z.string().nullable(),
    /** How many items match in all (every page together). */
    total: z.number().int().nonnegative(),
  });

export const MonumentPage = page(Monument).extend({
  /** Every category of the public monuments, filtered or not, sorted: the finder's choices. */
  categories: z.array(z.string()),
});
export type MonumentPage = z.infer<typeof MonumentPage>;

/** A proposal in the paged list carries its monument (the list has no other way to name or place it). */
export const PagedProposal = Intervention.extend({ monument: Monument });
export const ProposalPage = page(PagedProposal);
export type ProposalPage = z.infer<typeof ProposalPage>;
