// Home (/): the full-screen map of monuments.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { monumentsQuery } from '../api/queries';
import { HomePage } from '../map/HomePage';
import { validateHomeSearch } from '../finder/search';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.home,
  validateSearch: validateHomeSearch,
  loader: ({ context }) => void context.queryClient.prefetchQuery(monumentsQuery()),
  component: HomePage,
});
