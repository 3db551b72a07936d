// The address's monument filters, and how many monuments pass them: one definition for the map,
// the list and the announced count. The server counts (a page of one: its total), so no page
// needs the whole list.
import type { MonumentFilters } from '@linz/contract';
import { PATHS } from '@linz/contract/facts';
import { hasFilters, monumentFilterSearch } from '@linz/contract/filters';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { getChecked, withQuery } from '../api/client';
import { isMonumentPage } from '../api/answers';
import { queryKeys } from '../api/queries';
import { filtersOf, validateFilterSearch } from './search';

export function useFilters() {
  // Not strict: the pages that read it stay mounted while they animate out.
  const search = validateFilterSearch(useSearch({ strict: false }));
  const key = JSON.stringify(search);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the search's value
  return useMemo(() => filtersOf(search), [key]);
}

/** Matches the map's search lists at most (the count says how many more there are). */
export const MATCHES_SHOWN = 8;

/** The first monuments passing the filters (the search's list), with how many do and the
 * categories there are: one request for the count and the list. */
export const monumentCountQuery = (filters: MonumentFilters) => {
  const url = withQuery(PATHS.monumentsPage, { ...monumentFilterSearch(filters), limit: String(MATCHES_SHOWN) });
  return queryOptions({
    queryKey: [...queryKeys.monuments, 'count', url] as const,
    queryFn: ({ signal }) => getChecked(url, isMonumentPage, signal),
  });
};

/** How many monuments pass the address's filters and how many there are; undefined while loading. */
export function useMonumentCounts(): {
  shown: number | undefined;
  total: number | undefined;
  categories: string[];
  filtered: boolean;
} {
  const filters = useFilters();
  const filtered = hasFilters(filters);
  const all = useQuery(monumentCountQuery({})).data;
  const passing = useQuery({ ...monumentCountQuery(filters), enabled: filtered }).data;
  return { shown: filtered ? passing?.total : all?.total, total: all?.total, categories: all?.categories ?? [], filtered };
}
