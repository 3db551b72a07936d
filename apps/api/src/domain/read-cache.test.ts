import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { changedSince, createDerivedCache, createReadCache } from './read-cache.js';

const Figures = z.object({ n: z.number() });
const deferred = () => {
  let resolve!: (v: { n: number }) => void;
  const promise = new Promise<{ n: number }>((r) => (resolve = r));
  return { promise, resolve };
};

describe('derived cache (the dashboard)', () => {
  afterEach(() => vi.useRealTimers());

  it('after a write waits at most freshWaitMs for the new figures, then answers the last ones until they are ready', async () => {
    vi.useFakeTimers();
    const list = createReadCache(Figures, async () => ({ n: 0 }));
    let loads = 0;
    let slow = deferred();
    const stats = createDerivedCache(
      Figures,
      [list],
      () => {
        loads++;
        return loads === 1 ? Promise.resolve({ n: 1 }) : slow.promise;
      },
      100,
    );
    expect((await stats.get()).data).toEqual({ n: 1 });
    // No write: the same snapshot, no recompute.
    expect((await stats.get()).data).toEqual({ n: 1 });
    expect(loads).toBe(1);

    list.invalidate(); // a write
    const read = stats.get();
    await vi.advanceTimersByTimeAsync(99);
    let answered: { n: number } | undefined;
    void read.then((s) => (answered = s.data));
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toBeUndefined(); // still waiting for the new figures
    await vi.advanceTimersByTimeAsync(1);
    expect(answered).toEqual({ n: 1 }); // the last figures, after 100 ms
    expect(loads).toBe(2);

    slow.resolve({ n: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect((await stats.get()).data).toEqual({ n: 2 }); // ready now, and not computed again
    expect(loads).toBe(2);

    // A recompute that is done within the wait is answered at once.
    slow = deferred();
    list.invalidate();
    const quick = stats.get();
    slow.resolve({ n: 3 });
    expect((await quick).data).toEqual({ n: 3 });
  });

  it('does not wait for the lists it follows to be rebuilt', async () => {
    const list = createReadCache(Figures, () => new Promise<never>(() => {})); // a rebuild that never ends
    const stats = createDerivedCache(Figures, [list], async () => ({ n: 7 }));
    expect((await stats.get()).data).toEqual({ n: 7 });
  });
});

describe('read cache (the public lists)', () => {
  it('loads once until a write; kept off (config readCache: false, the bench without it) every read loads', async () => {
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const kept = createReadCache(Figures, load);
    expect((await kept.get()).data).toEqual({ n: 1 });
    expect((await kept.get()).data).toEqual({ n: 1 });
    kept.invalidate();
    expect((await kept.get()).data).toEqual({ n: 2 });

    const off = createReadCache(Figures, load, false);
    expect((await off.get()).data).toEqual({ n: 3 });
    expect((await off.get()).data).toEqual({ n: 4 });
  });

  it('a refresh of items moves the version even when a second refresh of the same items overtakes it', async () => {
    const Item = z.object({ id: z.string(), n: z.number() });
    let rows = [{ id: 'a', n: 1 }];
    let slowSome: ((r: unknown[]) => void) | undefined;
    const list = createReadCache(z.array(Item), async () => rows, true, {
      item: Item,
      idOf: (i) => i.id,
      compare: (x, y) => x.id.localeCompare(y.id),
      loadSome: (ids) =>
        slowSome
          ? Promise.resolve(rows.filter((r) => ids.includes(r.id)))
          : new Promise<unknown[]>((resolve) => (slowSome = resolve)),
    });
    await list.get();
    const before = list.version();
    rows = [...rows, { id: 'b', n: 2 }];
    void list.changed!(['b']); // the write's own refresh, whose read is slow
    void list.changed!(['b']); // the same instance's notification of it, a moment later
    slowSome!(rows.filter((r) => r.id === 'b'));
    await list.refreshing!();
    expect((await list.get()).data.map((i) => i.id)).toEqual(['a', 'b']);
    expect(list.version()).toBeGreaterThan(before);
  });

  it('while a refresh reads its rows, reads get the list before; the writer hears when reads get the new one', async () => {
    const Item = z.object({ id: z.string(), n: z.number() });
    let rows = [{ id: 'a', n: 1 }];
    const some: ((r: unknown[]) => void)[] = [];
    const list = createReadCache(z.array(Item), async () => rows, true, {
      item: Item,
      idOf: (i) => i.id,
      compare: (x, y) => x.id.localeCompare(y.id),
      loadSome: () => new Promise<unknown[]>((resolve) => some.push(resolve)),
    });
    const before = await list.get();
    rows = [
      { id: 'a', n: 2 },
      { id: 'b', n: 1 },
    ];
    let swapped = false;
    const first = list.changed!(['a']).then(() => (swapped = true));
    void list.changed!(['b']); // a second write, merged into the first one's list
    // The database has not answered: a read does not wait for it.
    expect(await list.get()).toBe(before);
    expect(swapped).toBe(false);
    some[0]!([rows[0]]);
    await first;
    // The first refresh is in place while the second still waits for its rows.
    expect((await list.get()).data).toEqual([{ id: 'a', n: 2 }]);
    some[1]!([rows[1]]);
    await list.refreshing!();
    expect((await list.get()).data).toEqual(rows);

    // A refresh whose read fails drops the list: the next read builds it whole.
    rows = [...rows, { id: 'c', n: 1 }];
    const failed = list.changed!(['c']);
    some[2]!(Promise.reject(new Error('down')) as never);
    await failed;
    expect((await list.get()).data).toEqual(rows);
  });

  it('knows what changed between two versions when the versions between them were collected', async () => {
    const Item = z.object({ id: z.string(), n: z.number() });
    let rows = [
      { id: 'a', n: 1 },
      { id: 'b', n: 1 },
      { id: 'c', n: 1 },
    ];
    const list = createReadCache(z.array(Item), async () => rows, true, {
      item: Item,
      idOf: (i) => i.id,
      compare: (x, y) => x.id.localeCompare(y.id),
      loadSome: async (ids) => rows.filter((r) => ids.includes(r.id)),
    });
    const first = (await list.get()).data;
    for (const id of ['a', 'b', 'c']) {
      rows = rows.map((r) => (r.id === id ? { ...r, n: r.n + 1 } : r));
      await list.changed!([id]);
    }
    const last = (await list.get()).data;
    // The two versions between are held by nobody now: a full collection takes them.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    await new Promise((resolve) => setTimeout(resolve, 0)); // weak references are cleared after the current job
    gc();
    const changed = changedSince(last, first);
    expect(changed && [...changed.keys()].sort()).toEqual(['a', 'b', 'c']);
    expect(changed?.get('b')).toEqual({ id: 'b', n: 2 });
  });

  it('keeps no list a refresh replaced alive through young-generation collections', async () => {
    // Two refreshes between young-generation collections: a list replaced is garbage at the next
    // one, unless something keeps it. A step that named the list before by a WeakRef did (V8's
    // scavenges treat WeakRef targets as strong), and so did a snapshot's getters written in an
    // object literal: each version (10,000 items: 80 KB) then went to the old generation.
    const Item = z.object({ id: z.number(), votes: z.number() });
    const rows = Array.from({ length: 10_000 }, (_, k) => ({ id: k + 1, votes: 0 }));
    const list = createReadCache(z.array(Item), async () => rows, true, {
      item: Item,
      idOf: (i) => i.id,
      compare: (a, b) => a.id - b.id,
      loadSome: async (ids) => ids.map((id) => rows[Number(id) - 1]!),
    });
    const first = (await list.get()).data;
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: { type: 'minor' }) => void;
    const vote = async (id: number) => {
      rows[id - 1] = { id, votes: rows[id - 1]!.votes + 1 };
      await list.changed!([id]);
    };
    gc();
    const before = getHeapStatistics().used_heap_size;
    for (let k = 0; k < 30; k++) {
      await vote(2 * k + 1);
      await vote(2 * k + 2);
      gc({ type: 'minor' });
    }
    gc({ type: 'minor' });
    gc({ type: 'minor' });
    // Sixty versions kept would be about 5 MB.
    expect(getHeapStatistics().used_heap_size - before).toBeLessThan(1.5e6);
    // What changed is still known, back to the first version (held here).
    expect(changedSince((await list.get()).data, first)?.size).toBe(60);
  });

  it('merged item by item, in any order of changes, the list is the one read whole', async () => {
    // Items keyed by votes (most first), then id, as the proposals are: a vote moves an item's key.
    const Item = z.object({ id: z.number(), votes: z.number(), name: z.string() });
    type Row = z.infer<typeof Item>;
    const compare = (a: Row, b: Row) => b.votes - a.votes || b.id - a.id;
    let seed = 11;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const rows = new Map<number, Row>();
    for (let id = 1; id <= 300; id++) rows.set(id, { id, votes: random(5), name: `p${id}` });
    const list = createReadCache(z.array(Item), async () => [...rows.values()], true, {
      item: Item,
      idOf: (i) => i.id,
      compare,
      loadSome: async (ids) => ids.flatMap((id) => rows.get(Number(id)) ?? []),
    });
    await list.get();
    let nextId = 301;
    for (let step = 0; step < 400; step++) {
      const ids: number[] = [];
      for (let k = 0; k < 1 + random(3); k++) {
        const what = random(10);
        const id = 1 + random(nextId - 1);
        const row = rows.get(id);
        ids.push(id);
        if (what < 6 && row) {
          rows.set(id, { ...row, votes: row.votes + 1 }); // a vote: its place moves
        } else if (what < 7 && row) {
          rows.set(id, { ...row, name: `${row.name}!` }); // a change that keeps its place
        } else if (what < 8) {
          rows.delete(id); // hidden
        } else if (what < 9 && !row) {
          rows.set(id, { id, votes: random(5), name: `back ${id}` }); // shown again
        } else {
          ids.push(nextId);
          rows.set(nextId, { id: nextId, votes: 0, name: `new ${nextId}` });
          nextId++;
        }
      }
      await list.changed!(ids);
      expect((await list.get()).data).toEqual([...rows.values()].sort(compare));
    }
  });
});
