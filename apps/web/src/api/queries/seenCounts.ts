// One count for a proposal on every screen a browser sees (issue 56). The public lists are shared
// by everyone and cached; the popup and the view count this browser's own held votes and its
// network's as the vote's answer did (db/functions/votes.sql held_seen_by). "Mine" carries those
// counts (`seen`, few or none): a list shows them in place of the public ones.
import type { Intervention } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { mineQuery } from './mine';

type Counted = Pick<Intervention, 'votes' | 'confirmedVotes'> & { id?: number | undefined };

/** `item` with the counts this browser was told, where they differ from the public list's. */
export function useSeenCounts<T extends Counted>(item: T): T {
  const seen = useQuery({ ...mineQuery(), select: (mine) => mine.seen }).data;
  const own = item.id === undefined ? undefined : seen?.find((s) => s.id === item.id);
  return own && own.votes > item.votes ? { ...item, votes: own.votes, confirmedVotes: own.confirmedVotes } : item;
}
