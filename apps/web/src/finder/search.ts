// The finder's search parameters, as the router keeps them: their address form (strings only), so
// `/?category=statue,bust&validated=1` reads and writes exactly like that. Invalid values are
// dropped and the rest kept; the pages read typed filters from this with `filtersOf`.
import {
  monumentFilterSearch,
  parseProposalSearch,
  parseMonumentFilters,
  type ProposalSearch,
  type MonumentFilters,
} from '@linz/contract/filters';
import { parseMapLink } from '@linz/contract/facts';

/** `category`, `sex`, `proposals`, `validated`, `q` in address form. */
export type FilterSearch = Partial<Record<'category' | 'sex' | 'proposals' | 'validated' | 'q', string>>;
/** The home page adds the map link (`lat`, `lng`, `zoom`, `monument`, and a shared `proposal`). */
export type HomeSearch = FilterSearch & Partial<Record<'lat' | 'lng' | 'zoom' | 'monument' | 'proposal', string>>;

export const filtersOf = (search: Record<string, unknown>): MonumentFilters => parseMonumentFilters(search).value;

export const validateFilterSearch = (search: Record<string, unknown>): FilterSearch => monumentFilterSearch(filtersOf(search));

export function validateHomeSearch(search: Record<string, unknown>): HomeSearch {
  const link = parseMapLink(search);
  const out: HomeSearch = validateFilterSearch(search);
  for (const key of ['lat', 'lng', 'zoom', 'monument', 'proposal'] as const)
    if (link[key] !== undefined) out[key] = String(link[key]);
  return out;
}

export function validateProposalSearch(search: Record<string, unknown>): Partial<Record<keyof ProposalSearch, string>> {
  const { q, status, sort } = parseProposalSearch(search).value;
  return { ...(q ? { q } : {}), ...(status ? { status: status.join(',') } : {}), ...(sort ? { sort } : {}) };
}

/** Plain `URLSearchParams` both ways (the router's default would write JSON: `validated=true`, `q=%221%22`). */
export function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search))
    if (typeof value === 'string' || typeof value === 'number') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
