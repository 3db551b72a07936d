// The map by tile: every public monument that passes the filters is in exactly one tile
// of a zoom, as itself or inside a cluster whose counts, bounds and expansion zoom are right; the
// filters mean what the finder means (`matchesFilters`); answers carry a content ETag and a CDN's
// Cache-Control, answer 304, and change exactly where a monument changed; bad input is a 400 naming
// the parameter before any data is read.
import {
  ErrorBody,
  MAP_CLUSTER_MAX_ZOOM,
  MAP_TILE_CACHE_CONTROL,
  MapTile,
  matchesFilters,
  MonumentList,
  parseMonumentFilters,
  pathOf,
  routes,
  type Monument,
} from '@linz/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedSynthetic } from '../../src/db/synthetic.js';
import { monumentIndexNow } from '../../src/domain/lists/use-cases.js';
import { mapTile } from '../../src/domain/lists/map-tiles.js';
import { cell, tileX, tileY } from '@linz/contract/mercator';
import { DB_KIND, expectAnswer, json, PLACED_SEED, propose, testApp } from '../support/harness.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let all: Monument[];
beforeAll(async () => {
  t = await testApp();
  await seedSynthetic(t.database, { monuments: 600, proposals: 200, region: 'austria', force: true });
  t.app.services.lists.monuments.invalidate();
  all = expectAnswer(await t.app.inject({ url: routes.listMonuments.path }), 200, MonumentList);
});
afterAll(() => t?.close());

const tileUrl = (z: number | string, x: number | string, y: number | string, query = '') =>
  `${pathOf(routes.mapTile.path, { z, x, y })}${query}`;
const tile = async (z: number, x: number, y: number, query = '') =>
  expectAnswer(await t.app.inject({ url: tileUrl(z, x, y, query) }), 200, MapTile);

/** The tiles of zoom z that hold these monuments (Web Mercator, as slippy maps number them). */
function tilesOf(list: Monument[], z: number): [number, number][] {
  // The neighbours too where clusters are drawn: a cluster's centre may lie in a tile next to its members'.
  const around = z > MAP_CLUSTER_MAX_ZOOM ? [0] : [-1, 0, 1];
  const n = 2 ** z;
  const keys = new Set<string>();
  for (const m of list) {
    const sin = Math.sin((m.geoLocX * Math.PI) / 180);
    const x = Math.floor(((m.geoLocY + 180) / 360) * n);
    const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
    for (const dx of around) for (const dy of around) keys.add(`${x + dx}/${y + dy}`);
  }
  return [...keys].map((k) => k.split('/').map(Number) as [number, number]);
}

/** Everything a zoom shows: counts add up to `expected`, each monument and cluster once. */
async function wholeZoom(z: number, expected: Monument[], query = '') {
  const clusters: MapTile['clusters'] = [];
  const singles: Monument[] = [];
  for (const [x, y] of tilesOf(expected, z)) {
    const answer = await tile(z, x, y, query);
    expect([answer.z, answer.x, answer.y]).toEqual([z, x, y]);
    clusters.push(...answer.clusters);
    singles.push(...answer.monuments);
  }
  const ids = [...clusters.map((c) => c.id), ...singles.map((m) => m.id)];
  expect(new Set(ids).size).toBe(ids.length);
  expect(clusters.reduce((s, c) => s + c.count, 0) + singles.length).toBe(expected.length);
  const byId = new Map(expected.map((m) => [m.id, m]));
  for (const m of singles) expect(m).toEqual(byId.get(m.id));
  return { clusters, singles };
}

describe(`map tiles on ${DB_KIND}`, () => {
  it('shows every public monument once per zoom, clustered where they crowd and each alone from zoom 18', async () => {
    expect(all.length).toBe(PLACED_SEED + 600);
    const world = await tile(0, 0, 0);
    expect(world.clusters.reduce((s, c) => s + c.count, 0) + world.monuments.length).toBe(all.length);
    expect(world.clusters.length).toBeGreaterThan(0);
    for (const z of [5, 8]) {
      const { clusters } = await wholeZoom(z, all);
      expect(clusters.length).toBeGreaterThan(0);
      for (const c of clusters) {
        expect(c.id.startsWith(`${z}:`)).toBe(true);
        expect(c.expansionZoom).toBeGreaterThan(z);
        expect(c.expansionZoom).toBeLessThanOrEqual(MAP_CLUSTER_MAX_ZOOM + 1);
        const [s, w, n, e] = c.bounds;
        expect(c.lat).toBeGreaterThanOrEqual(s - 1e-6);
        expect(c.lat).toBeLessThanOrEqual(n + 1e-6);
        expect(c.lng).toBeGreaterThanOrEqual(w - 1e-6);
        expect(c.lng).toBeLessThanOrEqual(e + 1e-6);
        // The id names the cluster's first member: a monument inside its bounds.
        const first = all.find((m) => m.id === c.id.slice(`${z}:`.length));
        expect(first && first.geoLocX >= s && first.geoLocX <= n && first.geoLocY >= w && first.geoLocY <= e).toBe(true);
        const members = all.filter((m) => m.geoLocX >= s && m.geoLocX <= n && m.geoLocY >= w && m.geoLocY <= e);
        expect(members.length).toBeGreaterThanOrEqual(c.count);
      }
    }
    // Past the last clustered zoom every monument is its own, even those at one spot.
    const { clusters, singles } = await wholeZoom(MAP_CLUSTER_MAX_ZOOM + 1, all);
    expect([clusters.length, singles.length]).toEqual([0, all.length]);
  });

  it('counts the not yet reviewed and filters as the finder does (accents and ß folded), for REST and tRPC alike', async () => {
    const unreviewed = all.filter((m) => !m.validated).length;
    const world = await tile(0, 0, 0);
    expect(world.clusters.reduce((s, c) => s + c.unreviewed, 0) + world.monuments.filter((m) => !m.validated).length).toBe(
      unreviewed,
    );
    for (const query of [
      'validated=0',
      'sex=female,mixed&category=statue,bust',
      'q=JAGERSTATTER',
      'q=strasse graz',
      'proposals=1',
    ]) {
      const filters = parseMonumentFilters(Object.fromEntries(new URLSearchParams(query))).value;
      const expected = all.filter((m) => matchesFilters(m, filters));
      expect(expected.length, query).toBeGreaterThan(0);
      expect(expected.length, query).toBeLessThan(all.length);
      const { clusters } = await wholeZoom(7, expected, `?${query}`);
      if (query === 'validated=0') for (const c of clusters) expect(c.unreviewed).toBe(c.count);
    }
    // The folded search finds "Jägerstätter" and "Straße" in the synthetic names.
    expect(all.some((m) => m.name.includes('Jägerstätter'))).toBe(true);
    const input = { tile: { z: '7', x: '68', y: '44' }, filters: { sex: 'female' } };
    const trpc = await t.app.inject({ url: `/trpc/map.tile?input=${encodeURIComponent(JSON.stringify(input))}` });
    const rest = await t.app.inject({ url: tileUrl(7, 68, 44, '?sex=female') });
    expect((JSON.parse(trpc.body) as { result: { data: unknown } }).result.data).toEqual(JSON.parse(rest.body));
  });

  it('answers with a content ETag and a CDN Cache-Control, 304 to it, gzip when asked', async () => {
    // A tile of several single monuments: large enough to be gzipped.
    let url = '';
    let first = await t.app.inject({ url: tileUrl(0, 0, 0) });
    for (const [x, y] of tilesOf(all, 11)) {
      url = tileUrl(11, x, y);
      first = await t.app.inject({ url });
      if (first.body.length >= 2048) break;
    }
    expect(first.body.length).toBeGreaterThanOrEqual(2048);
    expect(first.headers['cache-control']).toBe(MAP_TILE_CACHE_CONTROL);
    expect(first.headers.vary).toBe('accept-encoding');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect(again.headers['cache-control']).toBe(MAP_TILE_CACHE_CONTROL);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(`${etag.slice(0, -1)}-gz"`);
    // Another filter set is another answer.
    expect((await t.app.inject({ url: `${url}?validated=1` })).headers.etag).not.toBe(etag);
  });

  it('refuses bad input with a 400 naming the parameter, before reading any data', async () => {
    const lists = t.app.services.lists;
    const reads = [vi.spyOn(lists.monuments, 'get'), vi.spyOn(lists.proposals, 'get'), vi.spyOn(t.database, 'rows')];
    const cases: [string, string[]][] = [
      [tileUrl(99, 0, 0), ['z']],
      [tileUrl(21, 0, 0), ['z']],
      [tileUrl(3, 8, 0), ['x']],
      [tileUrl(3, 0, 8), ['y']],
      [tileUrl(0, 1, 1), ['x', 'y']],
      [tileUrl('a', 0, 0), ['z']],
      [tileUrl(5, '1.5', 0), ['x']],
      [tileUrl(5, -1, 0), ['x']],
      [tileUrl(5, '01', 0), ['x']],
      [tileUrl(5, 0, ''), ['y']],
      [tileUrl(5, 0, 0, '?color=red'), ['color']],
      [tileUrl(5, 0, 0, '?sex=robot'), ['sex']],
      [tileUrl(5, 0, 0, '?validated=yes&proposals=0'), ['validated', 'proposals']],
      [tileUrl(5, 0, 0, `?q=${'x'.repeat(101)}`), ['q']],
      [tileUrl(5, 0, 0, '?sex=female&sex=male'), ['sex']],
      [tileUrl(5, 0, 0, '?z=3&cursor=x'), ['z', 'cursor']],
      [tileUrl(99, 0, 0, '?color=red'), ['z', 'color']],
    ];
    try {
      for (const [url, names] of cases) {
        const body = expectAnswer(await t.app.inject({ url }), 400, ErrorBody);
        expect(body.issues?.map((i) => i.path).sort(), url).toEqual(names.sort());
      }
      for (const spy of reads) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of reads) spy.mockRestore();
    }
  });

  it('after a write, keeps the answers of the tiles it did not touch (the same bytes) and makes the touched one anew', async () => {
    const z = 18;
    const n = 2 ** z;
    const tileOf = (m: Monument) => ({ z, x: cell(tileX(m.geoLocY, n), n), y: cell(tileY(m.geoLocX, n), n) });
    const [touched, other] = [all[3], all[all.length - 3]] as [Monument, Monument];
    const before = await monumentIndexNow(t.app.services);
    const [a, b] = await Promise.all([touched, other].map((m) => mapTile(before, {}, tileOf(m))));
    // A proposal changes its monument's count, not where it stands: the clusters stay.
    await propose(t.app, 'Eine Kachel weiter', touched.id);
    await t.app.services.lists.monuments.refreshing?.();
    const now = await monumentIndexNow(t.app.services);
    expect(now.list).not.toBe(before.list);
    const [a2, b2] = await Promise.all([touched, other].map((m) => mapTile(now, {}, tileOf(m))));
    expect(b2).toBe(b);
    expect(a2).not.toBe(a);
    const shown = (tile: typeof a | undefined) => tile?.data.monuments.find((m) => m.id === touched.id)?.proposals;
    expect(shown(a2)).toBe((shown(a) ?? 0) + 1);
  });

  it('changes the ETag of the tiles where a monument was added, and of no other', async () => {
    // Zoom 12 around Linz and far away in Vorarlberg; the new monument goes to Linz.
    const linz = tileUrl(12, 2210, 1418);
    const west = tileUrl(12, 2158, 1434);
    const before = await Promise.all([linz, west].map((url) => t.app.inject({ url })));
    const res = await t.app.inject({
      method: 'POST',
      url: routes.addMonument.path,
      headers: json,
      payload: { name: 'Neue Gedenktafel', geoLocX: 48.3069, geoLocY: 14.2858 },
    });
    expect(res.statusCode).toBe(201);
    const after = await Promise.all([linz, west].map((url) => t.app.inject({ url })));
    expect(after[0]?.headers.etag).not.toBe(before[0]?.headers.etag);
    expect(after[1]?.headers.etag).toBe(before[1]?.headers.etag);
    const stale = await t.app.inject({ url: linz, headers: { 'if-none-match': String(before[0]?.headers.etag) } });
    expect(stale.statusCode).toBe(200);
    const added = MapTile.parse(JSON.parse(String(after[0]?.body)));
    const count = (x: MapTile) => x.clusters.reduce((s, c) => s + c.count, 0) + x.monuments.length;
    expect(count(added)).toBe(count(MapTile.parse(JSON.parse(String(before[0]?.body)))) + 1);
  });
});
