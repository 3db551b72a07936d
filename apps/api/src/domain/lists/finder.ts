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
import { changedSince, olderList, recentlyUsed, type Recent } from '../read-cache.js';
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

/** How many items may change between two versions of a list for an index to be updated, not rebuilt. */
const MAX_CHANGED = 256;

/** Items by id: a full map shared between index versions, and the few that changed since it was made. */
export class ById<T> {
  private constructor(
    private readonly all: ReadonlyMap<string, T>,
    private readonly recent: ReadonlyMap<string, T | undefined>,
  ) {}
  static of<T>(all: ReadonlyMap<string, T>): ById<T> {
    return new ById<T>(all, new Map<string, T | undefined>());
  }
  get(id: string): T | undefined {
    return this.recent.has(id) ? this.recent.get(id) : this.all.get(id);
  }
  /** With these changes (undefined: gone); undefined once many have piled up (the caller makes a full map). */
  with(changes: ReadonlyMap<string, T | undefined>): ById<T> | undefined {
    if (this.recent.size + changes.size > MAX_CHANGED * 4) return undefined;
    return new ById(this.all, new Map([...this.recent, ...changes]));
  }
}

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
 * The items' folded search texts one after another, each ended by a line break, in pieces of about
 * TEXT_PIECE items (`first`: the position of a piece's first item; a piece grows where items are
 * inserted). A search word holds no white space, so it never spans two items: where `indexOf`
 * finds it, the item is found by its start.
 */
type Piece = { all: string; starts: Int32Array; first: number };
type Texts = { pieces: Piece[]; count: number };

/** Items in one piece before an insertion makes the index build anew (its pieces even again). */
const MAX_PIECE = 2 * TEXT_PIECE;

function pieceOf(part: readonly string[], first: number): Piece {
  const starts = new Int32Array(part.length + 1);
  let at = 0;
  part.forEach((text, i) => {
    starts[i] = at;
    at += text.length + 1;
  });
  starts[part.length] = at;
  return { all: `${part.join('\n')}\n`, starts, first };
}
const itemsIn = (piece: Piece) => piece.starts.length - 1;

function* textsSteps(texts: readonly string[]): Steps<Texts> {
  const pieces: Piece[] = [];
  for (let first = 0; first < texts.length; first += TEXT_PIECE) {
    pieces.push(pieceOf(texts.slice(first, first + TEXT_PIECE), first));
    if (timeUp()) yield;
  }
  return { pieces, count: texts.length };
}

/** The index of the piece that holds position i (the last one for a position after the end). */
function pieceAt({ pieces }: Texts, i: number): number {
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((pieces[mid] as Piece).first <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The texts of a piece, one per item. */
const partOf = (piece: Piece) =>
  Array.from({ length: itemsIn(piece) }, (_, k) => piece.all.slice(piece.starts[k], (piece.starts[k + 1] as number) - 1));

/**
 * `texts` with the texts of some positions changed (or added, at `count` and after): only the pieces
 * that hold one are joined anew, the others are shared with `texts`.
 */
function textsWith(texts: Texts, changes: ReadonlyMap<number, string>, count: number): Texts {
  const pieces = texts.pieces.slice();
  const redo = new Set<number>();
  for (const [k, text] of changes) if (k < texts.count && textAtIn(texts, k) !== text) redo.add(pieceAt(texts, k));
  for (const p of redo) {
    const piece = pieces[p] as Piece;
    pieces[p] = pieceOf(
      partOf(piece).map((text, k) => changes.get(piece.first + k) ?? text),
      piece.first,
    );
  }
  // Items added at the end: the last piece filled up to TEXT_PIECE, then new pieces.
  let covered = texts.count;
  while (covered < count) {
    const last = pieces[pieces.length - 1];
    const room = last ? TEXT_PIECE - itemsIn(last) : 0;
    const added = Array.from(
      { length: Math.min(count - covered, room > 0 ? room : TEXT_PIECE) },
      (_, k) => changes.get(covered + k) ?? '',
    );
    if (last && room > 0) pieces[pieces.length - 1] = pieceOf([...partOf(last), ...added], last.first);
    else pieces.push(pieceOf(added, covered));
    covered += added.length;
  }
  return { pieces, count };
}

/** `texts` with `text` inserted at position `at`: its piece joined anew, the later ones moved on; undefined once that piece is too large. */
function textsInserted(texts: Texts, at: number, text: string): Texts | undefined {
  if (texts.pieces.length === 0) return { pieces: [pieceOf([text], 0)], count: 1 };
  const p = pieceAt(texts, at);
  const piece = texts.pieces[p] as Piece;
  if (itemsIn(piece) >= MAX_PIECE) return undefined;
  const part = partOf(piece);
  part.splice(at - piece.first, 0, text);
  const pieces = texts.pieces.map((q, k) => (k < p ? q : k === p ? pieceOf(part, piece.first) : { ...q, first: q.first + 1 }));
  return { pieces, count: texts.count + 1 };
}

const textAtIn = (texts: Texts, i: number): string => {
  const piece = texts.pieces[pieceAt(texts, i)] as Piece;
  const k = i - piece.first;
  return piece.all.slice(piece.starts[k], (piece.starts[k + 1] as number) - 1);
};

/** Which items hold every word (1) or not (0); undefined when there is no word to look for. */
function* holdingAllSteps(texts: Texts, words: readonly string[]): Steps<Uint8Array | undefined> {
  if (words.length === 0) return undefined;
  const result = new Uint8Array(texts.count).fill(1);
  for (const { all, starts, first } of texts.pieces) {
    const n = starts.length - 1;
    const alive = result.subarray(first, first + n);
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
  texts: Texts;
  /** The categories the list has (one spelling each, ignoring case), sorted. */
  categories: string[];
  byId: ById<Monument>;
  /**
   * The index before, when this one only changed monuments where they stand, in place and in the
   * order (a count, a description): the map keeps its cluster indexes.
   */
  samePlacesAs?: WeakRef<MonumentIndex>;
  /** The index this one was updated from (none: built whole). */
  updatedFrom?: WeakRef<MonumentIndex>;
  /** The filter sets in use, carried into the next list's index. */
  kept: Recent<{ filters: MonumentFilters; positions: Int32Array }>;
};

export function* monumentIndexSteps(list: readonly Monument[], previous: MonumentIndex | undefined): Steps<MonumentIndex> {
  const updated = previous ? yield* monumentIndexUpdated(list, previous) : undefined;
  return updated ?? (yield* monumentIndexBuilt(list, previous));
}

function* monumentIndexBuilt(list: readonly Monument[], previous: MonumentIndex | undefined): Steps<MonumentIndex> {
  const texts: string[] = new Array<string>(list.length);
  const categories = new Map<string, string>();
  const byId = new Map<string, Monument>();
  for (let i = 0; i < list.length; i++) {
    const m = list[i] as Monument;
    byId.set(m.id, m);
    texts[i] = monumentText(m);
    foldedName(m);
    if (!categories.has(m.category.toLowerCase())) categories.set(m.category.toLowerCase(), m.category);
    if (sliceDue(i)) yield;
  }
  const { index, freshMatching } = monumentIndexOf({
    list,
    texts: yield* textsSteps(texts),
    categories: [...categories].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, spelled]) => spelled),
    byId: ById.of(byId),
  });
  // The filter sets in use before: ready in the new index, so no read recomputes them.
  for (const [key, { filters }] of previous?.kept.entries() ?? []) {
    index.kept.set(key, { filters, positions: yield* freshMatching(filters) });
  }
  return index;
}

const monumentText = (m: Monument) => searchTextOf(m, () => monumentTexts(m));

/** The index's reads over its parts; `freshMatching` computes a filter set's matches without keeping them. */
function monumentIndexOf(parts: Pick<MonumentIndex, 'list' | 'texts' | 'categories' | 'byId' | 'samePlacesAs' | 'updatedFrom'>) {
  const { list, texts } = parts;
  const keyAt = (i: number): Key => [foldedName(list[i] as Monument), (list[i] as Monument).name, (list[i] as Monument).id];
  function* freshMatching(filters: MonumentFilters): Steps<Int32Array> {
    // The text through the prepared string, the other filters as the finder defines them.
    const q = normalQuery(filters.q);
    const holding = yield* holdingAllSteps(texts, q === undefined ? [] : searchWords(q));
    const { q: _q, ...rest } = filters;
    const pass = monumentFilter(rest);
    return yield* passingSteps(undefined, list.length, (i) => (!holding || holding[i] === 1) && pass(list[i] as Monument));
  }
  const kept: MonumentIndex['kept'] = recentlyUsed(KEPT_FILTER_SETS);
  /** A filter set's matches, kept for the next read (and carried into the next index). */
  function* keptMatching(filters: MonumentFilters): Steps<Int32Array> {
    const key = filterKey(filters);
    const made = kept.has(key) ? undefined : yield* freshMatching(filters);
    return kept.get(key, () => ({ filters, positions: made ?? runAtOnce(freshMatching(filters)) })).positions;
  }
  const index: MonumentIndex = {
    ...parts,
    keyAt,
    kept,
    textAt: (i) => textAtIn(texts, i),
    matching: (filters) => runAtOnce(keptMatching(filters)),
    matchingSteps: keptMatching,
  };
  return { index, freshMatching };
}

/** The position of `m` in `list` (kept in the finder's order), or −1. */
export function positionIn(list: readonly Monument[], m: Monument): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareMonuments(list[mid] as Monument, m) < 0) lo = mid + 1;
    else hi = mid;
  }
  return list[lo] === m ? lo : -1;
}

/** A few monuments added at once are put in place; more make the index build anew. */
const MAX_ADDED = 16;

/**
 * The index before with a few monuments changed where they stand in the list (a count, a
 * description) and a few added (a visitor's monument): the changed texts' pieces joined anew, the
 * added ones inserted into theirs, and each kept filter set's matches moved on past the added
 * positions and corrected at the changed ones; undefined (build it whole) where a monument went,
 * moved in the order or changed its category, or what changed is not known.
 */
function* monumentIndexUpdated(list: readonly Monument[], previous: MonumentIndex): Steps<MonumentIndex | undefined> {
  const changed = changedSince(list, previous.list);
  if (!changed || changed.size > MAX_CHANGED) return undefined;
  const changes = new Map<string, Monument>();
  const moved: { before: Monument; now: Monument }[] = [];
  const addedAt: number[] = [];
  for (const [id, now] of changed) {
    if (!now) return undefined;
    changes.set(now.id, now);
    const before = previous.byId.get(String(id));
    if (before) moved.push({ before, now });
    else addedAt.push(positionIn(list, now));
  }
  addedAt.sort((a, b) => a - b);
  if (addedAt.length > MAX_ADDED || addedAt.includes(-1) || list.length !== previous.list.length + addedAt.length)
    return undefined;
  /** Where an item of the list before stands now: after the added items that come before it. */
  const shifts = addedAt.map((a, j) => a - j);
  const newPosition = (q: number) => {
    let n = 0;
    while (n < shifts.length && (shifts[n] as number) <= q) n++;
    return q + n;
  };
  const texts = new Map<number, string>();
  let samePlaces = addedAt.length === 0;
  for (const { before, now } of moved) {
    const at = positionIn(previous.list, before);
    if (at < 0 || list[newPosition(at)] !== now || now.category !== before.category) return undefined;
    texts.set(at, monumentText(now));
    if (now.geoLocX !== before.geoLocX || now.geoLocY !== before.geoLocY || now.validated !== before.validated)
      samePlaces = false;
  }
  const byId = previous.byId.with(changes);
  if (!byId) return undefined;
  let joined: Texts | undefined = textsWith(previous.texts, texts, previous.list.length);
  for (const a of addedAt) joined = joined && textsInserted(joined, a, monumentText(list[a] as Monument));
  if (!joined) return undefined;
  const categories = previous.categories.slice();
  for (const a of addedAt) {
    const { category } = list[a] as Monument;
    if (!categories.some((c) => c.toLowerCase() === category.toLowerCase())) categories.push(category);
  }
  categories.sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  const { index } = monumentIndexOf({
    list,
    texts: joined,
    categories,
    byId,
    samePlacesAs: samePlaces ? new WeakRef(previous) : undefined,
    updatedFrom: new WeakRef(previous),
  });
  const ascending = (a: number, b: number) => a - b;
  const touched = [...[...texts.keys()].map(newPosition), ...addedAt];
  for (const [key, { filters, positions }] of previous.kept.entries()) {
    const words = searchWords(normalQuery(filters.q) ?? '');
    const { q: _q, ...rest } = filters;
    const pass = monumentFilter(rest);
    let out = addedAt.length === 0 ? positions : positions.map(newPosition);
    for (const at of touched)
      out = placed(out, at, ascending, holdsAll(textAtIn(joined, at), words) && pass(list[at] as Monument));
    index.kept.set(key, { filters, positions: out });
    yield;
  }
  return index;
}

/** The monument lists' indexes: a large list's built in slices, from the one before. */
export const monumentIndexes = slicedModels(monumentIndexSteps, (list) => list.length <= BUILT_AT_ONCE, olderList);
const builtAtOnce = new WeakMap<readonly Monument[], MonumentIndex>();

/** The index of exactly this list, built now if need be (exports, the bench). */
export function monumentIndex(list: readonly Monument[]): MonumentIndex {
  let index = builtAtOnce.get(list);
  if (!index) builtAtOnce.set(list, (index = runAtOnce(monumentIndexSteps(list, undefined))));
  return index;
}

/** A page of the monuments passing `filters`, sorted by their names in `lang`. */
export function monumentPage(
  index: MonumentIndex,
  filters: MonumentFilters,
  page: PageRequest,
  lang: 'de' | 'en' = 'de',
): MonumentPage {
  const matches = index.matching(filters);
  const shape = ['string', 'string', 'string'] as const;
  return {
    ...(lang === 'de'
      ? pageOf(index.list, matches, index.keyAt, 'm', shape, page)
      : pageOf(index.list, englishOrder(index.list, matches), englishKeyAt(index.list), 'me', shape, page)),
    categories: index.categories,
  };
}

/** The name an English list shows and sorts a monument by: its English name where it has one. */
const englishName = (m: Monument) => m.name_en || m.name;
const foldedEnglishNames = new WeakMap<Monument, string>();
const englishKeyAt =
  (list: readonly Monument[]) =>
  (i: number): Key => {
    const m = list[i] as Monument;
    let folded = foldedEnglishNames.get(m);
    if (folded === undefined) foldedEnglishNames.set(m, (folded = fold(englishName(m))));
    return [folded, englishName(m), m.id];
  };

const inEnglish = new WeakMap<Int32Array, { list: readonly Monument[]; order: Int32Array }>();
/**
 * `matches` (positions in the list's German order) in the English names' order. A monument without
 * an English name has the same key in both, so those keep their order; the few with one are sorted
 * by it and put in their places by binary search: no sort of the whole list, once per matches and list.
 */
function englishOrder(list: readonly Monument[], matches: Int32Array): Int32Array {
  const known = inEnglish.get(matches);
  if (known?.list === list) return known.order;
  const keyAt = englishKeyAt(list);
  const own: number[] = [];
  const rest: number[] = [];
  for (const i of matches) (englishName(list[i] as Monument) !== (list[i] as Monument).name ? own : rest).push(i);
  let order = matches;
  if (own.length > 0) {
    own.sort((a, b) => compareKeys(keyAt(a), keyAt(b)));
    order = new Int32Array(matches.length);
    let r = 0;
    let k = 0;
    for (const i of own) {
      const key = keyAt(i);
      let lo = r;
      let hi = rest.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compareKeys(keyAt(rest[mid] as number), key) < 0) lo = mid + 1;
        else hi = mid;
      }
      while (r < lo) order[k++] = rest[r++] as number;
      order[k++] = i;
    }
    while (r < rest.length) order[k++] = rest[r++] as number;
  }
  inEnglish.set(matches, { list, order });
  return order;
}

type PagedProposal = Intervention & { monument: Monument };

/** What a proposal list snapshot gets once, with the monument list it was paired with. */
export type ProposalIndex = {
  list: readonly Intervention[];
  monuments: readonly Monument[];
  byId: ById<Monument>;
  /**
   * The public proposals whose monument is in the monument list, each with it, oldest first (ids
   * grow with each proposal): a position stays that proposal's while it is listed, so a vote moves
   * one entry of `byVotes` and a new proposal is added at the end.
   */
  items: PagedProposal[];
  /** Their folded search texts: the proposal's name and its monument's names. */
  texts: Texts;
  /** Most votes first, then the newest: the list's own order; or the newest first. */
  byVotes: Int32Array;
  byNewest: Int32Array;
  matches: Recent<{ search: ProposalSearch; positions: Int32Array }>;
  /**
   * Each monument's proposals' positions. Shared by the versions updated from one build, which add
   * their new proposals' positions: a reader takes those below its item count whose monument it is.
   */
  ofMonument: Map<string, number[]>;
};

/** A proposal list paired with a monument list: what a proposal index is of. */
export type ListPair = { list: readonly Intervention[]; monuments: readonly Monument[] };
/**
 * The last pairs made, the newest last. Not a WeakMap from the list to its pair, which holds the
 * list: V8's young-generation collections cannot see through that, so it kept every proposal list
 * a vote replaced until a full collection (models.ts).
 */
const pairs: ListPair[] = [];
const KEPT_PAIRS = 2;
/** The one pair object of these two lists (an index is kept per pair), while they are among the newest. */
export function pairOf(list: readonly Intervention[], monuments: readonly Monument[]): ListPair {
  const pair = pairs.find((p) => p.list === list && p.monuments === monuments);
  if (pair) return pair;
  const made = { list, monuments };
  pairs.push(made);
  if (pairs.length > KEPT_PAIRS) pairs.shift();
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

const proposalText = (item: PagedProposal) => searchTextOf(item, () => [item.name, item.monument.name, item.monument.name_en]);

const searchKey = (search: ProposalSearch) =>
  [search.sort === 'newest' ? 'n' : 'v', search.status?.join(',') ?? '', normalQuery(search.q) ?? ''].join('|');

/** The votes order: most votes first, then the newest (a comparator of positions into `items`). */
const byVotesOf = (items: readonly PagedProposal[]) => (a: number, b: number) => {
  const x = items[a] as PagedProposal;
  const y = items[b] as PagedProposal;
  return y.votes - x.votes || y.id - x.id;
};
/** The newest first: positions follow the ids. */
const byNewestOrder = (a: number, b: number) => b - a;
/** n − 1 … 0: the newest first. */
const reversedIdentity = (n: number) => Int32Array.from({ length: n }, (_, k) => n - 1 - k);

/** `order` (sorted by `compare`) with `position` put in its place. */
function inserted(order: Int32Array, position: number, compare: (a: number, b: number) => number): Int32Array {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(order[mid] as number, position) <= 0) lo = mid + 1;
    else hi = mid;
  }
  const out = new Int32Array(order.length + 1);
  out.set(order.subarray(0, lo));
  out[lo] = position;
  out.set(order.subarray(lo), lo + 1);
  return out;
}
/**
 * `order` (sorted by `compare`) with `position` where it belongs now, or without it (`keep` false):
 * itself when nothing moves (a count changed, the filter still passes), else one copy. Removing and
 * inserting made two copies each time, and each is an ArrayBuffer of up to 200 KB at a country's
 * size: a new proposal left 16 of them for the garbage collector (eight kept filter sets), a vote
 * up to ten. `compare` must hold for the rest of `order` as it is.
 */
function placed(order: Int32Array, position: number, compare: (a: number, b: number) => number, keep: boolean): Int32Array {
  const at = order.indexOf(position);
  if (at < 0) return keep ? inserted(order, position, compare) : order;
  if (!keep) return without(order, position);
  // Where it goes among the others: the upper bound in `order` without the entry at `at`.
  let lo = 0;
  let hi = order.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(order[mid < at ? mid : mid + 1] as number, position) <= 0) lo = mid + 1;
    else hi = mid;
  }
  if (lo === at) return order;
  const out = order.slice();
  if (lo < at) out.copyWithin(lo + 1, lo, at);
  else out.copyWithin(at, at + 1, lo + 1);
  out[lo] = position;
  return out;
}

/** `order` without `position` (itself if it is not there). */
function without(order: Int32Array, position: number): Int32Array {
  const at = order.indexOf(position);
  if (at < 0) return order;
  const out = new Int32Array(order.length - 1);
  out.set(order.subarray(0, at));
  out.set(order.subarray(at + 1), at);
  return out;
}

/** A text holds every word (holdingAllSteps for one item). */
const holdsAll = (text: string, words: readonly string[]) => words.every((word) => text.includes(word));

export function* proposalIndexSteps(pair: ListPair, previous: ProposalIndex | undefined): Steps<ProposalIndex> {
  const updated = previous ? yield* proposalIndexUpdated(pair, previous) : undefined;
  return updated ?? (yield* proposalIndexBuilt(pair, previous));
}

/** The monuments by id: the previous index's with the changed ones, or (undefined) made anew. */
function* monumentsById(monuments: readonly Monument[], previous: ProposalIndex | undefined): Steps<ById<Monument> | undefined> {
  if (!previous) return undefined;
  if (previous.monuments === monuments) return previous.byId;
  const changed = changedSince(monuments, previous.monuments);
  if (!changed || changed.size > MAX_CHANGED) return undefined;
  yield;
  return previous.byId.with(new Map([...changed].map(([id, m]) => [String(id), m])));
}

function* proposalIndexBuilt({ list, monuments }: ListPair, previous: ProposalIndex | undefined): Steps<ProposalIndex> {
  let byId = yield* monumentsById(monuments, previous);
  if (!byId) {
    const all = new Map<string, Monument>();
    for (let k = 0; k < monuments.length; k++) {
      const m = monuments[k] as Monument;
      all.set(m.id, m);
      if (sliceDue(k)) yield;
    }
    byId = ById.of(all);
  }
  // The listed proposals in the list's order (most votes first), then by position: oldest first.
  const inListOrder: PagedProposal[] = [];
  for (let k = 0; k < list.length; k++) {
    const i = list[k] as Intervention;
    const monument = byId.get(i.monumentId);
    if (monument) inListOrder.push(joined(i, monument));
    if (sliceDue(k)) yield;
  }
  const newest = newestFirst(inListOrder);
  yield;
  const n = inListOrder.length;
  const items = new Array<PagedProposal>(n);
  const byVotes = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const at = newest[k] as number;
    items[n - 1 - k] = inListOrder[at] as PagedProposal;
    byVotes[at] = n - 1 - k;
  }
  const texts: string[] = new Array<string>(n);
  const ofMonument = new Map<string, number[]>();
  for (let k = 0; k < n; k++) {
    const item = items[k] as PagedProposal;
    texts[k] = proposalText(item);
    const positions = ofMonument.get(item.monumentId);
    if (positions) positions.push(k);
    else ofMonument.set(item.monumentId, [k]);
    if (sliceDue(k)) yield;
  }
  const index: ProposalIndex = {
    list,
    monuments,
    byId,
    items,
    texts: yield* textsSteps(texts),
    byVotes,
    byNewest: reversedIdentity(n),
    matches: recentlyUsed(KEPT_FILTER_SETS),
    ofMonument,
  };
  yield;
  for (const [key, { search }] of previous?.matches.entries() ?? []) {
    index.matches.set(key, { search, positions: yield* matchingSteps(index, search) });
  }
  return index;
}

/**
 * The index before with the few proposals that changed (a vote, a new proposal, a proposal's
 * monument changed): their entries moved in the orders and matches, their texts' pieces joined
 * anew; undefined (build it whole) where that is not known or a proposal left the list.
 */
function* proposalIndexUpdated({ list, monuments }: ListPair, previous: ProposalIndex): Steps<ProposalIndex | undefined> {
  const inList =
    previous.list === list ? new Map<string | number, Intervention | undefined>() : changedSince(list, previous.list);
  if (!inList || inList.size > MAX_CHANGED) return undefined;
  const byId = yield* monumentsById(monuments, previous);
  if (!byId) return undefined;
  const fresh = new Map([...inList].map(([id, i]) => [Number(id), i]));
  // The proposals whose monument changed too.
  for (const id of byId === previous.byId ? [] : (changedSince(monuments, previous.monuments)?.keys() ?? [])) {
    for (const k of previous.ofMonument.get(String(id)) ?? []) {
      const item = previous.items[k];
      if (item?.monumentId === id && !fresh.has(item.id)) fresh.set(item.id, item);
    }
  }
  if (fresh.size === 0) return { ...previous, list, monuments, byId };
  const touched = fresh.keys();
  const items = previous.items.slice();
  const lastId = items.length > 0 ? (items[items.length - 1] as PagedProposal).id : 0;
  const moved: number[] = [];
  const added: PagedProposal[] = [];
  for (const id of [...touched].sort((a, b) => a - b)) {
    const i = fresh.get(id);
    const monument = i && byId.get(i.monumentId);
    const at = positionOfId(previous.items, id);
    if (at >= 0 && monument) {
      items[at] = joined(i, monument);
      moved.push(at);
    } else if (at < 0 && monument && id > lastId) added.push(joined(i, monument));
    else if (at >= 0 || monument) return undefined; // left the list, or an older one joined it: rebuilt whole
  }
  const firstAdded = items.length;
  items.push(...added);
  for (const [k, item] of added.entries()) {
    const positions = previous.ofMonument.get(item.monumentId);
    if (positions) positions.push(firstAdded + k);
    else previous.ofMonument.set(item.monumentId, [firstAdded + k]);
  }
  const changed = [...moved, ...added.map((_, k) => firstAdded + k)];
  const texts = textsWith(
    previous.texts,
    new Map(changed.map((k) => [k, proposalText(items[k] as PagedProposal)])),
    items.length,
  );
  const votesOrder = byVotesOf(items);
  const reorder = (order: Int32Array, compare: (a: number, b: number) => number, keep: (k: number) => boolean) => {
    let out = order;
    // One change, or an order of positions alone (the newest first): each put in place by itself,
    // where the rest of the order still holds.
    if (changed.length === 1 || compare === byNewestOrder) {
      for (const k of changed) out = placed(out, k, compare, keep(k));
      return out;
    }
    for (const k of moved) out = without(out, k);
    for (const k of changed) if (keep(k)) out = inserted(out, k, compare);
    return out;
  };
  const index: ProposalIndex = {
    list,
    monuments,
    byId,
    items,
    texts,
    byVotes: reorder(previous.byVotes, votesOrder, () => true),
    byNewest: added.length > 0 ? reversedIdentity(items.length) : previous.byNewest,
    matches: recentlyUsed(KEPT_FILTER_SETS),
    ofMonument: previous.ofMonument,
  };
  for (const [key, { search, positions }] of previous.matches.entries()) {
    const words = searchWords(normalQuery(search.q) ?? '');
    const passes = (k: number) => {
      const item = items[k] as PagedProposal;
      return holdsAll(textAtIn(texts, k), words) && (!search.status || search.status.includes(item.status));
    };
    index.matches.set(key, {
      search,
      positions: reorder(positions, search.sort === 'newest' ? byNewestOrder : votesOrder, passes),
    });
  }
  return index;
}

/** The position of the proposal `id` among items in ascending id order, or −1. */
function positionOfId(items: readonly PagedProposal[], id: number): number {
  let lo = 0;
  let hi = items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = (items[mid] as PagedProposal).id;
    if (at === id) return mid;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
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
export const proposalIndexes = slicedModels(
  proposalIndexSteps,
  (pair) => pair.list.length <= BUILT_AT_ONCE,
  // Older: one list older and the other the same or older too.
  (pair, than) =>
    (olderList(pair.list, than.list) && (pair.monuments === than.monuments || olderList(pair.monuments, than.monuments))) ||
    (pair.list === than.list && olderList(pair.monuments, than.monuments)),
);

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
