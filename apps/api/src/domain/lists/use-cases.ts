// Use cases of the public lists' derived reads: a page of a list, searched and filtered on the
// server, and the map's data by tile. Each answers a snapshot's data (read-cache.ts), so the REST
// façade sends its bytes with their ETag. A large list's reads answer from its last complete index
// while the newest is built in slices (models.ts): no read waits for a write's rebuild.
import {
  ProposalPage,
  MonumentPage,
  type Intervention,
  type Monument,
  type MonumentDetail,
  type ProposalPageQuery,
  type MapTileInput,
  type MonumentPageQuery,
} from '@linz/contract';
import type { z } from 'zod';
import { proposalIndexes, proposalPage, monumentIndexes, monumentPage, pairOf } from './finder.js';
import { mapTile } from './map-tiles.js';
import { changedSince, gzippedLater, snapshotOf } from '../read-cache.js';
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

/**
 * A public monument as the newest list has it (undefined: not in it), found through the index by id
 * and the items changed since that index's list: a visitor's new monument is there at once.
 */
async function publicMonumentNow(app: App, monumentId: string): Promise<Monument | undefined> {
  const list = (await app.lists.monuments.get()).data;
  const index = await monumentIndexes.of(list);
  const changed = index.list === list ? new Map<string, Monument | undefined>() : changedSince(list, index.list);
  // Not known what changed (the list was read whole since): a pass over the list, until its index is built.
  if (!changed) return list.find((m) => m.id === monumentId);
  return changed.has(monumentId) ? changed.get(monumentId) : index.byId.get(monumentId);
}

/** A public monument's view from the lists (its origin kept beside them); undefined: not a public monument's id. */
export async function monumentViewNow(app: App, monumentId: string): Promise<MonumentDetail | undefined> {
  const monument = await publicMonumentNow(app, monumentId);
  if (!monument) return undefined;
  return { ...monument, ...(app.lists.origins.get(monumentId) ?? { source: null, placement: null }) };
}

/**
 * A public monument's public proposals from the newest list, in its order (most votes first, then the
 * newest); undefined: not a public monument's id. A pass over the proposals (20,000: a fraction of a
 * millisecond), so a vote just cast is in it.
 */
export async function monumentProposalsNow(app: App, monumentId: string): Promise<Intervention[] | undefined> {
  const [monument, proposals] = await Promise.all([publicMonumentNow(app, monumentId), app.lists.proposals.get()]);
  return monument && proposals.data.filter((p) => p.monumentId === monumentId);
}

/**
 * Ready to answer reads without building anything on a request's way: the lists and their indexes,
 * and who may have held votes (ops.ts /readyz).
 */
export async function warmUp(app: App): Promise<void> {
  const [list, monuments] = await Promise.all([app.lists.proposals.get(), app.lists.monuments.get()]);
  await Promise.all([gzippedLater(list), gzippedLater(monuments), app.heldVoters.mayHave('', null)]);
  const index = await monumentIndexes.exactly(monuments.data);
  await proposalIndexes.exactly(pairOf(list.data, monuments.data));
  await mapTile(index, {}, { z: 0, x: 0, y: 0 });
}
