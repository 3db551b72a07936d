// About (/about): project, artist, contact, credits and privacy; loaded on demand.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.about,
  component: lazyRouteComponent(() => import('../about/AboutPage'), 'AboutPage'),
});
