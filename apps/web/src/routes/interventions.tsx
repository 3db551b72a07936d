// All interventions (/interventions), each with its monument from the monuments list.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { allInterventionsQuery, monumentsQuery } from '../api/queries';
import { validateInterventionSearch } from '../finder/search';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.interventions,
  validateSearch: validateInterventionSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(monumentsQuery());
    void context.queryClient.prefetchQuery(allInterventionsQuery());
  },
  component: lazyRouteComponent(() => import('../interventions/InterventionsPage'), 'InterventionsPage'),
});
