// The REST route table: the spec's exact paths, used by the API façade and the web client. Its
// rows live by capability in routes/; the API binds each to its procedure (apps/api/src/rest/bindings.ts).
import { followsRoutes } from './routes/follows.js';
import { listsRoutes } from './routes/lists.js';
import { monumentsRoutes } from './routes/monuments.js';
import { openDataRoutes } from './routes/open-data.js';
import { photosRoutes } from './routes/photos.js';
import { placesRoutes } from './routes/places.js';
import { proposalsRoutes } from './routes/proposals.js';
import type { Route } from './routes/route.js';
import { siteRoutes } from './routes/site.js';
import { staffRoutes } from './routes/staff.js';
import { votesRoutes } from './routes/votes.js';

export type { Route } from './routes/route.js';

export const routes = {
  ...monumentsRoutes,
  ...placesRoutes,
  ...proposalsRoutes,
  ...votesRoutes,
  ...followsRoutes,
  ...listsRoutes,
  ...photosRoutes,
  ...siteRoutes,
  ...openDataRoutes,
  ...staffRoutes,
} as const satisfies Record<string, Route>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
