// Add monument (/add): the form, prefilled from the coordinates pressed on the map.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.add,
  component: lazyRouteComponent(() => import('../add/AddPage'), 'AddPage'),
});
