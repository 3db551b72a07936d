// The route tree and the router, registered for type-safe links.
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { parseSearch, stringifySearch } from './finder/search';
import { RouterErrorPage } from './layout/ErrorPage';
import { Route as rootRoute } from './routes/__root';
import { Route as aboutRoute } from './routes/about';
import { Route as adminRoute } from './routes/admin';
import { Route as addRoute } from './routes/add';
import { Route as followConfirmRoute } from './routes/follow.confirm';
import { Route as followUnsubscribeRoute } from './routes/follow.unsubscribe';
import { Route as accessibilityRoute } from './routes/barrierefreiheit';
import { Route as privacyRoute } from './routes/datenschutz';
import { Route as impressumRoute } from './routes/impressum';
import { Route as indexRoute } from './routes';
import { Route as proposalsRoute } from './routes/interventions';
import { Route as mineRoute } from './routes/mine';
import { Route as monumentsRoute } from './routes/monuments';
import { Route as monumentRoute } from './routes/monuments.$monumentId';
import { Route as statsRoute } from './routes/stats';
import { Route as voteConfirmRoute } from './routes/votes.confirm';
import { Route as whereIsItRoute } from './routes/where-is-it';

const routeTree = rootRoute.addChildren([
  indexRoute,
  aboutRoute,
  addRoute,
  proposalsRoute,
  monumentsRoute,
  monumentRoute,
  statsRoute,
  adminRoute,
  mineRoute,
  followConfirmRoute,
  followUnsubscribeRoute,
  impressumRoute,
  accessibilityRoute,
  privacyRoute,
  voteConfirmRoute,
  whereIsItRoute,
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    parseSearch,
    stringifySearch,
    // In the visitor's language, with a retry and the way home (TanStack's own is English).
    defaultErrorComponent: RouterErrorPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
