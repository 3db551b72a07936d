// One query-options factory per resource, shared by route loaders and components.
import { queryOptions } from '@tanstack/react-query';
import { call, routes, send } from './client';
import { normaliseInterventions, normaliseMonuments } from './normalise';

export const queryKeys = {
  monuments: ['monuments'] as const,
  allInterventions: ['interventions', 'all'] as const,
  monumentInterventions: (monumentId: string) => ['interventions', 'monument', monumentId] as const,
  clientConfig: ['config'] as const,
};

/** Monuments: a failure or a non-list answer is an empty list (spec section 4). */
export const monumentsQuery = () =>
  queryOptions({
    queryKey: queryKeys.monuments,
    queryFn: async ({ signal }) => {
      try {
        const { ok, json } = await send(routes.listMonuments, { signal });
        return ok ? normaliseMonuments(json) : [];
      } catch {
        return [];
      }
    },
  });

/** All interventions: a failed request or invalid JSON is an empty list (spec section 4). */
export const allInterventionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.allInterventions,
    queryFn: async ({ signal }) => {
      try {
        const { ok, json } = await send(routes.allInterventions, { signal });
        return ok ? normaliseInterventions(json) : [];
      } catch {
        return [];
      }
    },
  });

/** One monument's interventions for its popup; errors surface as the popup's error state. */
export const monumentInterventionsQuery = (monumentId: string) =>
  queryOptions({
    queryKey: queryKeys.monumentInterventions(monumentId),
    queryFn: ({ signal }) => call(routes.monumentInterventions, { params: { monumentId }, signal }),
  });

export const clientConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.clientConfig,
    queryFn: ({ signal }) => call(routes.clientConfig, { signal }),
    staleTime: Infinity,
  });
