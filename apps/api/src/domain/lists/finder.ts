// Search, filters and paging over the cached public lists, on the server: what the web
// app did with the whole list in the browser. Everything is derived once per list snapshot
// (read-cache.ts) and kept beside it: the items' folded search texts in one string, the lists'
// orders and, per filter set, the matching positions. A word is then found with `indexOf` over
// that string (one scan at native speed, not a test per item), and a page is a binary search. The
// cursor is the last item's sort key, so a page goes on after it even when items were added or
// removed before it.
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
import { InvalidInput } from '../errors.js';
import { recentlyUsed, type Recent } from '../read-cache.js';

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

/** Positions 0 … n − 1 sorted by `compare`. */
const sortedPositions = (n: number, compare: (a: number, b: number) => number) =>
  Int32Array.from({ length: n }, (_, i) => i).sort(compare);

/**
 * The items' folded search texts one after another, each ended by a line break. A search word holds
 * no white space, so it never spans two items: where `indexOf` finds it, the item is found by its start.
 */
type Texts = { all: string; starts: Int32Array };

function textsOf(texts: readonly string[]): Texts {
  const starts = new Int32Array(texts.length + 1);
  let at = 0;
  texts.forEach((text, i) => {
    starts[i] = at;
    at += text.length + 1;
  });
  starts[texts.length] = at;
  return { all: `${texts.join('\n')}\n`, starts };
}

/** Which items hold every word (1) or not (0); undefined when there is no word to look for. */
function holdingAll({ all, starts }: Texts, words: readonly string[]): Uint8Array | undefined {
  let result: Uint8Array | undefined;
  const n = starts.length - 1;
  for (const word of words) {
    const found = new Uint8Array(n);
    let item = 0;
    for (let at = all.indexOf(word); at >= 0; at = all.indexOf(word, starts[item])) {
      // The item whose text holds position `at`: the last start at or before it (starts ascend).
      let lo = item;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if ((starts[mid] as number) <= at) lo = mid;
        else hi = mid - 1;
      }
      found[lo] = 1;
      item = lo + 1; // one find per item is enough: go on with the next item's text
    }
    if (result) for (let i = 0; i < n; i++) result[i] = (result[i] as number) & (found[i] as number);
    else result = found;
  }
  return result;
}

/** What a monument list snapshot gets once: the search texts, the list's order, the matches per filter set. */
export type MonumentIndex = {
  /** Positions in the list's order (name ignoring case and accents, then name, then id) that pass the filters. */
  matching: (filters: MonumentFilters) => Int32Array;
  keyAt: (i: number) => Key;
  /** The i-th monument's folded search text. */
  textAt: (i: number) => string;
  /** The categories the list has (one spelling each, ignoring case), sorted. */
  categories: string[];
};

const monumentIndexes = new WeakMap<readonly Monument[], MonumentIndex>();

export function monumentIndex(list: readonly Monument[]): MonumentIndex {
  let index = monumentIndexes.get(list);
  if (index) return index;
  const texts = textsOf(list.map((m) => searchText(monumentTexts(m))));
  const names = list.map((m) => fold(m.name));
  const keyAt = (i: number): Key => [names[i] as string, (list[i] as Monument).name, (list[i] as Monument).id];
  const order = sortedPositions(list.length, (a, b) => compareKeys(keyAt(a), keyAt(b)));
  const matches: Recent<Int32Array> = recentlyUsed(KEPT_FILTER_SETS);
  const categories = new Map<string, string>();
  for (const m of list) if (!categories.has(m.category.toLowerCase())) categories.set(m.category.toLowerCase(), m.category);
  index = {
    keyAt,
    categories: [...categories].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, spelled]) => spelled),
    textAt: (i) => texts.all.slice(texts.starts[i], (texts.starts[i + 1] as number) - 1),
    matching: (filters) =>
      matches.get(filterKey(filters), () => {
        // The text through the prepared string, the other filters as the finder defines them.
        const holding = holdingAll(texts, filters.q === undefined ? [] : searchWords(filters.q));
        const { q: _q, ...rest } = filters;
        const pass = monumentFilter(rest);
        return order.filter((i) => (!holding || holding[i] === 1) && pass(list[i] as Monument));
      }),
  };
  monumentIndexes.set(list, index);
  return index;
}

export function monumentPage(list: readonly Monument[], filters: MonumentFilters, page: PageRequest): MonumentPage {
  const index = monumentIndex(list);
  return {
    ...pageOf(list, index.matching(filters), index.keyAt, 'm', ['string', 'string', 'string'], page),
    categories: index.categories,
  };
}

type PagedIntervention = Intervention & { monument: Monument };

/** What a proposal list snapshot gets once, with the monument list it was paired with. */
type InterventionIndex = {
  monuments: readonly Monument[];
  /** The public proposals whose monument is in the monument list, each with it. */
  items: PagedIntervention[];
  /** Their folded search texts: the proposal's name and its monument's names. */
  texts: Texts;
  /** Most votes first, then the newest (ids grow with each proposal); or the newest first. */
  byVotes: Int32Array;
  byNewest: Int32Array;
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
  const at = (i: number) => items[i] as PagedIntervention;
  const index: InterventionIndex = {
    monuments,
    items,
    texts: textsOf(items.map((i) => searchText([i.name, i.monument.name, i.monument.name_en]))),
    byVotes: sortedPositions(items.length, (a, b) => at(b).votes - at(a).votes || at(b).id - at(a).id),
    byNewest: sortedPositions(items.length, (a, b) => at(b).id - at(a).id),
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
  const at = (i: number) => index.items[i] as PagedIntervention;
  // The sort keys ascend along the order: votes and id negated.
  const keyAt = newest ? (i: number): Key => [-at(i).id] : (i: number): Key => [-at(i).votes, -at(i).id];
  const key = [newest ? 'n' : 'v', search.status?.join(',') ?? '', search.q ?? ''].join('|');
  const matching = index.matches.get(key, () => {
    const holding = holdingAll(index.texts, search.q === undefined ? [] : searchWords(search.q));
    const statuses: readonly string[] | undefined = search.status;
    return (newest ? index.byNewest : index.byVotes).filter(
      (i) => (!holding || holding[i] === 1) && (!statuses || statuses.includes(at(i).status)),
    );
  });
  const shape = newest ? (['number'] as const) : (['number', 'number'] as const);
  return pageOf(index.items, matching, keyAt, newest ? 'n' : 'v', shape, page);
}
