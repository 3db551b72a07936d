// Who may have held votes: the networks and browsers of the votes held for staff, kept in memory so
// that a monument's popup for anyone else is answered from the public lists, without the database
// (domain/lists/use-cases.ts). A held voter's popup counts their held votes as counted ones
// (db/functions/votes.sql held_seen_by), so theirs is still read from the database.
//
// The sets may hold more than the database does, never less: they are read once (at warm-up), a
// vote held here or on another instance (its notification, `held:net|voter,…`) adds to them, and
// nothing removes from them until staff decide on votes: then they are read again in the
// background while the old ones, still more than enough, answer. A network or browser in them whose
// votes were since decided or forgotten only costs its popups a query. Only a notification too long
// to name its voters leaves the sets short: popups then wait for them to be read again.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

export type HeldVoters = {
  /** True when this network or browser may have held votes (false: it has none). */
  mayHave(netHash: string, voterHash: string | null): Promise<boolean>;
  /** Votes of these networks and browsers were just held. */
  add(pairs: readonly (readonly [netHash: string, voterHash: string])[]): void;
  /** Staff decided on votes: fewer may be held; read them again, answering from these meanwhile. */
  reread(): void;
  /** Votes were held whose voters are not known here: no answer until they are read again. */
  forget(): void;
};

/** Past this many networks and browsers, every popup asks the database, as before (a bound on memory). */
export const HELD_VOTERS_KEPT = 100_000;

type Pair = readonly [string, string];
type Sets = { nets: Set<string>; voters: Set<string> };

export function createHeldVoters(database: Database, kept = HELD_VOTERS_KEPT): HeldVoters {
  let sets: Sets | undefined;
  let reading: { done: Promise<Sets>; since: Pair[] } | undefined;
  const put = (into: Sets, pairs: readonly Pair[]) => {
    for (const [net, voter] of pairs) {
      into.nets.add(net);
      into.voters.add(voter);
    }
  };
  const read = (): Promise<Sets> => {
    // Held while the read is under way: added once it is there (it may predate them).
    const since: Pair[] = [];
    const done = database
      .rows<{ net_hash: string; voter_hash: string }>(sql`SELECT DISTINCT net_hash, voter_hash FROM votes WHERE status = 'held'`)
      .then((rows) => {
        const fresh: Sets = { nets: new Set(), voters: new Set() };
        put(
          fresh,
          rows.map((r) => [r.net_hash, r.voter_hash] as const),
        );
        put(fresh, since);
        if (reading?.done === done) [sets, reading] = [fresh, undefined];
        return fresh;
      });
    reading = { done, since };
    // A failed read is not kept: the next question (or decision) reads again.
    done.catch(() => {
      if (reading?.done === done) reading = undefined;
    });
    return done;
  };
  return {
    async mayHave(netHash, voterHash) {
      const now = sets ?? (await (reading?.done ?? read()));
      return now.nets.size + now.voters.size > kept || now.nets.has(netHash) || (voterHash !== null && now.voters.has(voterHash));
    },
    add(pairs) {
      if (sets) put(sets, pairs);
      reading?.since.push(...pairs);
    },
    reread() {
      // A read under way began after the decisions before this one; it may name some that this one
      // decided: more than enough, so it is not read again.
      if (sets && !reading) void read().catch(() => {});
    },
    forget() {
      sets = undefined;
      reading = undefined;
    },
  };
}
