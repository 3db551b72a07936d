// The finder's filters and search, shared by the web app (the address's search parameters, the
// map and the lists) and the API (exports take the same names). No validation library, so the
// browser can import it without pulling zod into its first load (`@linz/contract/filters`).
import { PROPOSAL_STATUSES, SEXES, type ProposalStatusName, type Sex } from './facts.js';

/** Text folded for search: lower case, accents dropped, ß as ss ("Jägerstätter" → "jagerstatter"). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss');
}

export const SEARCH_MAX = 100;
/** What a category may be written as: the filters' token, and so a site profile's own categories. */
export const CATEGORY_TOKEN = /^[\p{L}\p{N}_ -]{1,60}$/u;

/** The monument filters, as `/`, `/monuments` and the exports read them. All optional. */
export type MonumentFilters = {
  /** `category=statue,bust`: any of these categories (compared ignoring case). */
  category?: string[];
  /** `sex=female` or `sex=female,mixed`. */
  sex?: Sex[];
  /** `proposals=1`: only monuments with at least one public proposal. */
  proposals?: true;
  /** `validated=1` or `validated=0`. */
  validated?: boolean;
  /** `q`: words that must all occur in a name or description, folded (see `fold`). */
  q?: string;
};

/** The proposal list's parameters (`/interventions`). */
export type ProposalSearch = { q?: string; status?: ProposalStatusName[]; sort?: 'votes' | 'newest' };
export const PROPOSAL_SORTS = ['votes', 'newest'] as const;

/** What a parse kept, and the names of the parameters it had to drop (the API answers 400 for those). */
export type Parsed<T> = { value: T; invalid: string[] };

const list = (raw: unknown): string[] | undefined =>
  typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : Array.isArray(raw) ? raw.map(String) : undefined;

function oneOf<T extends string>(raw: unknown, allowed: readonly T[]): T[] | undefined | null {
  const items = list(raw);
  if (items === undefined) return raw === undefined ? undefined : null;
  const kept = [...new Set(items.filter((s): s is T => (allowed as readonly string[]).includes(s)))];
  return kept.length === items.length && kept.length > 0 ? kept : null;
}

function text(raw: unknown): string | undefined | null {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const q = String(raw).trim();
  return q.length > SEARCH_MAX ? null : q || undefined;
}

const flag = (raw: unknown): boolean | undefined | null =>
  raw === undefined ? undefined : raw === 1 || raw === '1' ? true : raw === 0 || raw === '0' ? false : null;

/** Reads monument filters from search parameters; an invalid value is dropped, the rest kept. */
export function parseMonumentFilters(search: Record<string, unknown>): Parsed<MonumentFilters> {
  const value: MonumentFilters = {};
  const invalid: string[] = [];
  const keep = <K extends keyof MonumentFilters>(key: K, v: MonumentFilters[K] | undefined | null) => {
    if (v === null) invalid.push(key);
    else if (v !== undefined) value[key] = v;
  };
  const categories = list(search.category);
  keep(
    'category',
    categories === undefined
      ? search.category === undefined
        ? undefined
        : null
      : categories.length > 0 && categories.every((c) => CATEGORY_TOKEN.test(c))
        ? [...new Set(categories)]
        : null,
  );
  keep('sex', oneOf(search.sex, SEXES));
  const proposals = flag(search.proposals);
  keep('proposals', proposals === false ? null : proposals);
  keep('validated', flag(search.validated));
  keep('q', text(search.q));
  return { value, invalid };
}

/** Reads the proposal list's parameters; an invalid value is dropped, the rest kept. */
export function parseProposalSearch(search: Record<string, unknown>): Parsed<ProposalSearch> {
  const value: ProposalSearch = {};
  const invalid: string[] = [];
  const q = text(search.q);
  if (q === null) invalid.push('q');
  else if (q !== undefined) value.q = q;
  const status = oneOf(search.status, PROPOSAL_STATUSES);
  if (status === null) invalid.push('status');
  else if (status !== undefined) value.status = status;
  const sort = oneOf(search.sort, PROPOSAL_SORTS);
  if (sort === null || (sort && sort.length > 1)) invalid.push('sort');
  else if (sort !== undefined) value.sort = sort[0];
  return { value, invalid };
}

/** Search parameters for a set of monument filters (lists joined with commas); empty ones left out. */
export function monumentFilterSearch(filters: MonumentFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.category?.length) out.category = filters.category.join(',');
  if (filters.sex?.length) out.sex = filters.sex.join(',');
  if (filters.proposals) out.proposals = '1';
  if (filters.validated !== undefined) out.validated = filters.validated ? '1' : '0';
  if (filters.q) out.q = filters.q;
  return out;
}

/** The fields a monument filter reads. `proposals` is the number of public proposals. */
export type FilterableMonument = {
  name: string;
  name_en?: string;
  category: string;
  sex: string;
  validated: boolean;
  shortDescription: string;
  shortDescription_en: string;
  proposals: number;
};

/** The folded text a search runs over: the texts joined, folded once (see `fold`). */
export const searchText = (texts: readonly (string | undefined)[]): string => fold(texts.filter(Boolean).join('\n'));

/** A search word shorter than this is dropped (one letter is in almost every text). */
export const SEARCH_WORD_MIN = 2;
/** A query's words beyond this many are dropped: each is a scan of every text. */
export const SEARCH_WORDS_MAX = 6;

/**
 * A query's folded words; each must occur in the searched text. Normalised so that a query costs
 * at most SEARCH_WORDS_MAX scans: words shorter than SEARCH_WORD_MIN are dropped, repeats counted
 * once, and a word inside another of the query dropped (where "dom" occurs, so does "do").
 */
export function searchWords(query: string): string[] {
  const words = [...new Set(fold(query).split(/\s+/))].filter((w) => w.length >= SEARCH_WORD_MIN);
  return words
    .filter((w, i) => !words.some((other, j) => j !== i && other.includes(w) && (other.length > w.length || j < i)))
    .slice(0, SEARCH_WORDS_MAX);
}

/** Whether every word of a query occurs in one of the texts, both folded. */
export function matchesText(query: string, texts: readonly (string | undefined)[]): boolean {
  const haystack = searchText(texts);
  return searchWords(query).every((word) => haystack.includes(word));
}

/** The texts `q` searches in a monument: its names and descriptions in both languages. */
export const monumentTexts = (m: FilterableMonument): (string | undefined)[] => [
  m.name,
  m.name_en,
  m.shortDescription,
  m.shortDescription_en,
];

/** The filters as one predicate, prepared once for many monuments. */
export function monumentFilter(f: MonumentFilters): (m: FilterableMonument) => boolean {
  const categories = f.category?.map((c) => c.toLowerCase());
  const sexes: readonly string[] | undefined = f.sex;
  const words = f.q === undefined ? [] : searchWords(f.q);
  return (m) => {
    if (categories && !categories.includes(m.category.toLowerCase())) return false;
    if (sexes && !sexes.includes(m.sex)) return false;
    if (f.proposals && m.proposals < 1) return false;
    if (f.validated !== undefined && m.validated !== f.validated) return false;
    if (words.length > 0) {
      const haystack = searchText(monumentTexts(m));
      if (!words.every((word) => haystack.includes(word))) return false;
    }
    return true;
  };
}

/** Whether a monument passes the filters. One definition for the map, the list and the exports. */
export const matchesFilters = (m: FilterableMonument, f: MonumentFilters): boolean => monumentFilter(f)(m);

export const hasFilters = (f: MonumentFilters): boolean => Object.keys(f).length > 0;

/** Metres between two points (haversine on a sphere of 6,371 km; exact enough at 50 m). */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}
