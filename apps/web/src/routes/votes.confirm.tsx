// The confirmation link of a vote's mail (/votes/confirm?token=…); loaded on demand.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { validateTokenSearch } from '../follow/tokenSearch';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.voteConfirm,
  validateSearch: validateTokenSearch,
  component: lazyPage(() => import('../popup/VoteConfirmPage'), 'VoteConfirmPage'),
});
