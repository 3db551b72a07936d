// The dashboard's figures (GET /api/stats), checked by shape. Always refetched when /stats is
// shown or the window regains focus, so an added, validated or hidden monument shows at once
// (the server answers from its cache with an ETag, so this costs little).
import type { SexCounts, Stats } from '@linz/contract';
import { PROPOSAL_STATUSES, SEXES } from '@linz/contract/facts';
import { queryOptions } from '@tanstack/react-query';
import { callChecked } from '../client';
import { arrayOf, isInteger, isRecord, isString, nullable, isNumber, shape, type Check } from '../checks';

const countsOf =
  <K extends string>(keys: readonly K[]): Check<Record<K, number>> =>
  (v): v is Record<K, number> =>
    isRecord(v) && keys.every((k) => isInteger(v[k]));
const recordOf =
  <T>(check: Check<T>): Check<Record<string, T>> =>
  (v): v is Record<string, T> =>
    isRecord(v) && Object.values(v).every(check);

const isSexCounts: Check<SexCounts> = countsOf(SEXES);
const isCoverage = shape<Stats['coverage']['all']>({
  female: countsOf(['sources', 'citizens', 'unplaced'] as const),
  male: countsOf(['sources', 'citizens', 'unplaced'] as const),
  unknown: countsOf(['sources', 'citizens', 'unplaced'] as const),
});
const isStats = shape<Pick<Stats, 'monuments' | 'streets' | 'coverage' | 'participation'>>({
  monuments: shape({
    total: isInteger,
    bySex: isSexCounts,
    byCategory: recordOf(isSexCounts),
    withoutCoordinates: shape({ total: isInteger, bySex: isSexCounts, byCategory: recordOf(isInteger) }),
  }),
  streets: countsOf(['female', 'male', 'unknown'] as const),
  coverage: shape({ streets: isCoverage, all: isCoverage }),
  participation: shape({
    proposals: isInteger,
    votes: isInteger,
    weeks: arrayOf(shape({ week: isString, proposals: isInteger, votes: isInteger })),
    reachedThreshold: isInteger,
    answered: isInteger,
    medianDaysToAnswer: nullable(isNumber),
    byStatus: countsOf(PROPOSAL_STATUSES),
  }),
});
export type DashboardFigures = Pick<Stats, 'monuments' | 'streets' | 'coverage' | 'participation'>;

export const statsQuery = () =>
  queryOptions({
    queryKey: ['stats'] as const,
    queryFn: ({ signal }): Promise<DashboardFigures> => callChecked('stats', isStats, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
