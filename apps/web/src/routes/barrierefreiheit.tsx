// The accessibility statement (/barrierefreiheit); loaded on demand.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.accessibility,
  component: lazyPage(() => import('../legal/AccessibilityPage'), 'AccessibilityPage'),
});
