// Home (/): the full-screen map of monuments.
import { createRoute } from '@tanstack/react-router';
import { monumentsQuery } from '../api/queries';
import { HomePage } from '../map/HomePage';
import { parseMapLink } from '../map/view';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: parseMapLink,
  loader: ({ context }) => void context.queryClient.prefetchQuery(monumentsQuery()),
  component: HomePage,
});
