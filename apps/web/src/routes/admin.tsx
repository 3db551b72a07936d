// The staff area (/admin): its code, the tRPC client included, loads only with this route.
// `?answer=<id>` (the mayor's mail links there: contract staffAnswerPath) opens that proposal's
// answer form once staff are signed in.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { Route as rootRoute } from './__root';

export type AdminSearch = { answer?: string };

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.admin,
  validateSearch: (search: Record<string, unknown>): AdminSearch =>
    typeof search.answer === 'string' && /^[1-9]\d{0,8}$/.test(search.answer) ? { answer: search.answer } : {},
  component: lazyPage(() => import('../admin/AdminPage'), 'AdminPage'),
});
