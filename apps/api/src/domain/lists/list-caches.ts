// The public lists' read caches: kept in the finder's orders (monuments by folded name, proposals by
// votes, then newest) and refreshed item by item after a vote or a new item (read-cache.ts). The
// app reads them from the database (services.ts); the index tests and bench/write-costs.ts from rows.
// A monument's `source` and `placement`, which its own view and the exports show but the list does
// not, are kept beside the list, from the same reads.
import { Intervention, Monument, MonumentList, ProposalList, type Placement } from '@linz/contract';
import { compareMonuments } from './finder.js';
import { createReadCache } from '../read-cache.js';

/** The proposals list's order: most votes first, then the newest. */
export const compareProposals = (a: Intervention, b: Intervention) => b.votes - a.votes || b.id - a.id;

/** Reads a whole list (no ids) or the public items of these ids. */
export type ListLoader<Id> = (ids?: Id[]) => Promise<unknown[]>;

/** Where a monument's facts and point come from (its view's `source` and `placement`). */
export type Origin = { source: string | null; placement: Placement | null };
/** Each public monument's origin by id (none: neither is known). */
export type Origins = { get(id: string): Origin | undefined };

/**
 * Keeps each loaded monument's origin (a row's `source` and `placement`, which the list's parse drops),
 * a whole list's replacing all. Origins with no placement are shared per source text: a country's
 * seed has a few texts for tens of thousands of monuments.
 */
function keptOrigins(load: ListLoader<string>): { load: ListLoader<string>; origins: Origins } {
  let origins = new Map<string, Origin>();
  const bySource = new Map<string, Origin>();
  const originOf = (source: string | null, placement: Placement | null): Origin | undefined => {
    if (placement !== null) return { source, placement };
    if (source === null) return undefined;
    let shared = bySource.get(source);
    if (!shared) bySource.set(source, (shared = Object.freeze({ source, placement: null })));
    return shared;
  };
  return {
    origins: { get: (id) => origins.get(id) },
    async load(ids) {
      const rows = (await load(ids)) as { id: string; source?: string | null; placement?: Placement | null }[];
      const into = ids ? origins : new Map<string, Origin>();
      for (const id of ids ?? []) into.delete(id);
      for (const r of rows) {
        const origin = originOf(r.source ?? null, r.placement ?? null);
        if (origin) into.set(r.id, origin);
      }
      origins = into;
      return rows;
    },
  };
}

export function publicListCaches(load: { monuments: ListLoader<string>; proposals: ListLoader<number> }, keep = true) {
  const monuments = keptOrigins(load.monuments);
  return {
    origins: monuments.origins,
    monuments: createReadCache(MonumentList, () => monuments.load(), keep, {
      item: Monument,
      idOf: (m) => m.id,
      compare: compareMonuments,
      loadSome: (ids) => monuments.load(ids.map(String)),
    }),
    proposals: createReadCache(ProposalList, () => load.proposals(), keep, {
      item: Intervention,
      idOf: (i) => i.id,
      compare: compareProposals,
      loadSome: (ids) => load.proposals(ids.map(Number)),
    }),
  };
}
