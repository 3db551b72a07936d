// Casting a vote: one call of the database function cast_vote (migration 0001), which records
// the browser's vote, counts it, keeps the per-connection limit exact, and at exactly the
// threshold queues the mayor's e-mail in the outbox, all in one transaction and one round trip.
import { sql } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { MAYOR_THRESHOLD, type VoteAnswer } from '@linz/contract';
import type { Database } from '../db/client.js';
import { RetryAfter } from '../http/errors.js';

export type Ballot = {
  interventionId: number;
  monumentId: string;
  voterHash: string;
  ipHash: string;
  /** Votes one connection may cast per intervention per day. */
  ipLimit: number;
  /** Tell other instances' caches (NOTIFY); only needed when several share one PostgreSQL. */
  announce: boolean;
};

export function voteQuery(b: Ballot) {
  return sql`SELECT r_found, r_ip_votes, r_new_count, r_queued
    FROM cast_vote(${b.interventionId}::int, ${b.monumentId}::text, ${b.voterHash}::text, ${b.ipHash}::text,
                   ${b.ipLimit}::int, ${MAYOR_THRESHOLD}::int, ${b.announce}::boolean)`;
}

type Outcome = { r_found: number; r_ip_votes: number; r_new_count: number | null; r_queued: number };

export async function castVote(database: Database, ballot: Ballot): Promise<VoteAnswer & { queued: boolean }> {
  const [r] = await database.rows<Outcome>(voteQuery(ballot));
  if (!r || Number(r.r_found) === 0) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Unknown intervention for this monument.' });
  }
  if (r.r_new_count !== null) return { newVoteCount: Number(r.r_new_count), queued: Number(r.r_queued) > 0 };
  if (Number(r.r_ip_votes) >= ballot.ipLimit) {
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many votes for this proposal from your connection today.',
      cause: new RetryAfter(3600),
    });
  }
  throw new TRPCError({ code: 'FORBIDDEN', message: 'You have already voted.' });
}
