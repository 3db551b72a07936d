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
import { filterKey, type ById, type MonumentIndex } from './finder.js';
import { BUILT_AT_ONCE, sliceDue, slicedModels, type Models, type Steps } from './models.js';
import { recentlyUsed, snapshotOf, type Recent, type Snapshot } from '../read-cache.js';

/** Filter sets whose cluster index is kept (each is a few MB at 50,000 monuments). */
const KEPT_INDEXES = 8;
/** Tile answers kept per index and list version. */
const KEPT_TILES = 4096;

type ClusterIndex = {
  clusters: Supercluster<Point, Members>;
  points: Point[];
  /** The monument index and matches it was built from (or found the same as). */
  from: { index: WeakRef<MonumentIndex>; matching: Int32Array };
  tiles: WeakMap<readonly Monument[], Recent<Snapshot<MapTile>>>;
};

function* samePoints(a: Point[], b: Point[]): Steps<boolean> {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const p = a[i] as Point;
    const q = b[i] as Point;
    if (p.id !== q.id || p.lat !== q.lat || p.lng !== q.lng || p.validated !== q.validated) return false;
    if (sliceDue(i)) yield;
  }
  return true;
}

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
      const points: Point[] = new Array<Point>(matching.length);
      for (let k = 0; k < matching.length; k++) {
        points[k] = pointOf(index.list[matching[k] as number] as Monument);
        if (sliceDue(k)) yield;
      }
      if (previous && (yield* samePoints(previous.points, points))) return { ...previous, from };
      return { clusters: yield* clusterPointsSteps(points), points, from, tiles: new WeakMap() };
    },
    (index) => index.list.length <= BUILT_AT_ONCE,
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

/** One tile's answer for the monuments of this index's list that pass the filters. */
export async function mapTile(index: MonumentIndex, filters: MonumentFilters, tile: MapTileParams): Promise<Snapshot<MapTile>> {
  const models = perFilters.get(filterKey(filters), () => clusterModels(filters));
  const clusters = await models.of(index);
  // The cluster index may be the last complete one (a large list's is being rebuilt): the monuments'
  // data come from the list it was built with or a newer one, never an older.
  let tiles = clusters.tiles.get(index.list);
  if (!tiles) clusters.tiles.set(index.list, (tiles = recentlyUsed(KEPT_TILES)));
  return tiles.get(`${tile.z}/${tile.x}/${tile.y}`, () => snapshotOf(MapTile, computeTile(clusters, index.byId, tile)));
}
