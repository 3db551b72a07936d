// Add monument (/add): the form, prefilled from the coordinates pressed on the map.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.add,
  component: lazyPage(() => import('../add/AddPage'), 'AddPage'),
});
