// /interventions' search (`q` over proposal and monument names, folded), `status` and `sort`
// (most votes first by default, or newest: the highest id, as ids grow with each proposal).
import type { Monument } from '@linz/contract';
import { matchesText, parseInterventionSearch, type InterventionSearch } from '@linz/contract/filters';
import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { ListedIntervention } from '../api/normalise';

export function useInterventionSearch(): InterventionSearch {
  // Not strict: the page stays mounted while it animates out.
  const search = parseInterventionSearch(useSearch({ strict: false })).value;
  const key = JSON.stringify(search);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the search's value
  return useMemo(() => search, [key]);
}

export function searchInterventions(
  list: readonly ListedIntervention[],
  byId: ReadonlyMap<string, Monument>,
  { q, status, sort }: InterventionSearch,
): ListedIntervention[] {
  const kept = list.filter((item) => {
    if (status && !status.includes(item.status)) return false;
    const monument = byId.get(item.monumentId);
    return !q || matchesText(q, [item.name, monument?.name, monument?.name_en]);
  });
  return sort === 'newest' ? kept.sort((a, b) => (b.id ?? -1) - (a.id ?? -1)) : kept.sort((a, b) => b.votes - a.votes);
}
