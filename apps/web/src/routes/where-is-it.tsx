// "Wo ist das?" (issue 54): the commemorations without a place; loaded on demand.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.whereIsIt,
  component: lazyPage(() => import('../whereIsIt/WhereIsItPage'), 'WhereIsItPage'),
});
