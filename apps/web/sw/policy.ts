// What the service worker (sw.ts) keeps, for how long, and what it leaves alone: the rules as
// plain functions of a request, so policy.test.ts checks them without a worker.

const DAY_S = 24 * 3600;

/** The worker's own copies, by kind. */
export const CACHES = { api: 'denkmal-api', tiles: 'denkmal-tiles' } as const;

/**
 * Where a cache of an earlier version goes: while the map ran for one city, the names carried the
 * city's ("<city>-api", "<city>-tiles"). The worker moves those copies into its own on activation,
 * so that an update does not leave a visitor offline without the popups and tiles seen before.
 * Workbox's precache and this worker's own caches stay where they are; anything else is not ours.
 */
export function movedTo(name: string): string | null {
  if (name.startsWith('workbox-') || Object.values<string>(CACHES).includes(name)) return null;
  const kind = /^[a-z]+-(api|tiles)$/.exec(name)?.[1];
  return kind === 'api' ? CACHES.api : kind === 'tiles' ? CACHES.tiles : null;
}
/** How long a public read waits for the network before the last copy answers. */
export const NETWORK_WAIT_S = 4;
/** The public reads kept: at most this many answers, each for this long. */
export const API_BOUND = { maxEntries: 500, maxAgeSeconds: 30 * DAY_S } as const;
/** The map tiles kept (only those the visitor has seen): at most this many, each for this long. */
export const TILE_BOUND = { maxEntries: 2000, maxAgeSeconds: 7 * DAY_S } as const;

/** Paths the worker leaves alone: staff, tRPC (the staff area's transport), the API docs. */
const NEVER = /^\/(admin|trpc|api\/staff|api\/docs|api\/openapi)(\/|$|\.)/;
/** The public reads the pages show: monuments (and their pages), the map's data tiles, proposals, a
 * monument's proposals, the figures, the config. */
const PUBLIC_READ = /^\/api\/(monuments(\/[^/]+)?|map\/\d+\/\d+\/\d+\.json|interventions\/[^/]+|config|stats)$/;
/** A tile server's image path: {z}/{x}/{y}. */
const TILE = /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/;

type Req = Pick<Request, 'method' | 'mode' | 'destination'>;

/** A visit to one of the app's pages (network first, the precached shell offline). */
export const isPage = (request: Req, url: URL, origin: string) =>
  request.mode === 'navigate' && url.origin === origin && !NEVER.test(url.pathname);

/** A public read (network first, the last copy offline). */
export const isPublicRead = (request: Req, url: URL, origin: string) =>
  request.method === 'GET' && url.origin === origin && PUBLIC_READ.test(url.pathname) && !NEVER.test(url.pathname);

/** A map tile: our own /tiles/, or an image of the configured tile server (kept once seen). */
export const isTile = (request: Req, url: URL, origin: string) =>
  request.method === 'GET' &&
  (url.origin === origin ? url.pathname.startsWith('/tiles/') : request.destination === 'image' && TILE.test(url.pathname));

/**
 * Whether an answer may be stored: nothing that sets a cookie, is private or no-store, or is not a
 * plain 200 (an opaque answer of another origin's tile excepted). Browsers hide Set-Cookie from
 * scripts, so that check is a second guard: the routes above match only answers that never carry one.
 */
export function storable(response: Pick<Response, 'status' | 'type'> & { headers: Pick<Headers, 'has' | 'get'> }): boolean {
  if (response.headers.has('set-cookie')) return false;
  if (/\b(private|no-store)\b/i.test(response.headers.get('cache-control') ?? '')) return false;
  return response.status === 200 || response.type === 'opaque';
}
