// The public lists' read caches: kept in the finder's orders (monuments by folded name, proposals by
// votes, then newest) and refreshed item by item after a vote or a new item (read-cache.ts). The
// app reads them from the database (services.ts); the index tests and bench/write-costs.ts from rows.
import { Intervention, Monument, MonumentList, ProposalList } from '@linz/contract';
import { compareMonuments } from './finder.js';
import { createReadCache } from '../read-cache.js';

/** Reads a whole list (no ids) or the public items of these ids. */
export type ListLoader<Id> = (ids?: Id[]) => Promise<unknown[]>;

export function publicListCaches(load: { monuments: ListLoader<string>; proposals: ListLoader<number> }, keep = true) {
  return {
    monuments: createReadCache(MonumentList, () => load.monuments(), keep, {
      item: Monument,
      idOf: (m) => m.id,
      compare: compareMonuments,
      loadSome: (ids) => load.monuments(ids.map(String)),
    }),
    proposals: createReadCache(ProposalList, () => load.proposals(), keep, {
      item: Intervention,
      idOf: (i) => i.id,
      compare: (a, b) => b.votes - a.votes || b.id - a.id,
      loadSome: (ids) => load.proposals(ids.map(Number)),
    }),
  };
}
