// All interventions (/interventions), each with its monument, paged on the server.
import { APP_PATHS } from '@linz/contract/facts';
import { parseInterventionSearch } from '@linz/contract/filters';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { interventionPagesQuery } from '../api/queries';
import { validateInterventionSearch } from '../finder/search';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.interventions,
  validateSearch: validateInterventionSearch,
  loaderDeps: ({ search }) => search,
  // The first page starts loading with the page's code.
  loader: ({ context, deps }) =>
    void context.queryClient.prefetchInfiniteQuery(interventionPagesQuery(parseInterventionSearch(deps).value)),
  component: lazyPage(() => import('../interventions/InterventionsPage'), 'InterventionsPage'),
});
