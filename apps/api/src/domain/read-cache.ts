// Serialised answers for the public lists, built once and dropped on any write. Several API
// instances share one PostgreSQL: a write on one reaches the others through NOTIFY.
//
// A snapshot's data is validated once, when it is built, and is the same object on every read:
// the procedures return it, and the REST façade finds its bytes and ETag by that identity.
import { createHash, randomBytes } from 'node:crypto';
import { gzip, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '../db/client.js';

/**
 * A snapshot's bytes, made once: its body (kept as bytes, so each answer skips re-encoding a large
 * string; a list's made on first use, from its items), its ETag and its gzip (made on first use).
 * Kept per data object, and holding nothing of the data: a WeakMap's value that reaches its key
 * keeps both through every young-generation collection (V8's scavenger takes the values as strong
 * and cannot see the cycle), so every answer's data (each page, each tile, each list a vote
 * replaced) went to the old generation and waited for a full collection (docs/performance.md,
 * "Versions that outlived the young generation").
 */
type Bytes = { body?: Buffer; etag?: string; gzipped?: Buffer };
export type Snapshot<T> = { readonly data: T; readonly body: Buffer; readonly etag: string; readonly bytes: Bytes };
/**
 * `version` grows with every invalidation: what a derived cache keys on, without waiting for a rebuild.
 * `changed(ids)`: only these items may have changed (a vote, a new proposal or monument): they are
 * read again and put in place in the list, instead of the whole list being read. Reads get the list
 * before until the new one is complete (they never wait for the rows); the promise settles once it
 * is what reads get (a writer awaits it: its next read sees its write). A list that only changes by
 * ids has it.
 */
export type ReadCache<T> = {
  get(): Promise<Snapshot<T>>;
  invalidate(): void;
  version(): number;
  changed?(ids: readonly (string | number)[]): Promise<void>;
  /** An item refresh under way (`changed`), which may still move the version; none when settled. */
  refreshing?(): Promise<unknown> | undefined;
};

export const CHANGE_CHANNEL = 'denkmal_changes';
export type ListName = 'monuments' | 'proposals';

const bytesOf = new WeakMap<object, Bytes>();

/**
 * `data` with its bytes; a body not made yet is a list's, made from its items. A class: getters
 * written in an object literal gave each snapshot a hidden class of its own, which V8 keeps in
 * the old generation, and through it the getters and the data lived until a full collection.
 */
class SnapshotWith<T> {
  constructor(
    readonly data: T,
    readonly bytes: Bytes,
  ) {}
  get body(): Buffer {
    return (this.bytes.body ??= listBody(this.data as object[]));
  }
  get etag(): string {
    return (this.bytes.etag ??= etagOf(this.body));
  }
}

/** Validates and serialises `data` once; the snapshot is then found by `serialised(data)`. */
export function snapshotOf<S extends z.ZodType<object>>(schema: S, raw: unknown): Snapshot<z.infer<S>> {
  const data = schema.parse(raw) as z.infer<S> & object;
  const body = Buffer.from(JSON.stringify(data));
  const bytes = { body, etag: etagOf(body) };
  bytesOf.set(data, bytes);
  return new SnapshotWith(data, bytes);
}

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** A fixed text answer (a page) as a snapshot: its bytes and ETag, made once. */
export function textSnapshot(text: string): Snapshot<string> {
  const body = Buffer.from(text);
  return new SnapshotWith(text, { body, etag: etagOf(body) });
}

/** A body this large is gzipped in libuv's thread pool, not on the event loop (a country's list: 20 MB, most of a second). */
const GZIP_OFF_LOOP_FROM = 1 << 20;
const gzipping = new WeakMap<Bytes, Promise<Buffer>>();

/**
 * The body gzipped, once per snapshot: a phone on a slow link gets about a sixth of the bytes. A
 * large body's is made off the event loop: undefined until it is there (the answer goes out plain
 * meanwhile); `gzippedLater` waits for it.
 */
export function gzippedBody(snap: Snapshot<unknown>): Buffer | undefined {
  const { bytes } = snap;
  if (bytes.gzipped) return bytes.gzipped;
  if (snap.body.length < GZIP_OFF_LOOP_FROM) return (bytes.gzipped = gzipSync(snap.body, { level: 6 }));
  void gzippedLater(snap).catch(() => {});
  return undefined;
}

export function gzippedLater(snap: Snapshot<unknown>): Promise<Buffer> {
  const { bytes } = snap;
  if (bytes.gzipped) return Promise.resolve(bytes.gzipped);
  let made = gzipping.get(bytes);
  if (!made) {
    made = new Promise<Buffer>((resolve, reject) =>
      gzip(snap.body, { level: 6 }, (err, out) => (err ? reject(err) : resolve((bytes.gzipped = out)))),
    );
    gzipping.set(bytes, made);
  }
  return made;
}

/** The snapshot whose data this is, if it is one. */
export function serialised(data: unknown): Snapshot<unknown> | undefined {
  const bytes = typeof data === 'object' && data !== null ? bytesOf.get(data) : undefined;
  return bytes && new SnapshotWith(data, bytes);
}

/** How a list is refreshed item by item: its items' ids, their order, and a read of some of them (the public ones). */
export type ItemsOf<T> = {
  item: z.ZodType<T>;
  idOf: (item: T) => string | number;
  compare: (a: T, b: T) => number;
  loadSome: (ids: readonly (string | number)[]) => Promise<unknown[]>;
};

/** A list's snapshot whose bytes are made on first use (SnapshotWith, listBody); the list is numbered (olderList). */
function listSnapshot<T extends object>(data: T[]): Snapshot<T[]> {
  const bytes: Bytes = {};
  bytesOf.set(data, bytes);
  versionOf(data);
  return new SnapshotWith(data, bytes);
}
/** A list's body from each item's JSON (kept per item object). */
const listBody = (data: object[]) => Buffer.from(`[${data.map(itemJson).join(',')}]`);
const itemJsons = new WeakMap<object, string>();
function itemJson(item: object): string {
  let text = itemJsons.get(item);
  if (text === undefined) itemJsons.set(item, (text = JSON.stringify(item)));
  return text;
}

/** The first position in the sorted `list` whose item comes after `item`. */
function insertionPoint<T>(list: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(list[mid] as T, item) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Each kept list's items by id, handed on to the list merged from it (and no longer true of the
 * list before): where an item stood is found by a binary search for it, not by a pass over the
 * list. At 50,000 monuments that pass (an id not in the list, or an item whose sort key moved)
 * took 1.1–3.3 ms on the event loop at every new monument and vote, in one piece.
 */
const itemsById = new WeakMap<object, Map<string | number, object>>();

/** Keeps `list`'s items by id, for merges into it (`merged`). */
function keptById<T extends object>(list: T[], idOf: (item: T) => string | number): T[] {
  itemsById.set(list, new Map(list.map((item) => [idOf(item), item])));
  return list;
}

/**
 * `list` with the items of `ids` replaced by `fresh` (those of them still public), in order; itself if
 * nothing differs. An item is found by its sort key as it was (its kept object), where the list
 * keeps its items by id, else by a scan: a few binary searches and one copy.
 */
function merged<T extends object>(list: T[], ids: readonly (string | number)[], fresh: T[], items: ItemsOf<T>): T[] {
  const freshById = new Map(fresh.map((f) => [items.idOf(f), f]));
  const byId = itemsById.get(list) as Map<string | number, T> | undefined;
  const positionOf = (id: string | number, f: T | undefined): number => {
    if (byId) {
      const old = byId.get(id);
      if (!old) return -1;
      const at = insertionPoint(list, old, items.compare) - 1;
      return list[at] === old ? at : list.indexOf(old);
    }
    const near = f ? insertionPoint(list, f, items.compare) - 1 : -1;
    return near >= 0 && items.idOf(list[near] as T) === id ? near : list.findIndex((item) => items.idOf(item) === id);
  };
  const positions: number[] = [];
  let same = true;
  for (const id of new Set(ids)) {
    const f = freshById.get(id);
    const at = positionOf(id, f);
    if (at >= 0) positions.push(at);
    if (f ? at < 0 || itemJson(list[at] as T) !== itemJson(f) : at >= 0) same = false;
  }
  if (same) return list;
  const next = list.slice();
  for (const at of positions.sort((a, b) => b - a)) next.splice(at, 1);
  for (const item of fresh) next.splice(insertionPoint(next, item, items.compare), 0, item);
  derivations.set(next, derivation(list, [...new Set(ids)], freshById));
  if (byId) {
    // Handed on: the merges go from each version to the next (createReadCache chains them).
    for (const id of new Set(ids)) {
      const f = freshById.get(id);
      if (f) byId.set(id, f);
      else byId.delete(id);
    }
    itemsById.delete(list);
    itemsById.set(next, byId);
  }
  return next;
}

/**
 * Which list each merged list was made from, the ids that changed and their items now, and the
 * step before: what lets a derived index update the few items instead of rebuilding (domain/lists).
 * A step names the list it was made from by number (`versionOf`), so a chain of versions does not
 * keep the old ones alive: not even a WeakRef, whose target V8's young-generation collections keep
 * (they clear weak references only in a full collection): with WeakRefs, every proposal list a
 * vote replaced outlived the young generation and waited in the old one for a full collection
 * (docs/performance.md, "Versions that outlived the young generation"). The steps are held
 * strongly (a few ids each, DERIVATIONS_FOLLOWED of them at most), so an index made from a list two
 * versions back still updates once the version between was collected.
 */
type Derivation = {
  from: number;
  ids: (string | number)[];
  fresh: ReadonlyMap<string | number, unknown>;
  before: Derivation | undefined;
};
const derivations = new WeakMap<object, Derivation>();
/** How many merges back `changedSince` looks before it says "rebuild". */
const DERIVATIONS_FOLLOWED = 64;

/** Each list version's number, given as it is made: a later version has a higher one. */
const versions = new WeakMap<object, number>();
let versionsGiven = 0;
function versionOf(list: object): number {
  let n = versions.get(list);
  if (n === undefined) versions.set(list, (n = ++versionsGiven));
  return n;
}

/** Whether `list` is an older version of a kept list than `than` (false where either is not one). */
export function olderList(list: object, than: object): boolean {
  const a = versions.get(list);
  const b = versions.get(than);
  return a !== undefined && b !== undefined && a < b;
}

function derivation(from: object, ids: (string | number)[], fresh: ReadonlyMap<string | number, unknown>): Derivation {
  const step: Derivation = { from: versionOf(from), ids, fresh, before: derivations.get(from) };
  // Steps past those followed are let go.
  let last = step;
  for (let k = 1; k < DERIVATIONS_FOLLOWED && last.before; k++) last = last.before;
  last.before = undefined;
  return step;
}

/**
 * The items that may differ between `older` and `list` (both versions of one cached list), by id,
 * each as it is in `list` (undefined: no longer in it); undefined when that is not known (the list
 * was read whole in between, or too long ago).
 */
export function changedSince<T>(list: readonly T[], older: readonly T[]): Map<string | number, T | undefined> | undefined {
  const changed = new Map<string | number, T | undefined>();
  if (list === older) return changed;
  // A list no step was made from has no number: nothing was derived from it.
  const from = versions.get(older);
  if (from === undefined) return undefined;
  for (let step = derivations.get(list); step; step = step.before) {
    // The newest version of an item is met first.
    for (const id of step.ids) if (!changed.has(id)) changed.set(id, step.fresh.get(id) as T | undefined);
    if (step.from === from) return changed;
  }
  return undefined;
}

/**
 * `keep` false: nothing is kept, every read loads (the bench's "without" figure, config readCache).
 * With `items`, the list is kept in their order and `changed(ids)` refreshes those items alone.
 */
export function createReadCache<S extends z.ZodType<object>>(
  schema: S,
  load: () => Promise<unknown>,
  keep = true,
  items?: ItemsOf<z.infer<S> extends (infer T)[] ? T & object : never>,
): ReadCache<z.infer<S>> {
  type Snap = Snapshot<z.infer<S>>;
  /** What reads get: the last complete list (or its whole build, under way). */
  let current: Promise<Snap> | undefined;
  /** The newest list, refreshes under way included: what the next refresh merges into. */
  let newest: Promise<Snap> | undefined;
  /** Grows at every invalidation: a refresh begun before one is not swapped in after it. */
  let generation = 0;
  let refreshing: Promise<unknown> | undefined;
  let version = 0;
  const build = (): Promise<Snap> =>
    load().then((raw) => {
      if (!items) return snapshotOf(schema, raw);
      const list = (schema.parse(raw) as object[]).slice().sort(items.compare as (a: object, b: object) => number);
      return listSnapshot(keptById(list, items.idOf as (item: object) => string | number)) as Snap;
    });
  const keepIt = (building: Promise<Snap>) => {
    current = newest = building;
    // A failed build is not kept; the next read tries again.
    building.catch(() => {
      if (current === building) current = newest = undefined;
    });
    return building;
  };
  return {
    version: () => version,
    get() {
      if (current) return current;
      return keep ? keepIt(build()) : build();
    },
    // A build already under way when a write lands is dropped too: it may predate the write.
    invalidate() {
      current = newest = undefined;
      generation++;
      version++;
    },
    ...(items && keep
      ? {
          changed(ids: readonly (string | number)[]) {
            const previous = newest;
            if (!previous || ids.length === 0) return Promise.resolve();
            const unique = [...new Set(ids)];
            const at = generation;
            // Read after the write: its items are read now, and merged into the newest list once it is there.
            const rows = items.loadSome(unique);
            // Read once that list is there: a failure (the database down) is handled then, not
            // reported as unhandled before.
            rows.catch(() => undefined);
            let moved = false;
            const next = previous.then(async (snap) => {
              const fresh = (await rows).map((row) => items.item.parse(row));
              const list = merged(snap.data as never[], unique, fresh as never[], items as never);
              if (list === snap.data) return snap;
              moved = true;
              return listSnapshot(list) as Snap;
            });
            newest = next;
            // Reads keep the list before until this one is complete (no read waits for the rows), and
            // get it then; a later refresh merges into it meanwhile. One that fails drops the list:
            // the next read builds it whole.
            const settled: Promise<void> = next.then(
              () => {
                if (generation !== at) return;
                current = next;
                // A refresh that found nothing new (a held vote) leaves the version: nothing public changed.
                if (moved) version++;
              },
              () => {
                if (generation !== at) return;
                current = newest = undefined;
                generation++;
                version++;
              },
            );
            refreshing = settled;
            void settled.then(() => {
              if (refreshing === settled) refreshing = undefined;
            });
            return settled;
          },
          refreshing: () => refreshing,
        }
      : {}),
  };
}

/**
 * Tells every instance (this one included, through its listener) that a list changed: all of it, or
 * (with `ids`) those items alone (payload `list:id,id`). `origin`: the instance that has applied the
 * change itself already (`@origin` at the end), which its own listener then passes over.
 */
export async function announceChange(
  database: Database,
  list: ListName,
  tx?: Db,
  ids?: readonly (string | number)[],
  origin?: string,
): Promise<void> {
  const payload = `${ids?.length ? `${list}:${ids.join(',')}` : list}${origin ? `@${origin}` : ''}`;
  await database.rows(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${payload})`, tx);
}

/** An instance's name in the notifications it sends (`newOrigin`): 12 hex digits. */
const ORIGIN = /@([0-9a-f]{12})$/;
export const newOrigin = () => randomBytes(6).toString('hex');

/**
 * What a change notification says: a list, the items of it that changed (none: all of it), and the
 * instance that sent it having applied it already (none: a tool's, or a change nobody applied yet).
 */
export function changeOf(payload: string): { list: string; ids?: string[]; origin?: string } {
  const origin = ORIGIN.exec(payload)?.[1];
  const text = origin ? payload.slice(0, -origin.length - 1) : payload;
  const at = text.indexOf(':');
  if (at < 0) return { list: text, ...(origin ? { origin } : {}) };
  return {
    list: text.slice(0, at),
    ids: text
      .slice(at + 1)
      .split(',')
      .filter(Boolean),
    ...(origin ? { origin } : {}),
  };
}

/** The public lists, one read cache each (services.ts builds them). */
export type PublicLists = Record<ListName, ReadCache<unknown>>;
/** What a use case tells the lists through: the database, the lists, and this instance's origin. */
type ListsApp = { database: Database; lists: PublicLists; origin?: string };

/**
 * The public lists changed: this instance drops its copies at once (its next read sees the write)
 * and every instance is told, so theirs are rebuilt too. The one place a use case says so.
 */
export async function listsChanged(app: ListsApp, ...lists: ListName[]): Promise<void> {
  for (const list of lists) app.lists[list].invalidate();
  for (const list of lists) await announceChange(app.database, list, undefined, undefined, app.origin);
}

/**
 * Some items of the public lists changed (a new proposal, a visitor's monument): this instance reads
 * those items again (its next read sees them) and every instance is told which. Cheaper by far
 * than listsChanged at a country's size: nothing else is read, and the lists' derived indexes are
 * updated from the previous ones (domain/lists/models.ts).
 */
export async function itemsChanged(
  app: ListsApp,
  changes: Partial<Record<ListName, readonly (string | number)[]>>,
): Promise<void> {
  const swapped: Promise<void>[] = [];
  for (const [list, ids] of Object.entries(changes) as [ListName, (string | number)[]][]) {
    const cache = app.lists[list];
    if (cache.changed) swapped.push(cache.changed(ids));
    else cache.invalidate();
  }
  for (const [list, ids] of Object.entries(changes) as [ListName, (string | number)[]][])
    await announceChange(app.database, list, undefined, ids, app.origin);
  // The writer's next read sees its write (other readers had the lists before meanwhile).
  await Promise.all(swapped);
}

/**
 * A snapshot computed from the database that changes exactly when one of the lists does (the
 * dashboard's figures): kept while no source was invalidated, recomputed once one was (keyed on
 * the sources' versions, so it does not wait for their own rebuilds). So it follows every write
 * the lists follow, on every instance, unasked. After a write a read waits at most `freshWaitMs`
 * for the new figures, then answers the last ones while they are computed (at 50,000 monuments
 * and 1,000,000 votes that takes most of a second; at a city's size a few milliseconds).
 */
export function createDerivedCache<S extends z.ZodType<object>>(
  schema: S,
  sources: readonly ReadCache<unknown>[],
  load: () => Promise<unknown>,
  freshWaitMs = Infinity,
): ReadCache<z.infer<S>> {
  type Snap = Snapshot<z.infer<S>>;
  let current: { versions: number[]; snap: Promise<Snap> } | undefined;
  let last: Snap | undefined;
  let version = 0;
  const build = (versions: number[]) => {
    const built = { versions, snap: load().then((raw) => snapshotOf(schema, raw)) };
    current = built;
    built.snap.then(
      (snap) => {
        if (current === built) last = snap;
      },
      () => {
        if (current === built) current = undefined;
      },
    );
    return built;
  };
  return {
    version: () => version + sources.reduce((n, s) => n + s.version(), 0),
    async get() {
      // A source refreshing items after a write may still move its version: its figures wait for
      // that (a few rows read by id), so a read after a write sees it. A whole rebuild is not awaited.
      await Promise.all(sources.map((s) => s.refreshing?.() ?? Promise.resolve()));
      const versions = sources.map((s) => s.version());
      const fresh = current && current.versions.every((v, i) => v === versions[i]) ? current : build(versions);
      const previous = last;
      if (!previous || !Number.isFinite(freshWaitMs)) return fresh.snap;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<Snap>((resolve) => {
        timer = setTimeout(() => resolve(previous), freshWaitMs);
      });
      try {
        return await Promise.race([fresh.snap, late]);
      } catch {
        return previous; // the recompute failed: the last figures, and the next read tries again
      } finally {
        clearTimeout(timer);
      }
    },
    invalidate() {
      current = undefined;
      version++;
    },
  };
}
/** Values by key, each made once and the last `size` used kept (the least recently used goes first). */
export type Recent<V> = {
  get(key: string, make: () => V): V;
  forget(key: string): void;
  has(key: string): boolean;
  /** What is kept, the most recently used last (to carry over into a rebuilt index). */
  entries(): [string, V][];
  set(key: string, value: V): void;
};

export function recentlyUsed<V>(size: number): Recent<V> {
  const kept = new Map<string, V>();
  return {
    get(key, make) {
      let value: V;
      if (kept.has(key)) {
        value = kept.get(key) as V;
        kept.delete(key); // re-inserted below: the most recently used stays longest
      } else value = make();
      kept.set(key, value);
      if (kept.size > size) kept.delete(kept.keys().next().value as string);
      return value;
    },
    forget: (key) => void kept.delete(key),
    has: (key) => kept.has(key),
    entries: () => [...kept],
    set(key, value) {
      kept.delete(key);
      kept.set(key, value);
      if (kept.size > size) kept.delete(kept.keys().next().value as string);
    },
  };
}

/**
 * Its author's read sees its write on every instance (PostgreSQL, several instances): a write marks
 * its author's browser for 2 s (http/own-writes.ts), and that browser's next read may reach an
 * instance that has not yet been told. `caughtUp()` sends a notification of its own (`sync:token`)
 * and waits until this instance's listener has it: PostgreSQL delivers notifications in the order
 * their transactions committed, so by then the listener has had every change committed before the
 * read began, and the lists' refreshes it started are awaited too. Bounded: after `timeoutMs` (a
 * listener reconnecting) the read goes on.
 */
export function createCatchUp(database: Database, lists: readonly ReadCache<unknown>[], timeoutMs = 1_000) {
  const waiting = new Map<string, () => void>();
  const syncOnce = async (): Promise<void> => {
    const token = newOrigin();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      waiting.set(token, resolve);
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      await database.rows(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${`${SYNC}:${token}`})`);
      await heard;
      for (const list of lists) await list.refreshing?.();
    } catch {
      // The database away: the read goes on with what this instance has.
    } finally {
      clearTimeout(timer);
      waiting.delete(token);
    }
  };
  // One sync at a time, and one queued: every read that arrives while one is out joins the next
  // (a sync sent after a read began is as good as its own). Marked reads, which anyone can send,
  // make at most two notifications per round trip, not one each.
  let out: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const send = () => (out = syncOnce().finally(() => (out = undefined)));
  return {
    /** A `sync` notification reached this instance's listener. */
    arrived(token: string): void {
      waiting.get(token)?.();
    },
    caughtUp(): Promise<void> {
      if (next) return next;
      if (!out) return send();
      return (next = out.then(() => {
        next = undefined;
        return send();
      }));
    },
  };
}
export type CatchUp = ReturnType<typeof createCatchUp>;
/** The notification `caughtUp` waits for (not a list). */
export const SYNC = 'sync';
