// A large list's indexes are built in slices that end on time (models.ts), so no read waits long for
// a write's rebuild: with a clock that moves a millisecond per look, every build here yields many
// times, also inside one zoom of the clustering and inside the search over the joined texts, and
// what it builds is exactly what the finder's definition (matchesFilters) and supercluster's own
// `load` give. The busy bench (`pnpm bench -- --only busy`) measures the same on a real server.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { matchesFilters, MAP_CLUSTER_MAX_ZOOM, type Monument, type MonumentFilters } from '@linz/contract';
import { cell, tileX, tileY } from '@linz/contract/mercator';
import Supercluster from 'supercluster';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { monumentIndexSteps } from '../../src/domain/lists/finder.js';
import { mapTile, pointsSteps, pointsUpdated, type ClusterIndex } from '../../src/domain/lists/map-tiles.js';
import { publicListCaches } from '../../src/domain/lists/list-caches.js';
import { CLUSTER_OPTIONS, clusterPointsSteps, clusterSteps, offThread, pointOf } from '../../src/domain/lists/clusters.js';
import { runAtOnce, runSliced, SLICE_MS } from '../../src/domain/lists/models.js';

const N = 12_000;
const WORDS = ['Brunnen', 'Tafel', 'Kepler', 'Stifter', 'Donau', 'Straße', 'Säule', 'Büste'];
const CATEGORIES = ['statue', 'plaque', 'memorial', 'bust', 'street'];

/** N monuments around Linz, some crowded, in a fixed pseudo-random order (no Math.random: the same every run). */
function monuments(): Monument[] {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  return Array.from({ length: N }, (_, i) => ({
    id: `syn-${String(i).padStart(5, '0')}`,
    name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`,
    geoLocX: 48.3 + (i % 10 === 0 ? next() * 0.001 : next() * 0.1),
    geoLocY: 14.28 + (i % 10 === 0 ? next() * 0.001 : next() * 0.1),
    category: CATEGORIES[i % CATEGORIES.length] as string,
    sex: i % 3 === 0 ? 'female' : 'male',
    validated: i % 4 !== 0,
    shortDescription: '',
    shortDescription_en: '',
    image: '',
    alternatives: [],
    proposals: i % 5,
  }));
}

/** supercluster's own `load` of the monuments, to hold ours against. */
const ownLoad = (list: Monument[]) =>
  new Supercluster(CLUSTER_OPTIONS).load(
    list.map((m) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [m.geoLocY, m.geoLocX] },
      properties: { id: m.id, validated: m.validated, lat: m.geoLocX, lng: m.geoLocY },
    })),
  );

/** A clock that moves one millisecond each time it is read. */
function steppingClock() {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => ++now);
}
afterEach(() => vi.restoreAllMocks());

async function sliced<T>(build: Parameters<typeof runSliced<T>>[0]) {
  let slices = 0;
  const value = await runSliced(build, () => slices++);
  return { value, slices };
}

describe('builds in slices', () => {
  it('the finder’s index: yields every few hundred items and finds what the finder’s definition finds', async () => {
    const list = monuments();
    const sets: MonumentFilters[] = [
      {},
      { q: 'stifter straße' },
      { category: ['bust', 'street'] },
      { sex: ['female'], q: 'donau' },
    ];
    // A first index whose filter sets in use are recomputed, in slices too, by the next build.
    const first = runAtOnce(monumentIndexSteps(list, undefined));
    for (const filters of sets) first.matching(filters);
    steppingClock();
    // A copy of the list: a version whose changes are not known, so it is built whole.
    const { value: index, slices } = await sliced(monumentIndexSteps(list.slice(), first));
    // A slice ends after SLICE_MS clock reads, looked at every 256 items: at least one slice per
    // 256 · SLICE_MS items. A build that yields only between its steps makes one slice here.
    expect(slices).toBeGreaterThan(N / (256 * (SLICE_MS + 1)));
    vi.restoreAllMocks();
    for (const filters of sets) {
      const expected = list.flatMap((m, i) => (matchesFilters(m, filters) ? [i] : []));
      expect(expected.length).toBeGreaterThan(0);
      expect(Array.from(index.matching(filters))).toEqual(expected);
    }
    expect(index.textAt(N - 1)).toContain(String(N - 1));
  });

  it('the map’s clusters: yields inside a zoom and clusters exactly as supercluster’s own load', async () => {
    const list = monuments();
    steppingClock();
    const { value: index, slices } = await sliced(clusterSteps(list));
    // More slices than zooms: the zooms themselves are cut (they took up to 160 ms at 50,000 monuments).
    expect(slices).toBeGreaterThan(3 * (MAP_CLUSTER_MAX_ZOOM + 2));
    vi.restoreAllMocks();
    const own = ownLoad(list);
    for (const z of [0, 8, 12, 14, 16, MAP_CLUSTER_MAX_ZOOM]) {
      const ours = index.getClusters([-180, -85, 180, 85], z);
      expect(ours.length).toBeGreaterThan(0);
      expect(ours).toEqual(own.getClusters([-180, -85, 180, 85], z));
    }
  });

  it('the map’s clusters of a large set: built in the worker thread, exactly as supercluster’s own load', async () => {
    const list = monuments();
    const before = offThread.built;
    let slices = 0;
    const index = await runSliced(clusterPointsSteps(list.map(pointOf)), () => slices++);
    expect(offThread.built).toBe(before + 1);
    const own = ownLoad(list);
    for (const z of [0, 8, 12, 14, 16, MAP_CLUSTER_MAX_ZOOM]) {
      const ours = index.getClusters([-180, -85, 180, 85], z);
      expect(ours.length).toBeGreaterThan(0);
      expect(ours).toEqual(own.getClusters([-180, -85, 180, 85], z));
      // The trees' parents and zooms came along: each cluster expands where supercluster's own does.
      for (const f of ours.slice(0, 50))
        if ('cluster_id' in f.properties)
          expect(index.getClusterExpansionZoom(f.properties.cluster_id)).toBe(
            own.getClusterExpansionZoom(f.properties.cluster_id),
          );
    }
  });

  it('a new list’s points: those of monuments that stand where they stood are the ones before, not new objects', () => {
    // Each new index of a filter set made every point anew: at 50,000 monuments and eight filter
    // sets, most of what a new monument left for the garbage collector (docs/performance.md).
    const list = monuments().slice(0, 6);
    const all = (n: number) => Int32Array.from({ length: n }, (_, k) => k);
    const before = runAtOnce(pointsSteps(list, all(6), undefined));
    expect(before.map((p) => p.id)).toEqual(list.map((m) => m.id));
    expect(runAtOnce(pointsSteps(list, all(6), before))).toBe(before);

    const added = { ...(list[5] as Monument), id: 'syn-new' };
    const moved = { ...(list[4] as Monument), geoLocX: (list[4] as Monument).geoLocX + 0.01 };
    const next = [list[0], list[1], added, list[2], list[3], moved] as Monument[];
    const points = runAtOnce(pointsSteps(next, all(6), before));
    expect(points.map((p) => p.id)).toEqual(next.map((m) => m.id));
    expect([points[0], points[1], points[3], points[4]]).toEqual([before[0], before[1], before[2], before[3]]);
    for (const [k, b] of [
      [0, 0],
      [1, 1],
      [3, 2],
      [4, 3],
    ] as const)
      expect(points[k]).toBe(before[b]);
    expect(points[2]).toEqual(pointOf(added));
    expect(points[5]).not.toBe(before[4]);
    expect(points[5]?.lat).toBe(moved.geoLocX);

    // One gone: the rest are the ones before.
    const fewer = [list[0], list[2], list[3], list[4], list[5]] as Monument[];
    const left = runAtOnce(pointsSteps(fewer, all(5), before));
    for (const [k, b] of [
      [0, 0],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
    ] as const)
      expect(left[k]).toBe(before[b]);
  });

  it('while a large list’s new cluster index is built, tiles answer from the last one: where a moved monument stood made anew, the rest kept', async () => {
    const rows = monuments();
    const { monuments: cache } = publicListCaches({
      monuments: async (ids) => (ids ? rows.filter((r) => ids.includes(r.id)) : rows),
      proposals: async () => [],
    });
    const z = MAP_CLUSTER_MAX_ZOOM + 1;
    const n = 2 ** z;
    const tileAt = (lat: number, lng: number) => ({ z, x: cell(tileX(lng, n), n), y: cell(tileY(lat, n), n) });
    // A filter set of its own that every monument passes: the map's models are kept per filter set
    // in the module, which the test files share (isolate: false), so no other test's is met here.
    const filters: MonumentFilters = { category: [...CATEGORIES, `unused-${randomUUID()}`] };
    const [movedAt, otherAt] = [1, 5];
    const [stood, other] = [rows[movedAt], rows[otherAt]] as [Monument, Monument];
    const first = runAtOnce(monumentIndexSteps((await cache.get()).data, undefined));
    const [a, b] = await Promise.all([stood, other].map((m) => mapTile(first, filters, tileAt(m.geoLocX, m.geoLocY))));
    expect(a?.data.monuments.map((m) => m.id)).toContain(stood.id);
    expect(b?.data.monuments.map((m) => m.id)).toContain(other.id);

    // Staff move the monument: the new index is updated from the first, not in the same places.
    rows[movedAt] = { ...stood, geoLocX: stood.geoLocX + 0.01 };
    await cache.changed?.([stood.id]);
    const next = runAtOnce(monumentIndexSteps((await cache.get()).data, first));
    expect(next.updatedFrom?.deref()).toBe(first);
    expect(next.samePlacesAs).toBeUndefined();
    // Its cluster index is built in the worker meanwhile; the tiles come from the first one's.
    const [a2, b2] = await Promise.all([stood, other].map((m) => mapTile(next, filters, tileAt(m.geoLocX, m.geoLocY))));
    expect(b2).toBe(b);
    expect(a2).not.toBe(a);
    // Where the last complete index has it, with the newest data.
    expect(a2?.data.monuments.find((m) => m.id === stood.id)?.geoLocX).toBe(stood.geoLocX + 0.01);
  });

  it('a few monuments changed in a large list: their points put in place are those a whole pass makes', async () => {
    const rows = monuments();
    const { monuments: cache } = publicListCaches({
      monuments: async (ids) => (ids ? rows.filter((r) => ids.includes(r.id)) : rows),
      proposals: async () => [],
    });
    const refreshed = async (ids: string[]) => {
      await cache.changed?.(ids);
      return (await cache.get()).data;
    };
    const FILTER_SETS: MonumentFilters[] = [{}, { category: ['statue'] }, { validated: true }];
    let index = runAtOnce(monumentIndexSteps((await cache.get()).data, undefined));
    const clustersOf = (filters: MonumentFilters) => {
      const matching = index.matching(filters);
      const points = runAtOnce(pointsSteps(index.list, matching, undefined));
      return { points, from: { index: new WeakRef(index), matching } } as unknown as ClusterIndex;
    };
    let before = FILTER_SETS.map(clustersOf);
    const step = async (ids: string[]) => {
      const next = runAtOnce(monumentIndexSteps(await refreshed(ids), index));
      index = next;
      const updated = FILTER_SETS.map((filters, f) => pointsUpdated(next, next.matching(filters), before[f] as ClusterIndex));
      FILTER_SETS.forEach((filters, f) => {
        expect(updated[f]).toEqual(runAtOnce(pointsSteps(next.list, next.matching(filters), undefined)));
      });
      const kept = updated.map((points, f) => points === before[f]?.points);
      before = FILTER_SETS.map(clustersOf);
      return kept;
    };
    // A visitor's plaque, not yet reviewed: a point for the unfiltered map alone; the others keep theirs.
    rows.push({ ...(rows[1] as Monument), id: 'syn-new', name: 'Aaron Gedenktafel', validated: false });
    expect(await step(['syn-new'])).toEqual([false, true, true]);
    // A statue moved, one renamed to the front of the order, one gone, one reviewed.
    const at = (i: number) => rows[i] as Monument;
    rows[10] = { ...at(10), geoLocX: at(10).geoLocX + 0.01 };
    rows[15] = { ...at(15), name: 'Aaa Statue' };
    const gone = at(20).id;
    rows.splice(20, 1);
    rows[4] = { ...at(4), validated: true };
    expect(await step([at(10).id, at(15).id, gone, at(4).id])).toEqual([false, false, false]);
  });

  it('a build run at once cannot wait for another thread', () => {
    expect(() => runAtOnce(clusterPointsSteps(monuments().map(pointOf)))).toThrow(/cannot wait/);
  });
});
