// The privacy notice (/datenschutz); loaded on demand.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.privacy,
  component: lazyRouteComponent(() => import('../legal/PrivacyPage'), 'PrivacyPage'),
});
