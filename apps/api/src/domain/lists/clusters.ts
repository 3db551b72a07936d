// The map's cluster index of a set of points: supercluster's `load` (v9.1.0, ISC licence) as steps
// that yield where another request may run (models.ts), and the same build in a worker thread for a
// large set (cluster-worker.ts), so that a new monument's clusters at a country's size cost the
// readers' thread only the copying of the result. The build is one: the worker runs these steps at
// once and sends back supercluster's arrays (the trees' buffers, the points' and clusters' data),
// which are put into a Supercluster here as its own load would have left them.
import type { Worker } from 'node:worker_threads';
import { MAP_CLUSTER_MAX_ZOOM, MAP_CLUSTER_RADIUS_PX, type Monument } from '@linz/contract';
import KDBush from 'kdbush';
import Supercluster from 'supercluster';
import { BUILT_AT_ONCE, runAtOnce, sliceDue, timeUp, type Steps } from './models.js';
import { startWorker } from '../../worker-threads.js';

/** What a cluster keeps of its members, merged up the zooms. */
export type Members = { unreviewed: number; first: string; s: number; w: number; n: number; e: number };
/** A point: the monument's id (its data is looked up in the list of the moment) and what clusters merge. */
export type Point = { id: string; validated: boolean; lat: number; lng: number };

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
export function* loadSteps(points: Point[]): Steps<Supercluster<Point, Members>> {
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

export const pointOf = (m: Monument): Point => ({ id: m.id, validated: m.validated, lat: m.geoLocX, lng: m.geoLocY });

/**
 * What the worker is sent: the points, as arrays. The ids go as one string and their lengths: an
 * array of 50,000 strings took postMessage 15–20 ms on the readers' thread to copy, one string of
 * them all a fraction of a millisecond.
 */
export type ClusterJob = {
  job: number;
  ids: string;
  idLengths: Uint32Array<ArrayBuffer>;
  lat: Float64Array<ArrayBuffer>;
  lng: Float64Array<ArrayBuffer>;
  validated: Uint8Array<ArrayBuffer>;
};

/** What the worker sends back: supercluster's arrays after its load (transferred, not copied). */
export type PackedClusters = {
  job: number;
  coords: Float64Array;
  /** The distinct trees: kdbush's buffer and the tree's points' data (supercluster's `tree.data`). */
  trees: { buffer: ArrayBuffer; data: Int32Array }[];
  /** For each zoom from 0 to MAP_CLUSTER_MAX_ZOOM + 1, its tree in `trees` (a zoom without new clusters shares the one above). */
  treeOf: number[];
  /** The clusters' properties (Members), by cluster: `first` as a point's position, the bounds four by four. */
  unreviewed: Int32Array;
  first: Int32Array;
  bounds: Float64Array;
};

/**
 * The worker's last index, kept until the next is built. V8 forgets an object shape (a map) once no
 * object of it is alive, and with it deoptimises the code that was optimised for it: the shapes
 * supercluster makes as it goes (its options, the clusters' properties copied by `Object.assign`, a
 * tree with its `data`) died with each job's index at the worker's next full collection, and each job
 * after it deoptimised and compiled its loops again (about 10 deoptimisations and 100 ms of compiling
 * per job at 50,000 points, on the process's compiler threads, which run at the readers' priority).
 */
const lastBuilt: { index?: unknown } = {};

/** The worker's side: the points' cluster index built at once, as arrays. */
export function packedClusters(job: ClusterJob): PackedClusters {
  const { lat, lng, validated } = job;
  const ids = idsOf(job);
  const points: Point[] = ids.map((id, i) => ({
    id,
    validated: validated[i] === 1,
    lat: lat[i] as number,
    lng: lng[i] as number,
  }));
  const self = runAtOnce(loadSteps(points)) as unknown as Internals;
  lastBuilt.index = self;
  const position = new Map(ids.map((id, i) => [id, i]));
  const trees: PackedClusters['trees'] = [];
  const seen = new Map<unknown, number>();
  const treeOf = self.trees.map((tree) => {
    let k = seen.get(tree);
    if (k === undefined) {
      const kd = tree as unknown as KDBush & { data: Int32Array };
      seen.set(tree, (k = trees.length));
      trees.push({ buffer: kd.ids.buffer, data: kd.data });
    }
    return k;
  });
  const props = self.clusterProps;
  const unreviewed = new Int32Array(props.length);
  const first = new Int32Array(props.length);
  const bounds = new Float64Array(props.length * 4);
  props.forEach((m, k) => {
    unreviewed[k] = m.unreviewed;
    first[k] = position.get(m.first) as number;
    bounds.set([m.s, m.w, m.n, m.e], k * 4);
  });
  return { job: job.job, coords: self.coords, trees, treeOf, unreviewed, first, bounds };
}

/** The job's ids, cut from their one string by their lengths. */
export function idsOf({ ids, idLengths }: Pick<ClusterJob, 'ids' | 'idLengths'>): string[] {
  const out = new Array<string>(idLengths.length);
  let at = 0;
  for (let i = 0; i < idLengths.length; i++) {
    const end = at + (idLengths[i] as number);
    out[i] = ids.slice(at, end);
    at = end;
  }
  return out;
}

/** The buffers a packed index moves to the other thread with. */
export const transferOf = (p: PackedClusters): ArrayBuffer[] => [
  p.coords.buffer as ArrayBuffer,
  ...p.trees.flatMap((t) => [t.buffer, t.data.buffer as ArrayBuffer]),
  p.unreviewed.buffer as ArrayBuffer,
  p.first.buffer as ArrayBuffer,
  p.bounds.buffer as ArrayBuffer,
];

/** The readers' side: a Supercluster as its load would have left it, over the worker's arrays as they came. */
function unpacked(packed: PackedClusters, points: Point[]): Supercluster<Point, Members> {
  const index = new Supercluster<Point, Members>(CLUSTER_OPTIONS);
  const self = index as unknown as Internals;
  self.numPoints = points.length;
  self.props = points;
  self.coords = packed.coords;
  self.ids = null;
  const trees = packed.trees.map((t) => Object.assign(KDBush.from(t.buffer), { data: t.data }));
  self.trees = packed.treeOf.map((k) => trees[k] as KDBush);
  const { unreviewed, first, bounds } = packed;
  // A cluster's properties are made when supercluster answers with it (it copies them), from the
  // packed arrays, and not kept: tens of thousands of objects per index that every garbage
  // collection would walk, and that each new index made anew.
  const memberAt = (k: number): Members => {
    const b = k * 4;
    const [s, w, n, e] = [bounds[b], bounds[b + 1], bounds[b + 2], bounds[b + 3]] as [number, number, number, number];
    return { unreviewed: unreviewed[k] as number, first: (points[first[k] as number] as Point).id, s, w, n, e };
  };
  self.clusterProps = new Proxy([] as Members[], {
    get: (target, key): unknown =>
      typeof key === 'string' && /^\d+$/.test(key) ? memberAt(Number(key)) : (Reflect.get(target, key) as unknown),
  });
  return index;
}

/** Cluster indexes built in the worker thread (the test looks that a large set's was). */
export const offThread = { built: 0 };

type Thread = { worker: Worker; waiting: Map<number, (packed: PackedClusters | null) => void> };
let thread: Thread | undefined;
let jobs = 0;

/** The one worker thread, started at its first job (a city's few hundred monuments never start it). */
function clusterThread(): Thread {
  if (thread) return thread;
  // Beside the bundle (dist/cluster-worker.js), or the source beside this module.
  const worker = startWorker(import.meta.url, 'cluster-worker');
  // A server stops without waiting for it.
  worker.unref();
  const waiting = new Map<number, (packed: PackedClusters | null) => void>();
  const stopped = () => {
    if (thread?.worker === worker) thread = undefined;
    for (const answer of waiting.values()) answer(null);
    waiting.clear();
  };
  worker.on('message', (packed: PackedClusters) => {
    waiting.get(packed.job)?.(packed);
    waiting.delete(packed.job);
  });
  worker.on('error', stopped);
  worker.on('exit', stopped);
  return (thread = { worker, waiting });
}

const idsFrom = (points: Point[], from: number, to: number) => {
  let ids = '';
  for (let i = from; i < to; i++) ids += (points[i] as Point).id;
  return ids;
};

/** The cluster index of many points, built in the worker thread; null if it failed (then built here). */
function* builtOffThread(points: Point[]): Steps<PackedClusters | null> {
  const n = points.length;
  const job: ClusterJob = {
    job: ++jobs,
    ids: '',
    idLengths: new Uint32Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    validated: new Uint8Array(n),
  };
  // The ids joined a slice at a time, then once more: one flat string, made without a rope of 50,000.
  const joined: string[] = [];
  let from = 0;
  for (let i = 0; i < n; i++) {
    const p = points[i] as Point;
    job.idLengths[i] = p.id.length;
    job.lat[i] = p.lat;
    job.lng[i] = p.lng;
    job.validated[i] = p.validated ? 1 : 0;
    if (sliceDue(i)) {
      joined.push(idsFrom(points, from, i + 1));
      from = i + 1;
      yield;
    }
  }
  joined.push(idsFrom(points, from, n));
  job.ids = joined.join('');
  const answer: { packed: PackedClusters | null } = { packed: null };
  yield new Promise<void>((resolve) => {
    try {
      const { worker, waiting } = clusterThread();
      waiting.set(job.job, (packed) => {
        answer.packed = packed;
        resolve();
      });
      worker.postMessage(job, [job.idLengths.buffer, job.lat.buffer, job.lng.buffer, job.validated.buffer]);
    } catch {
      // No thread could be started (a limit of the machine's): built here, as when it fails later.
      resolve();
    }
  });
  return answer.packed;
}

/**
 * The points' cluster index: a few thousand here in slices, more in the worker thread (here again,
 * in slices, should the worker fail).
 */
export function* clusterPointsSteps(points: Point[]): Steps<Supercluster<Point, Members>> {
  if (points.length <= BUILT_AT_ONCE) return yield* loadSteps(points);
  const packed = yield* builtOffThread(points);
  if (!packed) return yield* loadSteps(points);
  offThread.built++;
  return unpacked(packed, points);
}
