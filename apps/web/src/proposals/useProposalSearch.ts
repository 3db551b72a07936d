// /interventions' search (`q` over proposal and monument names, folded), `status` and `sort`
// (most votes first by default, or newest: the highest id, as ids grow with each proposal).
import { parseProposalSearch, type ProposalSearch } from '@linz/contract/filters';
import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';

export function useProposalSearch(): ProposalSearch {
  // Not strict: the page stays mounted while it animates out.
  const search = parseProposalSearch(useSearch({ strict: false })).value;
  const key = JSON.stringify(search);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the search's value
  return useMemo(() => search, [key]);
}
