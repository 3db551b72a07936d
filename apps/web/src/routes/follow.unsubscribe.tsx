// The unsubscribe link of a follower mail (/follow/unsubscribe?token=…); loaded on demand.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { validateTokenSearch } from '../follow/tokenSearch';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.followUnsubscribe,
  validateSearch: validateTokenSearch,
  component: lazyPage(() => import('../follow/UnsubscribePage'), 'UnsubscribePage'),
});
