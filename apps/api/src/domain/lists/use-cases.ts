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
import { compareProposals } from './list-caches.js';
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

/** Each monument's proposals in one version of the proposals list, and each proposal's monument. */
type Groups = { list: readonly Intervention[]; ofMonument: Map<string, Intervention[]>; monumentOf: Map<number, string> };
/** Per proposals list (its read cache): the groups of the newest version asked for. */
const groupsOf = new WeakMap<object, Groups>();

/**
 * The groups of `list`: those of the version before, with the few proposals that changed since put in
 * place (read-cache.ts changedSince), or made whole where that is not known. A pass over 20,000
 * proposals at every popup cost the readers' thread 5.7 ms a second while people voted (stop 72).
 */
function groupsFor(cache: object, list: readonly Intervention[]): Groups {
  const kept = groupsOf.get(cache);
  if (kept?.list === list) return kept;
  const changed = kept && changedSince(list, kept.list);
  let groups: Groups;
  if (kept && changed) {
    groups = { ...kept, list };
    for (const [id, item] of changed as Map<number, Intervention | undefined>) {
      const before = groups.monumentOf.get(id);
      const old = before === undefined ? undefined : groups.ofMonument.get(before);
      if (before !== undefined && old)
        groups.ofMonument.set(
          before,
          old.filter((p) => p.id !== id),
        );
      groups.monumentOf.delete(id);
      if (!item) continue;
      const into = (groups.ofMonument.get(item.monumentId) ?? []).slice();
      const at = into.findIndex((p) => compareProposals(item, p) < 0);
      into.splice(at < 0 ? into.length : at, 0, item);
      groups.ofMonument.set(item.monumentId, into);
      groups.monumentOf.set(id, item.monumentId);
    }
  } else {
    groups = { list, ofMonument: new Map(), monumentOf: new Map() };
    for (const p of list) {
      const into = groups.ofMonument.get(p.monumentId);
      if (into) into.push(p);
      else groups.ofMonument.set(p.monumentId, [p]);
      groups.monumentOf.set(p.id, p.monumentId);
    }
  }
  groupsOf.set(cache, groups);
  return groups;
}

/**
 * A public monument's public proposals from the newest list, in its order (most votes first, then the
 * newest); undefined: not a public monument's id. From the list's groups by monument, so a vote just
 * cast is in it.
 */
export async function monumentProposalsNow(app: App, monumentId: string): Promise<Intervention[] | undefined> {
  const [monument, proposals] = await Promise.all([publicMonumentNow(app, monumentId), app.lists.proposals.get()]);
  return monument && (groupsFor(app.lists.proposals, proposals.data).ofMonument.get(monumentId) ?? []).slice();
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
