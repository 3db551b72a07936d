// The first monuments passing some filters (the map's search list), with how many do: one request
// for the count and the list (a page of a few: its total).
import type { MonumentFilters } from '@linz/contract';
import { monumentFilterSearch } from '@linz/contract/filters';
import { queryOptions } from '@tanstack/react-query';
import { call, urlOf } from '../client';
import { queryKeys } from '.';

/** Matches the map's search lists at most (the count says how many more there are). */
export const MATCHES_SHOWN = 8;

/** The first monuments passing the filters (the search's list), with how many do and the
 * categories there are: one request for the count and the list. */
export const monumentCountQuery = (filters: MonumentFilters) => {
  const query = { ...monumentFilterSearch(filters), limit: String(MATCHES_SHOWN) };
  return queryOptions({
    queryKey: [...queryKeys.monuments, 'count', urlOf('monumentsPage', { query })] as const,
    queryFn: ({ signal }) => call('monumentsPage', { query, signal }),
  });
};
