// "Meine Beteiligung" (/mine): this browser's proposals, votes and follows; loaded on demand.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.mine,
  component: lazyPage(() => import('../mine/MinePage'), 'MinePage'),
});
