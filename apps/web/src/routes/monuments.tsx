// The list of monuments (/monuments): the map's accessible alternative, with the map's filters.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { monumentsQuery } from '../api/queries';
import { validateFilterSearch } from '../finder/search';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.monuments,
  validateSearch: validateFilterSearch,
  loader: ({ context }) => void context.queryClient.prefetchQuery(monumentsQuery()),
  component: lazyRouteComponent(() => import('../monuments/MonumentsPage'), 'MonumentsPage'),
});
