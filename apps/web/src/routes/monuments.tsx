// The list of monuments (/monuments): the map's accessible alternative, with the map's filters.
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../layout/lazyPage';
import { monumentPagesQuery } from '../api/queries';
import { filtersOf, validateFilterSearch } from '../finder/search';
import { langOf } from '../i18n/languages';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.monuments,
  validateSearch: validateFilterSearch,
  loaderDeps: ({ search }) => search,
  // The first page starts loading with the page's code, sorted in the page's language.
  loader: ({ context, deps }) =>
    void context.queryClient.prefetchInfiniteQuery(monumentPagesQuery(filtersOf(deps), langOf(document.documentElement.lang))),
  component: lazyPage(() => import('../monuments/MonumentsPage'), 'MonumentsPage'),
});
