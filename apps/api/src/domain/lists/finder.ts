// Search, filters and paging over the cached public lists, on the server: what the web
// app did with the whole list in the browser. Everything is derived once per list snapshot
// (read-cache.ts) and kept beside it: the items' folded search texts in one string, the lists'
// orders and, per filter set, the matching positions. A word is then found with `indexOf` over
// that string (one scan at native speed, not a test per item), and a page is a binary search. The
// cursor is the last item's sort key, so a page goes on after it even when items were added or
// removed before it. The lists are kept in the finder's orders (read-cache.ts), so no index sorts
// the monuments; an index is built in slices from the one before it (models.ts), reusing each
// unchanged item's folded text and recomputing the filter sets in use.
import {
  monumentFilter,
  monumentFilterSearch,
  searchText,
  searchWords,
  monumentTexts,
  fold,
  type Intervention,
  type ProposalPage,
  type ProposalSearch,
  type Monument,
  type MonumentFilters,
  type MonumentPage,
  type PageRequest,
} from '@linz/contract';
import { InvalidInput } from '../errors.js';
import { recentlyUsed, type Recent } from '../read-cache.js';
import { BUILT_AT_ONCE, runAtOnce, sliceDue, slicedModels, timeUp, type Steps } from './models.js';

/** Filter sets whose matches are kept per snapshot (the map's and the lists' current ones). */
const KEPT_FILTER_SETS = 32;

/** A query as its normalised words (contract searchWords): "Dom dom  DOM" and "dom" are one filter set. */
const normalQuery = (q: string | undefined) => (q === undefined ? undefined : searchWords(q).join(' ') || undefined);

/** One key per filter set: the address form, in a fixed order, with the query's normalised words. */
export const filterKey = (filters: MonumentFilters): string =>
  new URLSearchParams(monumentFilterSearch({ ...filters, q: normalQuery(filters.q) })).toString();

/** Each monument's name folded, once per monument object (unchanged ones keep theirs across list versions). */
const foldedNames = new WeakMap<Monument, string>();
function foldedName(m: Monument): string {
  let name = foldedNames.get(m);
  if (name === undefined) foldedNames.set(m, (name = fold(m.name)));
  return name;
}

/** The finder's order of monuments, which the list is kept in: the name ignoring case and accents, then the name, then the id. */
export function compareMonuments(a: Monument, b: Monument): number {
  const x = foldedName(a);
  const y = foldedName(b);
  if (x !== y) return x < y ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const searchTexts = new WeakMap<object, string>();
/** An item's folded search text, once per item object. */
function searchTextOf(item: object, texts: () => (string | undefined)[]): string {
  let text = searchTexts.get(item);
  if (text === undefined) searchTexts.set(item, (text = searchText(texts())));
  return text;
}

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

/** Items per piece of the joined texts: a piece is joined, and searched, in one go (well within a slice). */
const TEXT_PIECE = 1024;

/**
 * The items' folded search texts one after another, each ended by a line break, in pieces of
 * TEXT_PIECE items. A search word holds no white space, so it never spans two items: where `indexOf`
 * finds it, the item is found by its start.
 */
type Texts = { pieces: { all: string; starts: Int32Array }[]; count: number };

function* textsSteps(texts: readonly string[]): Steps<Texts> {
  const pieces: Texts['pieces'] = [];
  for (let first = 0; first < texts.length; first += TEXT_PIECE) {
    const part = texts.slice(first, first + TEXT_PIECE);
    const starts = new Int32Array(part.length + 1);
    let at = 0;
    part.forEach((text, i) => {
      starts[i] = at;
      at += text.length + 1;
    });
    starts[part.length] = at;
    pieces.push({ all: `${part.join('\n')}\n`, starts });
    if (timeUp()) yield;
  }
  return { pieces, count: texts.length };
}

const textAtIn = ({ pieces }: Texts, i: number): string => {
  const piece = pieces[Math.floor(i / TEXT_PIECE)] as Texts['pieces'][number];
  const k = i % TEXT_PIECE;
  return piece.all.slice(piece.starts[k], (piece.starts[k + 1] as number) - 1);
};

/** Which items hold every word (1) or not (0); undefined when there is no word to look for. */
function* holdingAllSteps(texts: Texts, words: readonly string[]): Steps<Uint8Array | undefined> {
  if (words.length === 0) return undefined;
  const result = new Uint8Array(texts.count).fill(1);
  for (const [p, { all, starts }] of texts.pieces.entries()) {
    const n = starts.length - 1;
    const alive = result.subarray(p * TEXT_PIECE, p * TEXT_PIECE + n);
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
        if (item >= n) break;
      }
      for (let i = 0; i < n; i++) alive[i] = (alive[i] as number) & (found[i] as number);
    }
    if (timeUp()) yield;
  }
  return result;
}

/** The positions of `order` (a permutation of 0 … n − 1) that `pass`, in its order. */
function* passingSteps(order: Int32Array | undefined, n: number, pass: (i: number) => boolean): Steps<Int32Array> {
  const out = new Int32Array(n);
  let count = 0;
  for (let k = 0; k < n; k++) {
    const i = order ? (order[k] as number) : k;
    if (pass(i)) out[count++] = i;
    if (sliceDue(k)) yield;
  }
  return out.slice(0, count);
}

/** What a monument list snapshot gets once: the search texts, the list's order, the matches per filter set. */
export type MonumentIndex = {
  /** The list this index is of (a large list's reads may answer from the index before the newest). */
  list: readonly Monument[];
  /** Positions in the list's order (name ignoring case and accents, then name, then id) that pass the filters. */
  matching: (filters: MonumentFilters) => Int32Array;
  /** The same, as steps (a build that needs a filter set's matches: the map's cluster index). */
  matchingSteps: (filters: MonumentFilters) => Steps<Int32Array>;
  keyAt: (i: number) => Key;
  /** The i-th monument's folded search text. */
  textAt: (i: number) => string;
  /** The categories the list has (one spelling each, ignoring case), sorted. */
  categories: string[];
  byId: Map<string, Monument>;
  /** The filter sets in use, carried into the next list's index. */
  kept: Recent<{ filters: MonumentFilters; positions: Int32Array }>;
};

export function* monumentIndexSteps(list: readonly Monument[], previous: MonumentIndex | undefined): Steps<MonumentIndex> {
  const texts: string[] = new Array<string>(list.length);
  const categories = new Map<string, string>();
  const byId = new Map<string, Monument>();
  for (let i = 0; i < list.length; i++) {
    const m = list[i] as Monument;
    byId.set(m.id, m);
    texts[i] = searchTextOf(m, () => monumentTexts(m));
    foldedName(m);
    if (!categories.has(m.category.toLowerCase())) categories.set(m.category.toLowerCase(), m.category);
    if (sliceDue(i)) yield;
  }
  const joined = yield* textsSteps(texts);
  const keyAt = (i: number): Key => [foldedName(list[i] as Monument), (list[i] as Monument).name, (list[i] as Monument).id];
  function* matchingSteps(filters: MonumentFilters): Steps<Int32Array> {
    // The text through the prepared string, the other filters as the finder defines them.
    const q = normalQuery(filters.q);
    const holding = yield* holdingAllSteps(joined, q === undefined ? [] : searchWords(q));
    const { q: _q, ...rest } = filters;
    const pass = monumentFilter(rest);
    return yield* passingSteps(undefined, list.length, (i) => (!holding || holding[i] === 1) && pass(list[i] as Monument));
  }
  const kept: MonumentIndex['kept'] = recentlyUsed(KEPT_FILTER_SETS);
  /** A filter set's matches, kept for the next read (and carried into the next index). */
  function* keptMatching(filters: MonumentFilters): Steps<Int32Array> {
    const key = filterKey(filters);
    const made = kept.has(key) ? undefined : yield* matchingSteps(filters);
    return kept.get(key, () => ({ filters, positions: made ?? runAtOnce(matchingSteps(filters)) })).positions;
  }
  // The filter sets in use before: ready in the new index, so no read recomputes them.
  for (const [key, { filters }] of previous?.kept.entries() ?? []) {
    kept.set(key, { filters, positions: yield* matchingSteps(filters) });
  }
  return {
    list,
    keyAt,
    kept,
    byId,
    categories: [...categories].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, spelled]) => spelled),
    textAt: (i) => textAtIn(joined, i),
    matching: (filters) => runAtOnce(keptMatching(filters)),
    matchingSteps: keptMatching,
  };
}

/** The monument lists' indexes: a large list's built in slices, from the one before. */
export const monumentIndexes = slicedModels(monumentIndexSteps, (list) => list.length <= BUILT_AT_ONCE);
const builtAtOnce = new WeakMap<readonly Monument[], MonumentIndex>();

/** The index of exactly this list, built now if need be (exports, the bench). */
export function monumentIndex(list: readonly Monument[]): MonumentIndex {
  let index = builtAtOnce.get(list);
  if (!index) builtAtOnce.set(list, (index = runAtOnce(monumentIndexSteps(list, undefined))));
  return index;
}

export function monumentPage(index: MonumentIndex, filters: MonumentFilters, page: PageRequest): MonumentPage {
  return {
    ...pageOf(index.list, index.matching(filters), index.keyAt, 'm', ['string', 'string', 'string'], page),
    categories: index.categories,
  };
}

type PagedProposal = Intervention & { monument: Monument };

/** What a proposal list snapshot gets once, with the monument list it was paired with. */
export type ProposalIndex = {
  list: readonly Intervention[];
  monuments: readonly Monument[];
  byId: Map<string, Monument>;
  /** The public proposals whose monument is in the monument list, each with it. */
  items: PagedProposal[];
  /** Their folded search texts: the proposal's name and its monument's names. */
  texts: Texts;
  /** Most votes first, then the newest (ids grow with each proposal): the list's own order; or the newest first. */
  byVotes: Int32Array;
  byNewest: Int32Array;
  matches: Recent<{ search: ProposalSearch; positions: Int32Array }>;
};

/** A proposal list paired with a monument list: what a proposal index is of. */
export type ListPair = { list: readonly Intervention[]; monuments: readonly Monument[] };
const pairs = new WeakMap<readonly Intervention[], ListPair>();
/** The one pair object of these two lists (an index is kept per pair). */
export function pairOf(list: readonly Intervention[], monuments: readonly Monument[]): ListPair {
  const pair = pairs.get(list);
  if (pair?.monuments === monuments) return pair;
  const made = { list, monuments };
  pairs.set(list, made);
  return made;
}

/** A proposal joined with its monument, once per pair of objects. */
const joinedItems = new WeakMap<Intervention, { monument: Monument; item: PagedProposal }>();
function joined(i: Intervention, monument: Monument): PagedProposal {
  const found = joinedItems.get(i);
  if (found?.monument === monument) return found.item;
  const item = { ...i, monument };
  joinedItems.set(i, { monument, item });
  return item;
}

const searchKey = (search: ProposalSearch) =>
  [search.sort === 'newest' ? 'n' : 'v', search.status?.join(',') ?? '', normalQuery(search.q) ?? ''].join('|');

function* proposalIndexSteps({ list, monuments }: ListPair, previous: ProposalIndex | undefined): Steps<ProposalIndex> {
  let byId = previous?.byId ?? new Map<string, Monument>();
  if (previous?.monuments !== monuments) {
    byId = new Map<string, Monument>();
    for (let k = 0; k < monuments.length; k++) {
      const m = monuments[k] as Monument;
      byId.set(m.id, m);
      if (sliceDue(k)) yield;
    }
  }
  const items: PagedProposal[] = [];
  const texts: string[] = [];
  for (let k = 0; k < list.length; k++) {
    const i = list[k] as Intervention;
    const monument = byId.get(i.monumentId);
    if (monument) {
      const item = joined(i, monument);
      items.push(item);
      texts.push(searchTextOf(item, () => [i.name, monument.name, monument.name_en]));
    }
    if (sliceDue(k)) yield;
  }
  const joinedTexts = yield* textsSteps(texts);
  yield;
  const byNewest = newestFirst(items);
  yield;
  const index: ProposalIndex = {
    list,
    monuments,
    byId,
    items,
    texts: joinedTexts,
    byVotes: Int32Array.from({ length: items.length }, (_, i) => i),
    byNewest,
    matches: recentlyUsed(KEPT_FILTER_SETS),
  };
  yield;
  for (const [key, { search }] of previous?.matches.entries() ?? []) {
    index.matches.set(key, { search, positions: yield* matchingSteps(index, search) });
  }
  return index;
}

type Item = { id: number };
/**
 * The positions of the items, the highest id (the newest) first: each id and position as one number
 * (id · 2²¹ + position, exact below 2⁵³), sorted natively; a comparator over 20,000 items took tens of
 * milliseconds on the event loop at every vote.
 */
function newestFirst(items: readonly Item[]): Int32Array {
  if (items.length >= 2 ** 21) return sortedPositions(items.length, (a, b) => (items[b] as Item).id - (items[a] as Item).id);
  const keys = new Float64Array(items.length);
  items.forEach((item, k) => {
    keys[k] = item.id * 2 ** 21 + k;
  });
  keys.sort();
  const order = new Int32Array(items.length);
  for (let k = 0; k < keys.length; k++) order[keys.length - 1 - k] = (keys[k] as number) % 2 ** 21;
  return order;
}

function* matchingSteps(index: ProposalIndex, search: ProposalSearch): Steps<Int32Array> {
  const q = normalQuery(search.q);
  const holding = yield* holdingAllSteps(index.texts, q === undefined ? [] : searchWords(q));
  const statuses: readonly string[] | undefined = search.status;
  const order = search.sort === 'newest' ? index.byNewest : index.byVotes;
  return yield* passingSteps(
    order,
    order.length,
    (i) => (!holding || holding[i] === 1) && (!statuses || statuses.includes((index.items[i] as PagedProposal).status)),
  );
}

/** The proposal lists' indexes, per pair with a monument list. */
export const proposalIndexes = slicedModels(proposalIndexSteps, (pair) => pair.list.length <= BUILT_AT_ONCE);

/** `/interventions`' list: `status`, `q` over the proposal's and its monument's names, `sort`. */
export function proposalPage(index: ProposalIndex, search: ProposalSearch, page: PageRequest): ProposalPage {
  const newest = search.sort === 'newest';
  const at = (i: number) => index.items[i] as PagedProposal;
  // The sort keys ascend along the order: votes and id negated.
  const keyAt = newest ? (i: number): Key => [-at(i).id] : (i: number): Key => [-at(i).votes, -at(i).id];
  const matching = index.matches.get(searchKey(search), () => ({
    search,
    positions: runAtOnce(matchingSteps(index, search)),
  })).positions;
  const shape = newest ? (['number'] as const) : (['number', 'number'] as const);
  return pageOf(index.items, matching, keyAt, newest ? 'n' : 'v', shape, page);
}
