// Which monument a map link (/?...&monument=<id>) opens: the one named when the map lists it;
// otherwise the server is asked (a merged id answers the kept monument, which opens instead; the
// popup's auto-pan brings it into view), and an id it does not know is reported as gone.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { monumentsQuery } from '../api/queries';

/** The id whose popup opens, and whether the linked monument is gone (the caller says so). */
export function useMonumentLink(linkId: string | undefined) {
  const monuments = useQuery(monumentsQuery());
  const [keptId, setKeptId] = useState<string | null>(null);
  const [gone, setGone] = useState(false);
  const unknown = linkId !== undefined && monuments.isSuccess && !monuments.data.some((m) => m.id === linkId);
  useEffect(() => {
    if (!unknown || linkId === undefined) return;
    let live = true;
    void import('./findMonument')
      .then(({ findMonument }) => findMonument(linkId))
      .then((found) => {
        if (!live) return;
        if (found.kind === 'found' && found.monument.id !== linkId) setKeptId(found.monument.id);
        else if (found.kind === 'gone') setGone(true);
      });
    return () => {
      live = false;
    };
  }, [unknown, linkId]);
  return { openId: keptId ?? linkId, gone };
}
