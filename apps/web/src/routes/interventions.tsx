// All proposals (/interventions), each with its monument, paged on the server.
import { APP_PATHS } from '@linz/contract/facts';
import { parseProposalSearch } from '@linz/contract/filters';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { proposalPagesQuery } from '../api/queries';
import { validateProposalSearch } from '../finder/search';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.proposals,
  validateSearch: validateProposalSearch,
  loaderDeps: ({ search }) => search,
  // The first page starts loading with the page's code.
  loader: ({ context, deps }) =>
    void context.queryClient.prefetchInfiniteQuery(proposalPagesQuery(parseProposalSearch(deps).value)),
  component: lazyPage(() => import('../proposals/ProposalsPage'), 'ProposalsPage'),
});
