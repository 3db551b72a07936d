// Impressum und Offenlegung (/impressum); loaded on demand.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.impressum,
  component: lazyPage(() => import('../legal/ImpressumPage'), 'ImpressumPage'),
});
