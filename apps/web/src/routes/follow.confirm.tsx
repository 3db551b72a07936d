// The confirmation link of a follow mail (/follow/confirm?token=…); loaded on demand.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { validateTokenSearch } from '../follow/tokenSearch';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.followConfirm,
  validateSearch: validateTokenSearch,
  component: lazyPage(() => import('../follow/ConfirmPage'), 'ConfirmPage'),
});
