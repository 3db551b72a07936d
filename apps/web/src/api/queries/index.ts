// One query-options factory per resource, shared by route loaders and components.
import type { MonumentFilters } from '@linz/contract';
import { PAGE_LIMIT_DEFAULT } from '@linz/contract/facts';
import { monumentFilterSearch, type ProposalSearch } from '@linz/contract/filters';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call, callRaw } from '../client';
import type { ListedProposal } from '../normalise';
import type { Lang } from '../../i18n/languages';

export const queryKeys = {
  monuments: ['monuments'] as const,
  allProposals: ['proposals', 'all'] as const,
  monumentProposals: (monumentId: string) => ['proposals', 'monument', monumentId] as const,
  clientConfig: ['config'] as const,
};

/** Spec section 4: a failed request, invalid JSON or a non-list answer is an empty list. */
async function listOrEmpty<T>(fetchList: () => Promise<unknown>, normalise: (json: unknown) => T[]): Promise<T[]> {
  try {
    return normalise(await fetchList());
  } catch {
    return [];
  }
}

export const monumentsQuery = () =>
  queryOptions({
    queryKey: queryKeys.monuments,
    queryFn: async ({ signal }) =>
      listOrEmpty(() => callRaw('listMonuments', { signal }), (await import('../normalise')).normaliseMonuments),
  });

export const allProposalsQuery = () =>
  queryOptions({
    queryKey: queryKeys.allProposals,
    queryFn: async ({ signal }): Promise<ListedProposal[]> =>
      listOrEmpty(() => callRaw('allProposals', { signal }), (await import('../normalise')).normaliseProposals),
  });

/** One monument's proposals for its popup; errors surface as the popup's error state. */
export const monumentProposalsQuery = (monumentId: string) =>
  queryOptions({
    queryKey: queryKeys.monumentProposals(monumentId),
    queryFn: ({ signal }) => call('monumentProposals', { params: { monumentId }, signal }),
  });

/** Proposals at the threshold still waiting for the city's answer, longest waiting first. */
export const awaitingAnswerQuery = () =>
  queryOptions({
    queryKey: ['proposals', 'awaiting'] as const,
    queryFn: ({ signal }) => call('awaitingAnswer', { signal }),
  });

export const clientConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.clientConfig,
    queryFn: ({ signal }) => call('clientConfig', { signal }),
    staleTime: Infinity,
  });

/** A list page's query: the list's parameters (the address's), and the cursor of the page before. */
const pageQuery = (query: Record<string, string>, cursor: string | undefined) => (cursor ? { ...query, cursor } : query);

/** /monuments: the monuments passing the filters, a page at a time, sorted (by the names in the
 * page's language) and searched on the server. */
export const monumentPagesQuery = (filters: MonumentFilters, lang: Lang) => {
  const query: Record<string, string> = { ...monumentFilterSearch(filters), ...(lang === 'en' ? { lang } : {}) };
  return infiniteQueryOptions({
    queryKey: [...queryKeys.monuments, 'pages', query] as const,
    queryFn: ({ pageParam, signal }) => call('monumentsPage', { query: pageQuery(query, pageParam), signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
};

/** /interventions: the proposals passing the search, each with its monument, a page at a time. */
export const proposalPagesQuery = ({ q, status, sort }: ProposalSearch) => {
  const query: Record<string, string> = {
    ...(q ? { q } : {}),
    ...(status ? { status: status.join(',') } : {}),
    ...(sort && sort !== 'votes' ? { sort } : {}),
  };
  return infiniteQueryOptions({
    queryKey: [...queryKeys.allProposals, 'pages', query] as const,
    queryFn: ({ pageParam, signal }) => call('proposalsPage', { query: pageQuery(query, pageParam), signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
};

/** Items per page of the lists (the server's default). */
export const LIST_PAGE_SIZE = PAGE_LIMIT_DEFAULT;
