// Serialised answers for the public lists, built once and dropped on any write. Several API
// instances share one PostgreSQL: a write on one reaches the others through NOTIFY.
//
// A snapshot's data is validated once, when it is built, and is the same object on every read:
// the procedures return it, and the REST façade finds its bytes and ETag by that identity.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '../db/client.js';

/** `body` is kept as bytes so each answer skips re-encoding a large string; `gzipped` is made on first use. */
export type Snapshot<T> = { data: T; body: Buffer; etag: string; gzipped?: Buffer };
/** `version` grows with every invalidation: what a derived cache keys on, without waiting for a rebuild. */
export type ReadCache<T> = { get(): Promise<Snapshot<T>>; invalidate(): void; version(): number };

export const CHANGE_CHANNEL = 'linz_changes';
export type ListName = 'monuments' | 'interventions';

const snapshots = new WeakMap<object, Snapshot<unknown>>();

/** Validates and serialises `data` once; the snapshot is then found by `serialised(data)`. */
export function snapshotOf<S extends z.ZodType<object>>(schema: S, raw: unknown): Snapshot<z.infer<S>> {
  const data = schema.parse(raw) as z.infer<S> & object;
  const body = Buffer.from(JSON.stringify(data));
  const snap = { data, body, etag: etagOf(body) };
  snapshots.set(data, snap);
  return snap;
}

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** A fixed text answer (a page) as a snapshot: its bytes and ETag, made once. */
export function textSnapshot(text: string): Snapshot<string> {
  const body = Buffer.from(text);
  return { data: text, body, etag: etagOf(body) };
}

/** The body gzipped, once per snapshot: a phone on a slow link gets about a sixth of the bytes. */
export function gzippedBody(snap: Snapshot<unknown>): Buffer {
  snap.gzipped ??= gzipSync(snap.body, { level: 6 });
  return snap.gzipped;
}

/** The snapshot whose data this is, if it is one. */
export function serialised(data: unknown): Snapshot<unknown> | undefined {
  return typeof data === 'object' && data !== null ? snapshots.get(data) : undefined;
}

/** `keep` false: nothing is kept, every read loads (the bench's "without" figure, config readCache). */
export function createReadCache<S extends z.ZodType<object>>(
  schema: S,
  load: () => Promise<unknown>,
  keep = true,
): ReadCache<z.infer<S>> {
  let current: Promise<Snapshot<z.infer<S>>> | undefined;
  let version = 0;
  return {
    version: () => version,
    get() {
      if (current) return current;
      const building = load().then((raw) => snapshotOf(schema, raw));
      if (!keep) return building;
      current = building;
      // A failed build is not kept; the next read tries again.
      building.catch(() => {
        if (current === building) current = undefined;
      });
      return building;
    },
    // A build already under way when a write lands is dropped too: it may predate the write.
    invalidate() {
      current = undefined;
      version++;
    },
  };
}

/** Tells every instance (this one included, through its listener) that a list changed. */
export async function announceChange(database: Database, list: ListName, tx?: Db): Promise<void> {
  await database.rows(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${list})`, tx);
}

/** The public lists, one read cache each (services.ts builds them). */
export type PublicLists = Record<ListName, ReadCache<unknown>>;

/**
 * The public lists changed: this instance drops its copies at once (its next read sees the write)
 * and every instance is told, so theirs are rebuilt too. The one place a use case says so.
 */
export async function listsChanged(app: { database: Database; lists: PublicLists }, ...lists: ListName[]): Promise<void> {
  for (const list of lists) app.lists[list].invalidate();
  for (const list of lists) await announceChange(app.database, list);
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
export type Recent<V> = { get(key: string, make: () => V): V; forget(key: string): void };

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
  };
}
