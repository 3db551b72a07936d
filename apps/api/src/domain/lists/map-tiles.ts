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
import KDBush from 'kdbush';
import Supercluster from 'supercluster';
import { filterKey, type ById, type MonumentIndex } from './finder.js';
import { BUILT_AT_ONCE, runAtOnce, sliceDue, slicedModels, timeUp, type Models, type Steps } from './models.js';
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
  /** The monument index and matches it was built from (or found the same as). */
  from: { index: WeakRef<MonumentIndex>; matching: Int32Array };
  tiles: WeakMap<readonly Monument[], Recent<Snapshot<MapTile>>>;
};

/** supercluster's options for the map (exported for the test that compares a sliced build with supercluster's own). */
export const CLUSTER_OPTIONS = {
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
  clusterProps: Members[];
  _map(data: Int32Array<ArrayBufferLike>, i: number, clone?: boolean): Members;
};

// supercluster's layout of a point or cluster in its data arrays (v9), a `stride` of 7 with `reduce`.
const OFFSET_ZOOM = 2;
const OFFSET_ID = 3;
const OFFSET_PARENT = 4;
const OFFSET_NUM = 5;
const OFFSET_PROP = 6;
/** supercluster's Int32 encoding of a coordinate in [0, 1]: (c − 0.5) · 2³⁰. */
const SCALE = 0x40000000;

/** supercluster's node size of its trees (its default). */
const NODE_SIZE = 64;

type Coords = KDBush['coords'];
type Ids = KDBush['ids'];

function swap(arr: Ids | Coords, i: number, j: number) {
  const tmp = arr[i] as number;
  arr[i] = arr[j] as number;
  arr[j] = tmp;
}
function swapItem(ids: Ids, coords: Coords, i: number, j: number) {
  swap(ids, i, j);
  swap(coords, 2 * i, 2 * j);
  swap(coords, 2 * i + 1, 2 * j + 1);
}

/** kdbush's Floyd–Rivest selection (v4.1.0, ISC licence): items [left, k) lie before the k-th on the axis. */
function select(ids: Ids, coords: Coords, k: number, left: number, right: number, axis: number): void {
  while (right > left) {
    if (right - left > 600) {
      const n = right - left + 1;
      const m = k - left + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1);
      select(
        ids,
        coords,
        k,
        Math.max(left, Math.floor(k - (m * s) / n + sd)),
        Math.min(right, Math.floor(k + ((n - m) * s) / n + sd)),
        axis,
      );
    }
    const t = coords[2 * k + axis] as number;
    let i = left;
    let j = right;
    swapItem(ids, coords, left, k);
    if ((coords[2 * right + axis] as number) > t) swapItem(ids, coords, left, right);
    while (i < j) {
      swapItem(ids, coords, i, j);
      i++;
      j--;
      while ((coords[2 * i + axis] as number) < t) i++;
      while ((coords[2 * j + axis] as number) > t) j--;
    }
    if (coords[2 * left + axis] === t) swapItem(ids, coords, left, j);
    else {
      j++;
      swapItem(ids, coords, j, right);
    }
    if (j <= k) left = j + 1;
    if (k <= j) right = j - 1;
  }
}

/**
 * supercluster's `_createTree` as steps: the points added, then kdbush's kd-sort one range at a
 * time (its recursion as a stack), yielding between ranges once the slice has had its time. At
 * 50,000 points one tree took about 60 ms on the event loop.
 */
function* treeSteps(data: Int32Array<ArrayBufferLike>, numItems: number, stride: number): Steps<{ numItems: number }> {
  const tree = new KDBush(numItems, NODE_SIZE, Int32Array);
  for (let i = 0; i < numItems; i++) {
    tree.add(data[i * stride] as number, data[i * stride + 1] as number);
    if (sliceDue(i)) yield;
  }
  const ranges = [0, numItems - 1, 0];
  while (ranges.length) {
    const axis = ranges.pop() as number;
    const right = ranges.pop() as number;
    const left = ranges.pop() as number;
    if (right - left <= NODE_SIZE) continue;
    const m = (left + right) >> 1;
    select(tree.ids, tree.coords, m, left, right, axis);
    ranges.push(m + 1, right, 1 - axis, left, m - 1, 1 - axis);
    if (timeUp()) yield;
  }
  tree._finished = true;
  // As supercluster keeps them: the tree's points' data beside it.
  return Object.assign(tree, { data });
}

/**
 * supercluster's `_cluster` (v9.1.0, ISC licence) for one zoom, as steps: the same merging in the
 * same order, yielding every few hundred points once the slice has had its time. At 50,000 points
 * one zoom took up to 160 ms on the event loop, and every read behind it waited.
 */
function* clusterZoomSteps(
  self: Internals,
  data: Int32Array<ArrayBufferLike>,
  numItems: number,
  zoom: number,
  out: Int32Array<ArrayBufferLike>,
): Steps<number> {
  const r = (CLUSTER_OPTIONS.radius / (CLUSTER_OPTIONS.extent * (1 << zoom))) * SCALE;
  const notProcessed = MAP_CLUSTER_MAX_ZOOM + 1;
  const tree = self.trees[zoom + 1] as unknown as {
    withinInto(x: number, y: number, r: number, out: Uint32Array): number;
  };
  const { stride } = self;
  const limit = numItems * stride;
  const neighborIds = new Uint32Array(numItems);
  let cursor = 0;
  for (let i = 0, k0 = 0; i < limit; i += stride, k0++) {
    if (sliceDue(k0)) yield;
    if ((data[i + OFFSET_ZOOM] as number) <= zoom) continue;
    data[i + OFFSET_ZOOM] = zoom;
    const x = data[i] as number;
    const y = data[i + 1] as number;
    const neighborCount = tree.withinInto(x, y, r, neighborIds);
    const numPointsOrigin = data[i + OFFSET_NUM] as number;
    let numPoints = numPointsOrigin;
    for (let n = 0; n < neighborCount; n++) {
      const k = (neighborIds[n] as number) * stride;
      if ((data[k + OFFSET_ZOOM] as number) > zoom) numPoints += data[k + OFFSET_NUM] as number;
    }
    if (numPoints > numPointsOrigin && numPoints >= 2) {
      let wx = x * numPointsOrigin;
      let wy = y * numPointsOrigin;
      let clusterProperties: Members | undefined;
      let clusterPropIndex = -1;
      const id = (((i / stride) | 0) << 5) + (zoom + 1) + self.numPoints;
      for (let n = 0; n < neighborCount; n++) {
        const k = (neighborIds[n] as number) * stride;
        if ((data[k + OFFSET_ZOOM] as number) <= zoom) continue;
        data[k + OFFSET_ZOOM] = zoom;
        const numPoints2 = data[k + OFFSET_NUM] as number;
        wx += (data[k] as number) * numPoints2;
        wy += (data[k + 1] as number) * numPoints2;
        data[k + OFFSET_PARENT] = id;
        if (!clusterProperties) {
          clusterProperties = self._map(data, i, true);
          clusterPropIndex = self.clusterProps.length;
          self.clusterProps.push(clusterProperties);
        }
        CLUSTER_OPTIONS.reduce(clusterProperties, self._map(data, k));
      }
      data[i + OFFSET_PARENT] = id;
      out[cursor] = wx / numPoints;
      out[cursor + 1] = wy / numPoints;
      out[cursor + OFFSET_ZOOM] = notProcessed;
      out[cursor + OFFSET_ID] = id;
      out[cursor + OFFSET_PARENT] = -1;
      out[cursor + OFFSET_NUM] = numPoints;
      out[cursor + OFFSET_PROP] = clusterPropIndex;
      cursor += stride;
    } else {
      for (let j = 0; j < stride; j++) out[cursor + j] = data[i + j] as number;
      cursor += stride;
      if (numPoints > 1) {
        for (let n = 0; n < neighborCount; n++) {
          const k = (neighborIds[n] as number) * stride;
          if ((data[k + OFFSET_ZOOM] as number) <= zoom) continue;
          data[k + OFFSET_ZOOM] = zoom;
          for (let j = 0; j < stride; j++) out[cursor + j] = data[k + j] as number;
          cursor += stride;
        }
      }
    }
  }
  return cursor / stride;
}

/** supercluster's `load` (v9) for points, a zoom per slice. */
function* loadSteps(points: Point[]): Steps<Supercluster<Point, Members>> {
  const index = new Supercluster<Point, Members>(CLUSTER_OPTIONS);
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
    data[w] = (px - 0.5) * SCALE;
    data[w + 1] = (py - 0.5) * SCALE;
    data[w + 2] = notProcessed;
    data[w + 3] = i;
    data[w + 4] = -1;
    data[w + 5] = 1;
    if (sliceDue(i)) yield;
  }
  let prev: Int32Array<ArrayBufferLike> = data;
  let prevNum = n;
  self.trees[MAP_CLUSTER_MAX_ZOOM + 1] = yield* treeSteps(prev, prevNum, stride);
  let recycled: Int32Array<ArrayBufferLike> | null = null;
  for (let z = MAP_CLUSTER_MAX_ZOOM; z >= 0; z--) {
    const out: Int32Array<ArrayBufferLike> = recycled ?? new Int32Array(prevNum * stride);
    recycled = null;
    const written = yield* clusterZoomSteps(self, prev, prevNum, z, out);
    if (written === prevNum) {
      self.trees[z] = self.trees[z + 1] as { numItems: number };
      recycled = out;
    } else {
      self.trees[z] = yield* treeSteps(out, written, stride);
      prev = out;
      prevNum = written;
    }
    yield;
  }
  return index;
}

/** The cluster index of these monuments, as steps (run at once: the benchmark's build time). */
export const clusterSteps = (monuments: readonly Monument[]) => loadSteps(monuments.map(pointOf));
export const clusterIndex = (monuments: readonly Monument[]) => runAtOnce(clusterSteps(monuments));

const pointOf = (m: Monument): Point => ({ id: m.id, validated: m.validated, lat: m.geoLocX, lng: m.geoLocY });
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
      return { clusters: yield* loadSteps(points), points, from, tiles: new WeakMap() };
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
