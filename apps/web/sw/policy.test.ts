// The service worker's rules (policy.ts): what it keeps, for how long, and what it never touches.
import { describe, expect, it } from 'vitest';
import { API_BOUND, CACHES, isPage, isPublicRead, isTile, movedTo, storable, TILE_BOUND } from './policy';

const ORIGIN = 'https://denkmal.linz.at';
const at = (path: string, origin = ORIGIN) => new URL(path, origin);
const get = { method: 'GET', mode: 'cors', destination: '' } as const;
const visit = { method: 'GET', mode: 'navigate', destination: 'document' } as const;
const image = { method: 'GET', mode: 'no-cors', destination: 'image' } as const;

describe('the service worker policy', () => {
  it('keeps at most 2,000 seen tiles for 7 days, and 500 public reads for 30 days', () => {
    expect(TILE_BOUND).toEqual({ maxEntries: 2000, maxAgeSeconds: 7 * 24 * 3600 });
    expect(API_BOUND).toEqual({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600 });
  });

  it('answers visits to the public pages, never to the staff area or another site', () => {
    for (const path of ['/', '/stats', '/monuments', '/interventions', '/add', '/?monument=mon-1'])
      expect(isPage(visit, at(path), ORIGIN), path).toBe(true);
    for (const path of ['/admin', '/admin/', '/admin/anything', '/api/docs', '/api/docs/'])
      expect(isPage(visit, at(path), ORIGIN), path).toBe(false);
    expect(isPage(visit, at('/', 'https://example.org'), ORIGIN)).toBe(false);
    expect(isPage(get, at('/stats'), ORIGIN)).toBe(false);
  });

  it('keeps the public reads only: no staff call, no tRPC, no personal list, no write', () => {
    for (const path of [
      '/api/monuments',
      '/api/monuments/mon-1',
      '/api/interventions/all',
      '/api/interventions/mon-1',
      '/api/config',
      '/api/stats',
      '/api/map/14/8843/5681.json',
      '/api/monuments/page',
      '/api/monuments?lang=en',
    ])
      expect(isPublicRead(get, at(path), ORIGIN), path).toBe(true);
    for (const path of [
      '/api/staff/reports',
      '/api/staff/session',
      '/trpc/monuments.list',
      '/trpc/staff.reports',
      '/api/mine',
      '/api/interventions/12/vote',
      '/api/openapi.json',
      '/api/docs',
      '/admin',
    ])
      expect(isPublicRead(get, at(path), ORIGIN), path).toBe(false);
    expect(isPublicRead({ ...get, method: 'POST' }, at('/api/monuments'), ORIGIN)).toBe(false);
    expect(isPublicRead(get, at('/api/monuments', 'https://example.org'), ORIGIN)).toBe(false);
  });

  it('keeps tiles: ours under /tiles/, and the tile server’s {z}/{x}/{y} images', () => {
    expect(isTile(image, at('/tiles/14/8848/5679.png'), ORIGIN)).toBe(true);
    expect(isTile(image, at('/14/8848/5679.png', 'https://tiles.example.org'), ORIGIN)).toBe(true);
    expect(isTile(image, at('/14/8848/5679@2x.jpeg', 'https://tiles.example.org'), ORIGIN)).toBe(true);
    expect(isTile(image, at('/icons/icon-192.png'), ORIGIN)).toBe(false);
    expect(isTile(get, at('/14/8848/5679.png', 'https://tiles.example.org'), ORIGIN)).toBe(false);
    expect(isTile(image, at('/logo.png', 'https://tiles.example.org'), ORIGIN)).toBe(false);
    expect(isTile({ ...image, method: 'POST' }, at('/tiles/14/8848/5679.png'), ORIGIN)).toBe(false);
  });

  it('stores no answer that sets a cookie, is private or no-store, or is not a 200', () => {
    // A plain map: a Response object here hides Set-Cookie, as browsers do.
    const answer = (status: number, headers: Record<string, string> = {}) => {
      const map = new Map(Object.entries(headers));
      return {
        status,
        type: 'basic' as const,
        headers: { has: (n: string) => map.has(n), get: (n: string) => map.get(n) ?? null },
      };
    };
    expect(storable(answer(200, { 'cache-control': 'no-cache' }))).toBe(true);
    expect(storable(answer(200, { 'set-cookie': 'voter=1' }))).toBe(false);
    expect(storable(answer(200, { 'cache-control': 'private, no-cache' }))).toBe(false);
    expect(storable(answer(200, { 'cache-control': 'no-store' }))).toBe(false);
    expect(storable(answer(404))).toBe(false);
    expect(storable(answer(503))).toBe(false);
    expect(storable({ ...answer(0), type: 'opaque' })).toBe(true);
  });

  it("moves a city-named cache of an earlier version into its own, and leaves Workbox's and anything else", () => {
    expect(movedTo('linz-api')).toBe(CACHES.api);
    expect(movedTo('linz-tiles')).toBe(CACHES.tiles);
    expect(movedTo('graz-tiles')).toBe(CACHES.tiles);
    expect(movedTo(CACHES.api)).toBeNull();
    expect(movedTo(CACHES.tiles)).toBeNull();
    expect(movedTo('workbox-precache-v2-https://denkmal.linz.at/')).toBeNull();
    expect(movedTo('other-cache')).toBeNull();
  });
});
