// Add monument (/add): the form, prefilled from the coordinates pressed on the map.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/add',
  component: lazyRouteComponent(() => import('../add/AddPage'), 'AddPage'),
});
