// Which monument a map link (/?...&monument=<id>) opens: the server is asked for it (the map holds
// only the tiles in view); a merged id answers the kept monument, which opens instead, and an id
// it does not know is reported as gone.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { monumentProposalsQuery, queryKeys } from '.';
import { findMonument } from '../../map/findMonument';
import { MonumentPopup } from '../../popup/lazyPopup';

export const monumentLinkQuery = (monumentId: string) =>
  queryOptions({ queryKey: [...queryKeys.monuments, 'one', monumentId] as const, queryFn: () => findMonument(monumentId) });

/** The monument whose popup opens, and whether the linked monument is gone (the caller says so). */
export function useMonumentLink(linkId: string | undefined) {
  // The popup that opens needs its code and the monument's proposals: both are asked for now, beside
  // the map's code and tiles, not once the popup is there (it said "loading" for 2–3 s).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (linkId === undefined) return;
    MonumentPopup.preload();
    void queryClient.prefetchQuery(monumentProposalsQuery(linkId));
  }, [linkId, queryClient]);
  const found = useQuery({ ...monumentLinkQuery(linkId ?? ''), enabled: linkId !== undefined }).data;
  return { monument: found?.kind === 'found' ? found.monument : undefined, gone: found?.kind === 'gone' };
}
