// Search, filters and paging over the cached public lists (issue 20), on the server: what the web
// app did with the whole list in the browser. Everything is derived once per list snapshot
// (read-cache.ts) and kept beside it: each monument's folded search text, the lists' orders and,
// per filter set, the matching positions. A search is then a scan of prepared strings (a few
// milliseconds at 50,000 monuments) and a page a binary search. The cursor is the last item's
// sort key, so a page goes on after it even when items were added or removed before it.
import {
  monumentFilter,
  monumentFilterSearch,
  searchText,
  searchWords,
  monumentTexts,
  fold,
  type Intervention,
  type InterventionPage,
  type InterventionSearch,
  type Monument,
  type MonumentFilters,
  type MonumentPage,
  type PageRequest,
} from '@linz/contract';
import { InvalidInput } from './errors.js';
import { recentlyUsed, type Recent } from './read-cache.js';

/** Filter sets whose matches are kept per snapshot (the map's and the lists' current ones). */
const KEPT_FILTER_SETS = 32;

/** One key per filter set: the address form, in a fixed order. */
export const filterKey = (filters: MonumentFilters): string => new URLSearchParams(monumentFilterSearch(filters)).toString();

type Key = (string | number)[];

/** Lexicographic order of two sort keys of the same kind. */
function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** A cursor: the kind of list it belongs to and the last item's sort key, as base64url JSON. */
function encodeCursor(kind: string, key: Key): string {
  return Buffer.from(JSON.stringify([kind, ...key])).toString('base64url');
}

function decodeCursor(cursor: string, kind: string, shape: readonly ('string' | 'number')[]): Key {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed[0] !== kind || parsed.length !== shape.length + 1)
    throw new InvalidInput('cursor', 'not a cursor of this list (use the nextCursor of its page before)');
  const key = parsed.slice(1) as unknown[];
  if (!key.every((v, i) => typeof v === shape[i] && (typeof v !== 'number' || Number.isFinite(v))))
    throw new InvalidInput('cursor', 'not a cursor of this list (use the nextCursor of its page before)');
  return key as Key;
}

/** The first position in `order` whose key comes after `after` (order sorted by `keyAt`). */
function startAfter(order: Int32Array, keyAt: (i: number) => Key, after: Key): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(keyAt(order[mid] as number), after) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One page of `order` (positions into `items`), after the cursor's key. */
function pageOf<T>(
  items: readonly T[],
  order: Int32Array,
  keyAt: (i: number) => Key,
  kind: string,
  shape: readonly ('string' | 'number')[],
  page: PageRequest,
) {
  const start = page.cursor === undefined ? 0 : startAfter(order, keyAt, decodeCursor(page.cursor, kind, shape));
  const slice = order.subarray(start, start + page.limit);
  const last = slice[slice.length - 1];
  return {
    items: Array.from(slice, (i) => items[i] as T),
    nextCursor: start + slice.length < order.length && last !== undefined ? encodeCursor(kind, keyAt(last)) : null,
    total: order.length,
  };
}

/** Positions of `list` sorted by `keyOf`. */
function sortedBy<T>(list: readonly T[], keyOf: (item: T) => Key): { order: Int32Array; keys: Key[] } {
  const keys = list.map(keyOf);
  const order = Int32Array.from(list.keys()).sort((a, b) => compareKeys(keys[a] as Key, keys[b] as Key));
  return { order, keys };
}

/** What a monument list snapshot gets once: the search texts, the list's order, the matches per filter set. */
export type MonumentIndex = {
  list: readonly Monument[];
  /** Each monument's folded search text (`searchText(monumentTexts(m))`). */
  texts: string[];
  /** Positions in the list's order (name ignoring case and accents, then name, then id) that pass the filters. */
  matching: (filters: MonumentFilters) => Int32Array;
  keyAt: (i: number) => Key;
};

const monumentIndexes = new WeakMap<readonly Monument[], MonumentIndex>();

export function monumentIndex(list: readonly Monument[]): MonumentIndex {
  let index = monumentIndexes.get(list);
  if (index) return index;
  const texts = list.map((m) => searchText(monumentTexts(m)));
  const { order, keys } = sortedBy(list, (m) => [fold(m.name), m.name, m.id]);
  const matches: Recent<Int32Array> = recentlyUsed(KEPT_FILTER_SETS);
  index = {
    list,
    texts,
    keyAt: (i) => keys[i] as Key,
    matching: (filters) =>
      matches.get(filterKey(filters), () => {
        const pass = monumentFilter(filters);
        return order.filter((i) => pass(list[i] as Monument, texts[i]));
      }),
  };
  monumentIndexes.set(list, index);
  return index;
}

export function monumentPage(list: readonly Monument[], filters: MonumentFilters, page: PageRequest): MonumentPage {
  const index = monumentIndex(list);
  return pageOf(list, index.matching(filters), index.keyAt, 'm', ['string', 'string', 'string'], page);
}

/** What a proposal list snapshot gets once, with the monument list it was paired with. */
type InterventionIndex = {
  monuments: readonly Monument[];
  /** The public proposals whose monument is in the monument list, each with it. */
  items: (Intervention & { monument: Monument })[];
  /** Each one's folded search text: its name and its monument's names. */
  texts: string[];
  byVotes: { order: Int32Array; keys: Key[] };
  byNewest: { order: Int32Array; keys: Key[] };
  matches: Recent<Int32Array>;
};

const interventionIndexes = new WeakMap<readonly Intervention[], InterventionIndex>();

function interventionIndex(list: readonly Intervention[], monuments: readonly Monument[]): InterventionIndex {
  const found = interventionIndexes.get(list);
  if (found?.monuments === monuments) return found;
  const byId = new Map(monuments.map((m) => [m.id, m]));
  const items = list.flatMap((i) => {
    const monument = byId.get(i.monumentId);
    return monument ? [{ ...i, monument }] : [];
  });
  // Most votes first, then the newest (ids grow with each proposal); or the newest first.
  const index: InterventionIndex = {
    monuments,
    items,
    texts: items.map((i) => searchText([i.name, i.monument.name, i.monument.name_en])),
    byVotes: sortedBy(items, (i) => [-i.votes, -i.id]),
    byNewest: sortedBy(items, (i) => [-i.id]),
    matches: recentlyUsed(KEPT_FILTER_SETS),
  };
  interventionIndexes.set(list, index);
  return index;
}

/** `/interventions`' list: `status`, `q` over the proposal's and its monument's names, `sort`. */
export function interventionPage(
  list: readonly Intervention[],
  monuments: readonly Monument[],
  search: InterventionSearch,
  page: PageRequest,
): InterventionPage {
  const index = interventionIndex(list, monuments);
  const newest = search.sort === 'newest';
  const { order, keys } = newest ? index.byNewest : index.byVotes;
  const key = [newest ? 'n' : 'v', search.status?.join(',') ?? '', search.q ?? ''].join('|');
  const matching = index.matches.get(key, () => {
    const words = search.q === undefined ? [] : searchWords(search.q);
    const statuses: readonly string[] | undefined = search.status;
    return order.filter((i) => {
      const item = index.items[i] as InterventionIndex['items'][number];
      return (!statuses || statuses.includes(item.status)) && words.every((w) => (index.texts[i] as string).includes(w));
    });
  });
  const shape = newest ? (['number'] as const) : (['number', 'number'] as const);
  return pageOf(index.items, matching, (i) => keys[i] as Key, newest ? 'n' : 'v', shape, page);
}
