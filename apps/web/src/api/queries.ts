// One query-options factory per resource, shared by route loaders and components.
import { queryOptions } from '@tanstack/react-query';
import { call, send } from './client';
import { normaliseInterventions, normaliseMonuments } from './normalise';

export const queryKeys = {
  monuments: ['monuments'] as const,
  allInterventions: ['interventions', 'all'] as const,
  monumentInterventions: (monumentId: string) => ['interventions', 'monument', monumentId] as const,
  clientConfig: ['config'] as const,
};

/** Spec section 4: a failed request, invalid JSON or a non-list answer is an empty list. */
async function listOrEmpty<T>(
  fetchList: () => Promise<{ ok: boolean; json: unknown }>,
  normalise: (json: unknown) => T[],
): Promise<T[]> {
  try {
    const { ok, json } = await fetchList();
    return ok ? normalise(json) : [];
  } catch {
    return [];
  }
}

export const monumentsQuery = () =>
  queryOptions({
    queryKey: queryKeys.monuments,
    queryFn: ({ signal }) => listOrEmpty(() => send('listMonuments', { signal }), normaliseMonuments),
  });

export const allInterventionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.allInterventions,
    queryFn: ({ signal }) => listOrEmpty(() => send('allInterventions', { signal }), normaliseInterventions),
  });

/** One monument's interventions for its popup; errors surface as the popup's error state. */
export const monumentInterventionsQuery = (monumentId: string) =>
  queryOptions({
    queryKey: queryKeys.monumentInterventions(monumentId),
    queryFn: ({ signal }) => call('monumentInterventions', { params: { monumentId }, signal }),
  });

export const clientConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.clientConfig,
    queryFn: ({ signal }) => call('clientConfig', { signal }),
    staleTime: Infinity,
  });
