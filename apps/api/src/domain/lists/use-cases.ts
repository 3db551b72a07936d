// Use cases of the public lists' derived reads: a page of a list, searched and filtered on the
// server, and the map's data by tile. Each answers a snapshot's data (read-cache.ts), so the REST
// façade sends its bytes with their ETag. A large list's reads answer from its last complete index
// while the newest is built in slices (models.ts): no read waits for a write's rebuild.
import { ProposalPage, MonumentPage, type ProposalPageQuery, type MapTileInput, type MonumentPageQuery } from '@linz/contract';
import type { z } from 'zod';
import { proposalIndexes, proposalPage, monumentIndexes, monumentPage, pairOf } from './finder.js';
import { mapTile } from './map-tiles.js';
import { gzippedLater, snapshotOf } from '../read-cache.js';
import type { App } from '../app.js';

/** The monuments' index of the newest list, or while that is built, of the last one. */
export const monumentIndexNow = async (app: App) => monumentIndexes.of((await app.lists.monuments.get()).data);

export async function proposalIndexNow(app: App) {
  const [list, monuments] = await Promise.all([app.lists.proposals.get(), app.lists.monuments.get()]);
  return proposalIndexes.of(pairOf(list.data, monuments.data));
}

export async function monumentsPageOf(app: App, input: z.infer<typeof MonumentPageQuery>) {
  return snapshotOf(MonumentPage, monumentPage(await monumentIndexNow(app), input.filters, input.page, input.lang)).data;
}

export async function proposalsPageOf(app: App, input: z.infer<typeof ProposalPageQuery>) {
  return snapshotOf(ProposalPage, proposalPage(await proposalIndexNow(app), input.search, input.page)).data;
}

export const mapTileOf = async (app: App, input: z.infer<typeof MapTileInput>) =>
  (await mapTile(await monumentIndexNow(app), input.filters, input.tile)).data;

/** Ready to answer reads without building anything on a request's way: the lists and their indexes (ops.ts /readyz). */
export async function warmUp(app: App): Promise<void> {
  const [list, monuments] = await Promise.all([app.lists.proposals.get(), app.lists.monuments.get()]);
  await Promise.all([gzippedLater(list), gzippedLater(monuments)]);
  const index = await monumentIndexes.exactly(monuments.data);
  await proposalIndexes.exactly(pairOf(list.data, monuments.data));
  await mapTile(index, {}, { z: 0, x: 0, y: 0 });
}
