// The map's data by slippy-map tile: supercluster clusters the public monuments that
// pass a filter set, for every zoom up to MAP_CLUSTER_MAX_ZOOM; a tile then answers the clusters
// and single monuments whose position lies in it. Each cluster and monument lies in exactly one
// tile of a zoom, so a client joins tiles without duplicates. A tile's answer is a snapshot (bytes
// and an ETag, a hash of the bytes): a tile whose content did not change keeps its ETag across
// writes elsewhere. A cluster index is kept per filter set and built in slices (models.ts), a
// large one in a worker thread (clusters.ts); a new list version whose passing monuments stand
// where they stood (a vote, a new proposal) keeps it, and its tiles show the monuments' current data.
import { MapTile, type MapCluster, type MapTileParams, type Monument, type MonumentFilters } from '@linz/contract';
import { cell, latOf, lngOf, MAX_LAT, tileX, tileY } from '@linz/contract/mercator';
import type Supercluster from 'supercluster';
import { clusterPointsSteps, pointOf, type Members, type Point } from './clusters.js';
import { compareMonuments, filterKey, positionIn, type ById, type MonumentIndex } from './finder.js';
import { BUILT_AT_ONCE, sliceDue, slicedModels, type Models, type Steps } from './models.js';
import { changedSince, olderList, recentlyUsed, snapshotOf, type Recent, type Snapshot } from '../read-cache.js';

/** Filter sets whose cluster index is kept (each is a few MB at 50,000 monuments). */
const KEPT_INDEXES = 8;
/** Tile answers kept per index and list version. */
const KEPT_TILES = 4096;

export type ClusterIndex = {
  clusters: Supercluster<Point, Members>;
  points: Point[];
  /** The monument index and matches it was built from (or found the same as). */
  from: { index: WeakRef<MonumentIndex>; matching: Int32Array };
  tiles: WeakMap<readonly Monument[], Recent<Snapshot<MapTile>>>;
  /** The list whose tiles were made last (one holder for this index and the copies that share it). */
  last: { list?: WeakRef<readonly Monument[]> };
};

/**
 * The points of the monuments at `matching`, reusing those of `before` that stand where they stood
 * (the lists keep their order: a monument added or removed shifts the rest); `before` itself when
 * all of them do (a monument added that does not pass the filters). Only a changed point is made.
 */
export function* pointsSteps(list: readonly Monument[], matching: Int32Array, before: Point[] | undefined): Steps<Point[]> {
  const points: Point[] = new Array<Point>(matching.length);
  let same = before?.length === matching.length;
  let j = 0;
  for (let k = 0; k < matching.length; k++) {
    const m = list[matching[k] as number] as Monument;
    // One removed before this monument: the next of `before` is its.
    if (before && before[j]?.id !== m.id && before[j + 1]?.id === m.id) j++;
    const p = before?.[j];
    if (p && p.id === m.id && p.lat === m.geoLocX && p.lng === m.geoLocY && p.validated === m.validated) {
      points[k] = p;
      j++;
    } else {
      points[k] = pointOf(m);
      if (p?.id === m.id) j++;
    }
    if (same && points[k] !== (before as Point[])[k]) same = false;
    if (sliceDue(k)) yield;
  }
  return same && before ? before : points;
}

/** Where `at` stands in the ascending `positions`, or −1. */
function indexIn(positions: Int32Array, at: number): number {
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((positions[mid] as number) < at) lo = mid + 1;
    else hi = mid;
  }
  return positions[lo] === at ? lo : -1;
}

/**
 * The points of `matching` as the cluster index `before`'s points with the few monuments changed since
 * its monument index put in place: a copy and a few binary searches, not a pass over 50,000 monuments
 * per filter set at every new monument. `before.points` itself when none of them is a point, was
 * one or moved (a new monument that does not pass the filters); undefined when what changed is not
 * known (then pointsSteps).
 */
export function pointsUpdated(index: MonumentIndex, matching: Int32Array, before: ClusterIndex): Point[] | undefined {
  const old = before.from.index.deref();
  const changed = old && changedSince(index.list, old.list);
  if (!old || !changed || changed.size > MAX_POINTS_CHANGED) return undefined;
  const gone: number[] = [];
  const come: { at: number; point: Point }[] = [];
  for (const [id, now] of changed) {
    const was = old.byId.get(String(id));
    const k = was ? indexIn(before.from.matching, positionIn(old.list, was)) : -1;
    const at = now ? indexIn(matching, positionIn(index.list, now)) : -1;
    const p = before.points[k];
    if (k >= 0 && p?.id !== id) return undefined;
    // A point that stands where it stood, in the same place of the order: kept.
    if (p && now && at >= 0 && compareMonuments(was as Monument, now) === 0 && samePoint(p, now)) continue;
    if (k >= 0) gone.push(k);
    if (at >= 0) come.push({ at, point: pointOf(now as Monument) });
  }
  if (gone.length === 0 && come.length === 0) return matching.length === before.points.length ? before.points : undefined;
  const points = before.points.slice();
  for (const k of gone.sort((a, b) => b - a)) points.splice(k, 1);
  for (const { at, point } of come.sort((a, b) => a.at - b.at)) points.splice(at, 0, point);
  return points.length === matching.length ? points : undefined;
}
const MAX_POINTS_CHANGED = 256;
const samePoint = (p: Point, m: Monument) => p.lat === m.geoLocX && p.lng === m.geoLocY && p.validated === m.validated;

/** `index` was made from `before` by updates that moved no monument (MonumentIndex.samePlacesAs). */
function samePlacesSince(index: MonumentIndex, before: MonumentIndex | undefined): boolean {
  let at: MonumentIndex | undefined = index;
  for (let steps = 0; at && steps < 64; steps++) {
    if (at === before) return true;
    at = at.samePlacesAs?.deref();
  }
  return false;
}
const sameMatches = (a: Int32Array, b: Int32Array) => a === b || (a.length === b.length && a.every((v, k) => v === b[k]));

/** A filter set's cluster indexes per monument index; reused while its monuments stand where they stood. */
function clusterModels(filters: MonumentFilters): Models<MonumentIndex, ClusterIndex> {
  return slicedModels<MonumentIndex, ClusterIndex>(
    function* (index, previous) {
      const matching = yield* index.matchingSteps(filters);
      const from = { index: new WeakRef(index), matching };
      // The monuments changed in place since (a count): the same points, found without making them.
      if (previous && samePlacesSince(index, previous.from.index.deref()) && sameMatches(matching, previous.from.matching))
        return { ...previous, from };
      const points =
        (previous && pointsUpdated(index, matching, previous)) ?? (yield* pointsSteps(index.list, matching, previous?.points));
      if (points === previous?.points) return { ...previous, from };
      return { clusters: yield* clusterPointsSteps(points), points, from, tiles: new WeakMap(), last: {} };
    },
    (index) => index.list.length <= BUILT_AT_ONCE,
    (index, than) => olderList(index.list, than.list),
  );
}

const perFilters: Recent<Models<MonumentIndex, ClusterIndex>> = recentlyUsed(KEPT_INDEXES);

/** A margin around the tile for the index query (a hundredth of a tile), so rounding drops nothing. */
const MARGIN = 0.01;
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

function computeTile(index: ClusterIndex, byId: ById<Monument>, { z, x, y }: MapTileParams): MapTile {
  const n = 2 ** z;
  const bbox: [number, number, number, number] = [
    Math.max(-180, lngOf(x - MARGIN, n)),
    Math.max(-MAX_LAT, latOf(y + 1 + MARGIN, n)),
    Math.min(180, lngOf(x + 1 + MARGIN, n)),
    Math.min(MAX_LAT, latOf(y - MARGIN, n)),
  ];
  const clusters: MapCluster[] = [];
  const monuments: Monument[] = [];
  for (const feature of index.clusters.getClusters(bbox, z)) {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    if (cell(tileX(lng, n), n) !== x || cell(tileY(lat, n), n) !== y) continue;
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      clusters.push({
        id: `${z}:${props.first}`,
        lat: round6(lat),
        lng: round6(lng),
        count: props.point_count,
        unreviewed: props.unreviewed,
        expansionZoom: index.clusters.getClusterExpansionZoom(props.cluster_id),
        bounds: [props.s, props.w, props.n, props.e],
      });
    } else {
      const monument = byId.get((props as Point).id);
      if (monument) monuments.push(monument);
    }
  }
  const byIdOrder = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return { z, x, y, clusters: clusters.sort(byIdOrder), monuments: monuments.sort(byIdOrder) };
}

/**
 * Into a newer list's tiles, the answers of the list before (same clusters) for each tile where no
 * monument changed since stands: the same bytes, not made again. The clusters come from the points
 * alone, so only the tiles that show a changed monument differ. After each write every tile was made
 * anew, and tiles are 30 % of a city's reads (docs/performance.md).
 */
function carryTiles(clusters: ClusterIndex, index: MonumentIndex, into: Recent<Snapshot<MapTile>>): void {
  const list = index.list;
  const before = clusters.last.list?.deref();
  const old = before && clusters.tiles.get(before);
  const changed = old && changedSince(list, before);
  if (!old || !changed) return;
  // Where each stands now, and where this index has it: the same place when no monument moved since
  // the index's list (a new proposal, a description); else (the last complete index while a newer
  // one is being built) where the monument index it was built from has it. (A pass over its 50,000
  // points took 2 ms per filter set at every new monument, on a read's way.)
  const places: { lat: number; lng: number }[] = [];
  const placeOf = (m: Monument | undefined) => m && places.push({ lat: m.geoLocX, lng: m.geoLocY });
  for (const m of changed.values()) placeOf(m);
  const built = clusters.from.index.deref();
  if (!built) {
    for (const p of clusters.points) if (changed.has(p.id)) places.push(p);
  } else if (!samePlacesSince(index, built)) for (const id of changed.keys()) placeOf(built.byId.get(String(id)));
  const dirty = new Map<number, Set<string>>();
  const dirtyAt = (z: number) => {
    let keys = dirty.get(z);
    if (!keys) {
      const n = 2 ** z;
      keys = new Set(places.map((p) => `${cell(tileX(p.lng, n), n)}/${cell(tileY(p.lat, n), n)}`));
      dirty.set(z, keys);
    }
    return keys;
  };
  for (const [key, snap] of old.entries()) {
    const slash = key.indexOf('/');
    if (!dirtyAt(Number(key.slice(0, slash))).has(key.slice(slash + 1))) into.set(key, snap);
  }
}

/** One tile's answer for the monuments of this index's list that pass the filters. */
export async function mapTile(index: MonumentIndex, filters: MonumentFilters, tile: MapTileParams): Promise<Snapshot<MapTile>> {
  const models = perFilters.get(filterKey(filters), () => clusterModels(filters));
  const clusters = await models.of(index);
  // The cluster index may be the last complete one (a large list's is being rebuilt): the monuments'
  // data come from the list it was built with or a newer one, never an older.
  let tiles = clusters.tiles.get(index.list);
  if (!tiles) {
    clusters.tiles.set(index.list, (tiles = recentlyUsed(KEPT_TILES)));
    carryTiles(clusters, index, tiles);
    clusters.last.list = new WeakRef(index.list);
  }
  return tiles.get(`${tile.z}/${tile.x}/${tile.y}`, () => snapshotOf(MapTile, computeTile(clusters, index.byId, tile)));
}
