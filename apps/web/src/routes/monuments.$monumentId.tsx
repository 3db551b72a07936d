// A monument's own view (/monuments/<id>; `?proposal=<id>` selects one of its proposals), loaded on
// demand: nothing of it is in the map's first load.
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { monumentLinkQuery } from '../api/queries/monumentLink';
import { Route as rootRoute } from './__root';

export type MonumentViewSearch = { proposal?: string };

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/monuments/$monumentId',
  validateSearch: (search: Record<string, unknown>): MonumentViewSearch =>
    typeof search.proposal === 'string' && /^\d{1,9}$/.test(search.proposal) ? { proposal: search.proposal } : {},
  // The monument starts loading with the page's code (and on a link's hover).
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(monumentLinkQuery(params.monumentId)),
  component: lazyPage(() => import('../monument/MonumentView'), 'MonumentView'),
});
