// Changes some search parameters of the current page in place (`replace`: a filter change is not a
// step the Back button should walk through). Other valid parameters (the map's lat/lng/zoom/monument)
// stay; invalid ones, which the page ignored, are dropped (the router hands over the raw address).
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

export type SearchChange = Record<string, string | undefined>;

export function useReplaceSearch(validate: (search: Record<string, unknown>) => Record<string, string | undefined>) {
  const navigate = useNavigate();
  return useCallback(
    (change: SearchChange) =>
      void navigate({
        to: '.',
        replace: true,
        search: ((prev: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...prev, ...change };
          for (const key of Object.keys(change)) if (change[key] === undefined || change[key] === '') delete next[key];
          return validate(next);
        }) as never,
      }),
    [navigate, validate],
  );
}

/** A comma list with `value` added or removed. */
export function toggled(list: readonly string[] | undefined, value: string, on: boolean): string | undefined {
  const rest = (list ?? []).filter((item) => item.toLowerCase() !== value.toLowerCase());
  const next = on ? [...rest, value] : rest;
  return next.length ? next.join(',') : undefined;
}
