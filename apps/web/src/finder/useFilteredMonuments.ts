// The monuments that pass the address's filters: one definition for the map, the list and the
// announced count. Filtering 10,000 monuments takes a few milliseconds, so it runs once per change.
import type { Monument } from '@linz/contract';
import { hasFilters, matchesFilters } from '@linz/contract/filters';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { monumentsQuery } from '../api/queries';
import { filtersOf, validateFilterSearch } from './search';

export function useFilters() {
  // Not strict: the pages that read it stay mounted while they animate out.
  const search = validateFilterSearch(useSearch({ strict: false }));
  const key = JSON.stringify(search);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the search's value
  return useMemo(() => filtersOf(search), [key]);
}

export function useFilteredMonuments(): { all: Monument[] | undefined; shown: Monument[] | undefined; filtered: boolean } {
  const filters = useFilters();
  const { data } = useQuery(monumentsQuery());
  const shown = useMemo(() => (hasFilters(filters) ? data?.filter((m) => matchesFilters(m, filters)) : data), [data, filters]);
  return { all: data, shown, filtered: hasFilters(filters) };
}
