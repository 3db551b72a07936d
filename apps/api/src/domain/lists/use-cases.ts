// Use cases of the public lists' derived reads: a page of a list, searched and filtered on the
// server, and the map's data by tile. Each answers a snapshot's data (read-cache.ts), so the REST
// façade sends its bytes with their ETag.
import {
  InterventionPage,
  MonumentPage,
  type InterventionPageQuery,
  type MapTileInput,
  type MonumentPageQuery,
} from '@linz/contract';
import type { z } from 'zod';
import { interventionPage, monumentPage } from './finder.js';
import { mapTile } from './map-tiles.js';
import { snapshotOf } from '../read-cache.js';
import type { App } from '../app.js';

export async function monumentsPageOf(app: App, input: z.infer<typeof MonumentPageQuery>) {
  const list = (await app.lists.monuments.get()).data;
  return snapshotOf(MonumentPage, monumentPage(list, input.filters, input.page)).data;
}

export async function interventionsPageOf(app: App, input: z.infer<typeof InterventionPageQuery>) {
  const [list, monuments] = await Promise.all([app.lists.interventions.get(), app.lists.monuments.get()]);
  return snapshotOf(InterventionPage, interventionPage(list.data, monuments.data, input.search, input.page)).data;
}

export const mapTileOf = async (app: App, input: z.infer<typeof MapTileInput>) =>
  mapTile((await app.lists.monuments.get()).data, input.filters, input.tile).data;
