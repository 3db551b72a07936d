// The map and the lists loaded as needed, rather than every monument at once.
import { PATHS } from '../facts.js';
import {
  ProposalPage,
  ProposalPageQuery,
  MapFilterQuery,
  MapTile,
  MapTileParams,
  MonumentPage,
  MonumentPageQuery,
} from '../map.js';
import type { Route } from './route.js';

export const listsRoutes = {
  /** One slippy-map tile's clusters and monuments, with the finder's filters; cacheable by a CDN. */
  mapTile: {
    method: 'GET',
    path: PATHS.mapTile,
    params: MapTileParams,
    query: MapFilterQuery,
    answer: MapTile,
    status: 200,
    etag: true,
    shared: true,
  },
  monumentsPage: {
    method: 'GET',
    path: PATHS.monumentsPage,
    query: MonumentPageQuery,
    answer: MonumentPage,
    status: 200,
    etag: true,
  },
  proposalsPage: {
    method: 'GET',
    path: PATHS.proposalsPage,
    query: ProposalPageQuery,
    answer: ProposalPage,
    status: 200,
    etag: true,
  },
} as const satisfies Record<string, Route>;
