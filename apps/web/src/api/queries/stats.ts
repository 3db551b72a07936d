// The dashboard's figures (GET /api/stats). Always refetched when /stats is
// shown or the window regains focus, so an added, validated or hidden monument shows at once
// (the server answers from its cache with an ETag, so this costs little).
import type { Stats } from '@linz/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../client';

export type DashboardFigures = Pick<Stats, 'monuments' | 'streets' | 'coverage' | 'participation'>;

export const statsQuery = () =>
  queryOptions({
    queryKey: ['stats'] as const,
    queryFn: ({ signal }): Promise<DashboardFigures> => call('stats', { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
