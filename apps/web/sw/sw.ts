// The service worker (vite-plugin-pwa, injectManifest; Workbox 7 modules): the app opens offline
// after one visit online. Precached: the app shell, both languages' texts, the icons. At run time:
// pages network-first (the precached shell offline); the public reads network-first (fresh
// whenever the network answers, through the browser's HTTP cache and so revalidated with the ETag;
// the last copy when offline or after NETWORK_WAIT_S), and the map tiles the visitor has seen
// (cache-first, within TILE_BOUND; never fetched ahead). Never cached: /admin, staff calls, /trpc,
// writes, and any answer that sets a cookie. The rules: policy.ts.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import { API_BOUND, CACHES, isPage, isPublicRead, isTile, movedTo, NETWORK_WAIT_S, storable, TILE_BOUND } from './policy';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const origin = self.location.origin;

// Pages: the network first (the server's page carries the voter cookie and the newest app);
// offline, the precached shell, which routes on the client. Registered before the precache's
// route, which would otherwise answer a visit to / with the shell of the worker's own version
// (an old app until the new worker takes over).
registerRoute(
  ({ request, url }) => isPage(request, url, origin),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('/')) ?? Response.error();
    }
  },
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Copies kept under an earlier name (policy.ts, movedTo) move into this worker's caches.
async function moveEarlierCaches() {
  for (const name of await caches.keys()) {
    const target = movedTo(name);
    if (!target) continue;
    const [from, to] = await Promise.all([caches.open(name), caches.open(target)]);
    for (const request of await from.keys()) {
      const response = await from.match(request);
      if (response && !(await to.match(request))) await to.put(request, response);
    }
    await caches.delete(name);
  }
}
self.addEventListener('activate', (event) => event.waitUntil(moveEarlierCaches()));

// A new version waits until the visitor agrees ("Neue Version – neu laden") or every tab of the
// old one is closed: a page never has its scripts swapped under it.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const onlyStorable: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) => Promise.resolve(storable(response) ? response : null),
};

registerRoute(
  ({ request, url }) => isPublicRead(request, url, origin),
  new NetworkFirst({
    cacheName: CACHES.api,
    networkTimeoutSeconds: NETWORK_WAIT_S,
    matchOptions: { ignoreVary: true },
    plugins: [onlyStorable, new ExpirationPlugin(API_BOUND)],
  }),
);

registerRoute(
  ({ request, url }) => isTile(request, url, origin),
  new CacheFirst({
    cacheName: CACHES.tiles,
    plugins: [
      onlyStorable,
      // 0: another origin's tile without CORS (Leaflet loads plain <img>), stored opaque.
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ ...TILE_BOUND, purgeOnQuotaError: true }),
    ],
  }),
);
