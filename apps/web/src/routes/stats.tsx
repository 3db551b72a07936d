// The representation dashboard (/stats); loaded on demand, nothing of it in the home page's first load.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.stats,
  component: lazyPage(() => import('../stats/StatsPage'), 'StatsPage'),
});
