// The lists' derived indexes (the finder's texts and matches, the map's cluster indexes) as models
// built in slices: a build is a generator that yields where another request may run, run either at
// once (a city's few hundred monuments: the read waits, as it always did) or, for a large list,
// between other requests' turns of the event loop (setImmediate), while reads keep answering from
// the last complete model. A slice ends once it has run SLICE_MS (sliceDue, timeUp), and all builds
// together run one slice per turn of the event loop (nextTurn), so a request waits for one slice at
// most at each of its turns, whatever the list's size and however many builds are under way. Builds are debounced: one at a
// time, and a burst of writes makes one more build for the newest list, not one each. A build
// starts from the model before it and reuses what did not change (an item's folded text, a cluster
// index whose monuments did not move).
import { performance } from 'node:perf_hooks';

/**
 * A build in slices: it yields where another request may run, or yields a promise where it waits for
 * work done elsewhere (a worker thread), which only a build run in slices may do.
 */
export type Steps<T> = Generator<void | Promise<void>, T, void>;

/** How long one slice of a build runs before it lets other requests in. */
export const SLICE_MS = 2;
/** A list this long or shorter is built at once (the read waits, a few milliseconds). */
export const BUILT_AT_ONCE = 5000;

/** When the running slice began (a build run at once: never, so it never yields). */
let sliceBegan = Number.POSITIVE_INFINITY;

/** The running slice has had its time: the build yields now. */
export const timeUp = () => performance.now() - sliceBegan > SLICE_MS;
/** timeUp, looked at every 256th item of a loop (the clock costs more than most items). */
export const sliceDue = (i: number) => (i & 255) === 255 && timeUp();

export function runAtOnce<T>(steps: Steps<T>): T {
  // A build run at once inside a slice (a read's new filter set) leaves the slice's clock as it was.
  const outer = sliceBegan;
  sliceBegan = Number.POSITIVE_INFINITY;
  try {
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (step.value) throw new Error('A build run at once cannot wait for another thread.');
    }
  } finally {
    sliceBegan = outer;
  }
}

/**
 * The builds waiting for their next slice, first come first served. One is let on per turn of the
 * event loop: an immediate queued from an immediate runs on the next turn, so the requests that
 * arrived meanwhile go first. (Each build yielding to its own immediate let three builds run three
 * slices in every turn, and a read that takes a few turns waited for all of them each time.)
 */
const waitingBuilds: (() => void)[] = [];
function letNextBuildOn() {
  waitingBuilds.shift()?.();
  if (waitingBuilds.length > 0) setImmediate(letNextBuildOn);
}
function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waitingBuilds.push(resolve);
    if (waitingBuilds.length === 1) setImmediate(letNextBuildOn);
  });
}

/** Runs a build between other requests' turns; `onSlice` hears each slice end (the tests count them). */
export async function runSliced<T>(steps: Steps<T>, onSlice?: () => void): Promise<T> {
  for (;;) {
    sliceBegan = performance.now();
    let step: IteratorResult<void | Promise<void>, T>;
    try {
      step = steps.next();
    } finally {
      sliceBegan = Number.POSITIVE_INFINITY;
    }
    onSlice?.();
    if (step.done) return step.value;
    await (step.value ?? nextTurn());
  }
}

export type Models<L extends object, M> = {
  /** The model of `list`, or (for a large list whose model is still being built) the last complete one. */
  of(list: L): Promise<M>;
  /** The model of `list` itself, waiting for its build (readiness, tests). */
  exactly(list: L): Promise<M>;
};

/** How many lists' models are kept: the last one built, and the one before that reads may still hold. */
const KEPT_MODELS = 2;

/**
 * Models of a list's versions: `build(list, previous)` makes one; `small(list)` says it may be built
 * at once; `older(list, than)` says a list is an older version than another (read-cache.ts
 * olderList): asked for after its model was let go, it gets the newest model instead of a build.
 *
 * The models of the last KEPT_MODELS lists are held, and let go explicitly: a WeakMap from a list to
 * its model (which holds the list) kept every version through each young-generation collection (V8's
 * scavenger cannot see through a weak map's value that reaches its key), so each proposal index a
 * vote replaced (20,000 items) went to the old generation and waited for a full collection
 * (docs/performance.md, "Versions that outlived the young generation").
 */
export function slicedModels<L extends object, M>(
  build: (list: L, previous: M | undefined) => Steps<M>,
  small: (list: L) => boolean,
  older: (list: L, than: L) => boolean = () => false,
): Models<L, M> {
  /** The lists' models, the newest last. */
  const built: { list: L; model: M }[] = [];
  let last: { list: L; model: M } | undefined;
  let building: { list: L; done: Promise<M> } | undefined;
  let wanted: L | undefined;
  const modelOf = (list: L) => built.find((b) => b.list === list)?.model;
  const finished = (list: L, model: M) => {
    // An older list's model (asked for exactly) is not kept, nor the base of the next build.
    if (last && older(list, last.list)) return model;
    last = { list, model };
    built.push(last);
    if (built.length > KEPT_MODELS) built.shift();
    return model;
  };
  const start = (list: L): Promise<M> => {
    // Its first slice too on a turn of its own: run at once, it ran inside the read that asked for
    // the new list's model (up to a slice on that read's way, at every write).
    const done = nextTurn()
      .then(() => runSliced(build(list, last?.model)))
      .then((model) => finished(list, model));
    building = { list, done };
    const next = () => {
      building = undefined;
      const newest = wanted;
      wanted = undefined;
      if (newest && !modelOf(newest)) void start(newest).catch(() => {});
    };
    done.then(next, next);
    return done;
  };
  const exactly = (list: L): Promise<M> => {
    const ready = modelOf(list);
    if (ready) return Promise.resolve(ready);
    if (small(list)) return Promise.resolve(finished(list, runAtOnce(build(list, last?.model))));
    if (building?.list === list) return building.done;
    if (!building) return start(list);
    // One build at a time: this list's comes after the running one.
    wanted = list;
    return building.done.catch(() => undefined).then(() => exactly(list));
  };
  return {
    exactly,
    of(list) {
      const ready = modelOf(list);
      if (ready) return Promise.resolve(ready);
      if (small(list) || last === undefined) return exactly(list);
      // A version older than the last built (a read that held its list a while): the newer model.
      if (older(list, last.list)) return Promise.resolve(last.model);
      if (building?.list !== list) {
        if (building) wanted = list;
        else void start(list).catch(() => {});
      }
      return Promise.resolve(last.model);
    },
  };
}
