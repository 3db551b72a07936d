// The representation dashboard (/stats); loaded on demand, nothing of it in the home page's first load.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.stats,
  component: lazyRouteComponent(() => import('../stats/StatsPage'), 'StatsPage'),
});
