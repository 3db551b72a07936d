// The address's monument filters, and how many monuments pass them: one definition for the map,
// the list and the announced count. The server counts (a page of one: its total), so no page
// needs the whole list.
import { hasFilters } from '@linz/contract/filters';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { monumentCountQuery } from '../api/queries/monumentCount';
import { filtersOf, validateFilterSearch } from './search';

export function useFilters() {
  // Not strict: the pages that read it stay mounted while they animate out.
  const search = validateFilterSearch(useSearch({ strict: false }));
  const key = JSON.stringify(search);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the search's value
  return useMemo(() => filtersOf(search), [key]);
}

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
