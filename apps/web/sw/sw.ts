// The service worker (vite-plugin-pwa, injectManifest; Workbox 7 modules): the app opens offline
// after one visit online. Precached: the app shell, both languages' texts, the icons. At run time:
// the public reads network-first (fresh whenever the network answers, through the browser's HTTP
// cache and so revalidated with the ETag; the last copy when offline or after NETWORK_WAIT_S), and
// the map tiles the visitor has seen (cache-first, at most TILE_ENTRIES for TILE_DAYS; never
// fetched ahead). Never cached: /admin, staff calls, /trpc, writes, and any answer that sets a cookie.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const NETWORK_WAIT_S = 4;
const TILE_ENTRIES = 2000;
const TILE_DAYS = 7;
export const CACHES = { api: 'linz-api', tiles: 'linz-tiles' } as const;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version waits until the visitor agrees ("Neue Version – neu laden") or every tab of the
// old one is closed: a page never has its scripts swapped under it.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Paths the service worker leaves alone: staff, tRPC (the staff area's transport), the API docs. */
const NEVER = /^\/(admin|trpc|api\/staff|api\/docs|api\/openapi)(\/|$|\.)/;

/**
 * Stores nothing that sets a cookie or is private or not a plain 200. (Browsers hide Set-Cookie
 * from scripts, so the header check is a second guard; the routes below only match answers that
 * never carry one.)
 */
const storable: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) => {
    if (response.headers.has('set-cookie')) return Promise.resolve(null);
    if (/\b(private|no-store)\b/i.test(response.headers.get('cache-control') ?? '')) return Promise.resolve(null);
    return Promise.resolve(response.status === 200 || response.type === 'opaque' ? response : null);
  },
};

// Pages: the network first (the server's page carries the voter cookie and the newest app);
// offline, the precached shell, which routes on the client.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !NEVER.test(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('/')) ?? Response.error();
    }
  },
);

// The public reads the pages show: monuments, proposals, a monument's proposals, the figures, the config.
const PUBLIC_READ = /^\/api\/(monuments(\/[^/]+)?|interventions\/[^/]+|config|stats)$/;
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    PUBLIC_READ.test(url.pathname) &&
    !NEVER.test(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.api,
    networkTimeoutSeconds: NETWORK_WAIT_S,
    matchOptions: { ignoreVary: true },
    plugins: [storable, new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

// Map tiles already seen: our own /tiles/ and the configured tile server ({z}/{x}/{y} image paths).
const TILE = /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/;
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    (url.origin === self.location.origin
      ? url.pathname.startsWith('/tiles/')
      : request.destination === 'image' && TILE.test(url.pathname)),
  new CacheFirst({
    cacheName: CACHES.tiles,
    plugins: [
      storable,
      // 0: another origin's tile without CORS (Leaflet loads plain <img>), stored opaque.
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: TILE_ENTRIES, maxAgeSeconds: TILE_DAYS * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);
