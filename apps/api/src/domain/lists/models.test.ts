import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pairOf } from './finder.js';
import { slicedModels, type Steps } from './models.js';

type List = { n: number; items: object[] };
type Model = { list: List; copy: object[] };

/** Models that hold their list (as the indexes do), counting their builds. */
function models(small: boolean) {
  const builds: number[] = [];
  const made = slicedModels<List, Model>(
    function* (list): Steps<Model> {
      builds.push(list.n);
      yield;
      return { list, copy: list.items.slice() };
    },
    () => small,
    (list, than) => list.n < than.n,
  );
  return { made, builds };
}

describe('a list’s models (models.ts)', () => {
  it('lets the model of a replaced list go at the next young-generation collection', async () => {
    // A WeakMap from each list to its model, which holds the list, kept both through every
    // scavenge (V8 cannot see through that cycle): each version (10,000 items, twice) went to the
    // old generation and waited for a full collection.
    const { made } = models(true);
    const items = Array.from({ length: 10_000 }, (_, k) => ({ k }));
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: { type: 'minor' }) => void;
    await made.of({ n: 0, items: items.slice() });
    gc();
    const before = getHeapStatistics().used_heap_size;
    for (let n = 1; n <= 60; n++) {
      await made.of({ n, items: items.slice() });
      if (n % 2 === 0) gc({ type: 'minor' });
    }
    gc({ type: 'minor' });
    gc({ type: 'minor' });
    // Sixty versions kept would be about 10 MB.
    expect(getHeapStatistics().used_heap_size - before).toBeLessThan(2e6);
  });

  it('lets a proposal list a vote replaced go with its pair', () => {
    // A WeakMap from each proposal list to its pair with the monuments, which holds the list, kept
    // every version through the scavenges.
    const items = Array.from({ length: 10_000 }, (_, k) => ({ k }));
    const monuments: never[] = [];
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: { type: 'minor' }) => void;
    gc();
    const before = getHeapStatistics().used_heap_size;
    for (let n = 1; n <= 60; n++) {
      const list = items.slice() as never[];
      if (pairOf(list, monuments) !== pairOf(list, monuments)) throw new Error('two pairs of the same lists');
      if (n % 2 === 0) gc({ type: 'minor' });
    }
    gc({ type: 'minor' });
    gc({ type: 'minor' });
    expect(getHeapStatistics().used_heap_size - before).toBeLessThan(2e6);
  });

  it('a list older than the last built, its model let go, gets the newest model and no build', async () => {
    const { made, builds } = models(false);
    const lists = [0, 1, 2].map((n) => ({ n, items: [] }));
    for (const list of lists) expect((await made.exactly(list)).list).toBe(list);
    expect(builds).toEqual([0, 1, 2]);
    // The first is no longer kept (the last two are): the newest answers for it.
    expect((await made.of(lists[0]!)).list).toBe(lists[2]);
    expect((await made.of(lists[1]!)).list).toBe(lists[1]);
    expect(builds).toEqual([0, 1, 2]);
    // Asked for exactly, it is built, and does not become the base of what comes after.
    expect((await made.exactly(lists[0]!)).list).toBe(lists[0]);
    const next = { n: 3, items: [] };
    expect((await made.of(next)).list).toBe(lists[2]);
    expect((await made.exactly(next)).list).toBe(next);
    expect(builds).toEqual([0, 1, 2, 0, 3]);
  });

  it('a read that asks for a new list’s model runs none of its build: the build begins on a turn of its own', async () => {
    const { made, builds } = models(false);
    await made.exactly({ n: 0, items: [] });
    const next = { n: 1, items: [] };
    const answer = made.of(next);
    // Run at once, the build's first slice ran inside this call, on the read's way.
    expect(builds).toEqual([0]);
    expect((await answer).list.n).toBe(0);
    expect((await made.exactly(next)).list).toBe(next);
    expect(builds).toEqual([0, 1]);
  });
});
