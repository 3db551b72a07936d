// Casting a vote: one statement (so one transaction) that records the browser's vote, counts it,
// and at exactly the threshold queues the mayor's e-mail in the outbox. The primary key on
// (intervention, voter) makes a repeat impossible; the row lock of the UPDATE makes counts exact.
import { sql } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { MAYOR_THRESHOLD, type VoteAnswer } from '@linz/contract';
import type { Database } from '../db/client.js';
import { CHANGE_CHANNEL } from './read-cache.js';

export type Ballot = {
  interventionId: number;
  monumentId: string;
  voterHash: string;
  ipHash: string;
  /** Votes one IP address may cast per intervention per day. */
  ipLimit: number;
};

export function voteStatement(b: Ballot) {
  return sql`
    WITH target AS (
      SELECT id FROM interventions WHERE id = ${b.interventionId} AND monument_id = ${b.monumentId}
    ), ip_votes AS (
      SELECT count(*)::int AS n FROM votes
      WHERE intervention_id = ${b.interventionId} AND ip_hash = ${b.ipHash} AND created_at > now() - interval '24 hours'
    ), ins AS (
      INSERT INTO votes (intervention_id, voter_hash, ip_hash)
      SELECT id, ${b.voterHash}, ${b.ipHash} FROM target WHERE (SELECT n FROM ip_votes) < ${b.ipLimit}
      ON CONFLICT DO NOTHING
      RETURNING intervention_id
    ), upd AS (
      UPDATE interventions SET votes = votes + 1 WHERE id IN (SELECT intervention_id FROM ins) RETURNING id, votes
    ), outbox AS (
      INSERT INTO mayor_notifications (intervention_id, vote_count)
      SELECT id, votes FROM upd WHERE votes = ${MAYOR_THRESHOLD}
      ON CONFLICT DO NOTHING
      RETURNING id
    )
    SELECT (SELECT count(*)::int FROM target) AS found,
           (SELECT n FROM ip_votes) AS ip_votes,
           (SELECT votes FROM upd) AS new_count,
           (SELECT count(*)::int FROM outbox) AS queued,
           (SELECT count(pg_notify(${CHANGE_CHANNEL}, 'interventions'))::int FROM upd) AS announced`;
}

type Outcome = { found: number; ip_votes: number; new_count: number | null; queued: number };

export async function castVote(database: Database, ballot: Ballot): Promise<VoteAnswer & { queued: boolean }> {
  // The statement counts this connection's votes in one snapshot; the advisory lock makes
  // overlapping votes from one connection on one proposal take turns, so the limit is exact.
  const [r] = await database.db.transaction(async (tx) => {
    await database.rows(sql`SELECT pg_advisory_xact_lock(hashtext(${ballot.ipHash}), ${ballot.interventionId})`, tx);
    return database.rows<Outcome>(voteStatement(ballot), tx);
  });
  if (!r || Number(r.found) === 0) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Unknown intervention for this monument.' });
  }
  if (r.new_count !== null) return { newVoteCount: Number(r.new_count), queued: Number(r.queued) > 0 };
  if (Number(r.ip_votes) >= ballot.ipLimit) {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Too many votes for this proposal from your connection today.' });
  }
  throw new TRPCError({ code: 'FORBIDDEN', message: 'You have already voted.' });
}
