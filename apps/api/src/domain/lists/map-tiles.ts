// The map's data by slippy-map tile: supercluster clusters the public monuments that
// pass a filter set, for every zoom up to MAP_CLUSTER_MAX_ZOOM; a tile then answers the clusters
// and single monuments whose position lies in it. Each cluster and monument lies in exactly one
// tile of a zoom, so a client joins tiles without duplicates. A tile's answer is a snapshot (bytes
// and an ETag, a hash of the bytes): a tile whose content did not change keeps its ETag across
// writes elsewhere. A cluster index is kept per filter set and built in slices (models.ts); a new
// list version whose passing monuments stand where they stood (a vote, a new proposal) keeps it,
// and its tiles show the monuments' current data.
import {
  MAP_CLUSTER_MAX_ZOOM,
  MAP_CLUSTER_RADIUS_PX,
  MapTile,
  type MapCluster,
  type MapTileParams,
  type Monument,
  type MonumentFilters,
} from '@linz/contract';
import { cell, latOf, lngOf, MAX_LAT, tileX, tileY } from '@linz/contract/mercator';
import Supercluster from 'supercluster';
import { filterKey, type MonumentIndex } from './finder.js';
import { BUILT_AT_ONCE, runAtOnce, slicedModels, type Models, type Steps } from './models.js';
import { recentlyUsed, snapshotOf, type Recent, type Snapshot } from '../read-cache.js';

/** Filter sets whose cluster index is kept (each is a few MB at 50,000 monuments). */
const KEPT_INDEXES = 8;
/** Tile answers kept per index and list version. */
const KEPT_TILES = 4096;

/** What a cluster keeps of its members, merged up the zooms. */
type Members = { unreviewed: number; first: string; s: number; w: number; n: number; e: number };
/** A point: the monument's id (its data is looked up in the list of the moment) and what clusters merge. */
type Point = { id: string; validated: boolean; lat: number; lng: number };

type ClusterIndex = {
  clusters: Supercluster<Point, Members>;
  points: Point[];
  tiles: WeakMap<readonly Monument[], Recent<Snapshot<MapTile>>>;
};

const OPTIONS = {
  minZoom: 0,
  maxZoom: MAP_CLUSTER_MAX_ZOOM,
  radius: MAP_CLUSTER_RADIUS_PX,
  extent: 256,
  map: (p: Point): Members => ({ unreviewed: p.validated ? 0 : 1, first: p.id, s: p.lat, w: p.lng, n: p.lat, e: p.lng }),
  reduce: (a: Members, b: Members) => {
    a.unreviewed += b.unreviewed;
    if (b.first < a.first) a.first = b.first;
    a.s = Math.min(a.s, b.s);
    a.w = Math.min(a.w, b.w);
    a.n = Math.max(a.n, b.n);
    a.e = Math.max(a.e, b.e);
  },
};

/** supercluster's internals its load uses, driven zoom by zoom so a build yields between zooms. */
type Internals = {
  trees: { numItems: number }[];
  stride: number;
  numPoints: number;
  props: Point[];
  coords: Float64Array;
  ids: null;
  _createTree(data: Int32Array<ArrayBufferLike>, n: number): { numItems: number };
  _cluster(data: Int32Array<ArrayBufferLike>, n: number, z: number, out: Int32Array<ArrayBufferLike>): number;
};

/** supercluster's `load` (v9) for points, a zoom per slice. */
function* loadSteps(points: Point[]): Steps<Supercluster<Point, Members>> {
  const index = new Supercluster<Point, Members>(OPTIONS);
  const self = index as unknown as Internals;
  const { stride } = self;
  const n = points.length;
  const notProcessed = MAP_CLUSTER_MAX_ZOOM + 1;
  self.numPoints = n;
  self.props = points;
  self.coords = new Float64Array(n * 2);
  self.ids = null;
  const data = new Int32Array(n * stride);
  for (let i = 0; i < n; i++) {
    const p = points[i] as Point;
    const px = p.lng / 360 + 0.5;
    const sin = Math.sin((p.lat * Math.PI) / 180);
    const py0 = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
    const py = py0 < 0 ? 0 : py0 > 1 ? 1 : py0;
    self.coords[2 * i] = px;
    self.coords[2 * i + 1] = py;
    const w = i * stride;
    data[w] = (px - 0.5) * 0x40000000;
    data[w + 1] = (py - 0.5) * 0x40000000;
    data[w + 2] = notProcessed;
    data[w + 3] = i;
    data[w + 4] = -1;
    data[w + 5] = 1;
  }
  let prev: Int32Array<ArrayBufferLike> = data;
  let prevNum = n;
  self.trees[MAP_CLUSTER_MAX_ZOOM + 1] = self._createTree(prev, prevNum);
  yield;
  let recycled: Int32Array<ArrayBufferLike> | null = null;
  for (let z = MAP_CLUSTER_MAX_ZOOM; z >= 0; z--) {
    const out: Int32Array<ArrayBufferLike> = recycled ?? new Int32Array(prevNum * stride);
    recycled = null;
    const written = self._cluster(prev, prevNum, z, out);
    if (written === prevNum) {
      self.trees[z] = self.trees[z + 1] as { numItems: number };
      recycled = out;
    } else {
      self.trees[z] = self._createTree(out, written);
      prev = out;
      prevNum = written;
    }
    yield;
  }
  return index;
}

/** Builds the cluster index of these monuments at once (the benchmark's build time). */
export function clusterIndex(monuments: readonly Monument[]): Supercluster<Point, Members> {
  return runAtOnce(loadSteps(monuments.map(pointOf)));
}

const pointOf = (m: Monument): Point => ({ id: m.id, validated: m.validated, lat: m.geoLocX, lng: m.geoLocY });
const samePoints = (a: Point[], b: Point[]) =>
  a.length === b.length &&
  a.every((p, i) => {
    const q = b[i] as Point;
    return p.id === q.id && p.lat === q.lat && p.lng === q.lng && p.validated === q.validated;
  });

/** A filter set's cluster indexes per monument index; reused while its monuments stand where they stood. */
function clusterModels(filters: MonumentFilters): Models<MonumentIndex, ClusterIndex> {
  return slicedModels<MonumentIndex, ClusterIndex>(
    function* (index, previous) {
      const points = Array.from(index.matching(filters), (i) => pointOf(index.list[i] as Monument));
      yield;
      if (previous && samePoints(previous.points, points)) return previous;
      return { clusters: yield* loadSteps(points), points, tiles: new WeakMap() };
    },
    (index) => index.list.length <= BUILT_AT_ONCE,
  );
}

const perFilters: Recent<Models<MonumentIndex, ClusterIndex>> = recentlyUsed(KEPT_INDEXES);

/** A margin around the tile for the index query (a hundredth of a tile), so rounding drops nothing. */
const MARGIN = 0.01;
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

function computeTile(index: ClusterIndex, byId: Map<string, Monument>, { z, x, y }: MapTileParams): MapTile {
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
