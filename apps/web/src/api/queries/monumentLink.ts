// Which monument a map link (/?...&monument=<id>) opens: the server is asked for it (the map holds
// only the tiles in view); a merged id answers the kept monument, which opens instead, and an id
// it does not know is reported as gone.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '.';
import { findMonument } from '../../map/findMonument';

export const monumentLinkQuery = (monumentId: string) =>
  queryOptions({ queryKey: [...queryKeys.monuments, 'one', monumentId] as const, queryFn: () => findMonument(monumentId) });

/** The monument whose popup opens, and whether the linked monument is gone (the caller says so). */
export function useMonumentLink(linkId: string | undefined) {
  const found = useQuery({ ...monumentLinkQuery(linkId ?? ''), enabled: linkId !== undefined }).data;
  return { monument: found?.kind === 'found' ? found.monument : undefined, gone: found?.kind === 'gone' };
}
