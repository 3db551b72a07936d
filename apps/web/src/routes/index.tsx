// Home (/): the full-screen map of monuments (it loads the data tiles in view itself).
import { APP_PATHS } from '@linz/contract/facts';
import { createRoute } from '@tanstack/react-router';
import { HomePage } from '../map/HomePage';
import { validateHomeSearch } from '../finder/search';
import { Route as rootRoute } from './__root';

export const Route = createRoute({
  getParentRoute: () => rootRoute,
  path: APP_PATHS.home,
  validateSearch: validateHomeSearch,
  component: HomePage,
});
