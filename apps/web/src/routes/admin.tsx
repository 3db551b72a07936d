// The staff area (/admin): its code, the tRPC client included, loads only with this route.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.admin,
  component: lazyPage(() => import('../admin/AdminPage'), 'AdminPage'),
});
