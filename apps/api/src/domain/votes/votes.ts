// Casting votes: the database function cast_votes (db/functions/votes.sql) records each browser's
// vote, counts it or holds it for staff (over a network limit), opens alerts, and at the threshold
// queues the mayor's e-mail (or holds it for a staff look), all in one transaction and one round
// trip for a whole batch of ballots.
//
// The ballot box gathers the votes that arrive while earlier batches are in the database and
// sends them together (group commit): under load one call carries many votes, at rest each vote
// goes alone without waiting. Each ballot keeps its own answer. A batch the database refuses is
// retried ballot by ballot, so one ballot can never cost another its vote; a lost database fails
// the whole batch (each request is answered as unavailable). A ballot whose request was already
// answered (at the request deadline) leaves the queue uncast.
import { sql } from 'drizzle-orm';
import type { ThresholdCounts, VoteAnswer } from '@linz/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { databaseUnavailable } from '../../db/unavailable.js';
import { AlreadyVoted, Conflict, NotFound } from '../errors.js';

/**
 * `ipHash`: the connection under the day's key (limits), `ipHashBefore` the same under
 * yesterday's key (the per-connection limit is a sliding 24 hours across the key's rotation);
 * `netHash`: its network under the server secret (review).
 */
export type Ballot = {
  proposalId: number;
  monumentId: string;
  voterHash: string;
  ipHash: string;
  ipHashBefore?: string | null;
  netHash: string;
  /** The wider network's (IPv4 /24, IPv6 /48) under the server secret: the threshold's networks. */
  areaHash?: string;
};

/** The vote rules as db/functions/votes.sql takes them (as JSON). */
export type VoteRules = {
  /** Votes one connection may cast per proposal per day before further ones are held. */
  ipLimit: number;
  /** Votes one network may cast per hour across all proposals before further ones are held. */
  netHourLimit: number;
  threshold: number;
  /** What the threshold counts: counted votes, or only confirmed ones. */
  counts: ThresholdCounts;
  /** The mayor's e-mail waits for staff when the counted votes come from fewer networks. */
  minNetworks: number;
  /** More votes than this from one network for one proposal in an hour open an alert. */
  burst: number;
  /** The mayor's e-mail waits for staff when the threshold's votes came within this many seconds. */
  quickSeconds: number;
  /** NOTIFY channel that tells other instances' caches (only needed when several share one PostgreSQL), or null. */
  channel: string | null;
  /** This instance's name in its notifications: it has applied the vote itself (read-cache.ts `changeOf`). */
  origin?: string;
};

/** The rules of a configuration (config.ts). */
export const voteRulesOf = (config: Config, channel: string | null, origin?: string): VoteRules => ({
  ipLimit: config.limits.votesPerIpPerProposal,
  netHourLimit: config.limits.votesPerNetworkHour,
  threshold: config.city.voteThreshold,
  ...config.votes,
  quickSeconds: config.thresholdQuickSeconds,
  channel,
  ...(origin ? { origin } : {}),
});

export type BallotResult =
  | { outcome: 'counted' | 'held'; count: number; queued: boolean }
  | { outcome: 'unknown' | 'repeat' | 'closed'; count: null; queued: false };

/** The one SQL call that casts `ballots` (in one transaction) at `now`; rows carry the ballot's index as r_key. */
export function voteQuery(ballots: readonly Ballot[], rules: VoteRules, now: Date) {
  const json = JSON.stringify(
    ballots.map((b, k) => ({
      k,
      i: b.proposalId,
      m: b.monumentId,
      v: b.voterHash,
      ip: b.ipHash,
      ipp: b.ipHashBefore ?? null,
      net: b.netHash,
      area: b.areaHash ?? null,
    })),
  );
  return sql`SELECT r_key, r_outcome, r_count, r_queued
    FROM cast_votes(${json}::jsonb, ${JSON.stringify(rules)}::jsonb, ${now.toISOString()}::timestamptz)`;
}

type Row = { r_key: number; r_outcome: BallotResult['outcome']; r_count: number | null; r_queued: boolean };

/** Casts `ballots` in one transaction; the results are in the ballots' order. */
export async function castBallots(
  database: Database,
  ballots: readonly Ballot[],
  rules: VoteRules,
  now = new Date(),
): Promise<BallotResult[]> {
  const rows = await database.rows<Row>(voteQuery(ballots, rules, now));
  const results = new Array<BallotResult>(ballots.length);
  for (const r of rows) {
    results[Number(r.r_key)] =
      r.r_outcome === 'counted' || r.r_outcome === 'held'
        ? { outcome: r.r_outcome, count: Number(r.r_count), queued: r.r_queued === true }
        : { outcome: r.r_outcome, count: null, queued: false };
  }
  if (rows.length !== ballots.length || results.includes(undefined as never)) {
    throw new Error(`cast_votes answered ${rows.length} rows for ${ballots.length} ballots`);
  }
  return results;
}

/** `answered`: true once the ballot's request has been answered without it (it is then not cast). */
export type BallotBox = {
  cast(ballot: Ballot, answered?: () => boolean): Promise<BallotResult>;
  /** Ballots not answered yet: queued, or in a batch in the database. */
  waiting(): number;
};

type Pending = {
  ballot: Ballot;
  answered: (() => boolean) | undefined;
  resolve: (r: BallotResult) => void;
  reject: (e: unknown) => void;
};

export type BallotBoxOptions = {
  rules: VoteRules;
  /** Batches in the database at once (PGlite runs one query at a time: 1 is enough there). */
  inFlight: number;
  /** Ballots in one batch at most. */
  maxBatch: number;
  /** A ballot whose request was answered (its deadline passed) while it waited is not cast. */
  withdrawAnswered: boolean;
};

export function createBallotBox(database: Database, opts: BallotBoxOptions): BallotBox {
  const queue: Pending[] = [];
  let running = 0;
  let inDatabase = 0;
  let scheduled = false;

  const settle = (batch: Pending[], results: BallotResult[]) =>
    batch.forEach((p, k) => {
      const result = results[k];
      if (result) p.resolve(result);
      else p.reject(new Error('no result for this ballot'));
    });

  async function run(batch: Pending[]) {
    try {
      settle(
        batch,
        await castBallots(
          database,
          batch.map((p) => p.ballot),
          opts.rules,
        ),
      );
    } catch (err) {
      if (batch.length === 1 || databaseUnavailable(err)) return batch.forEach((p) => p.reject(err));
      await Promise.all(batch.map((p) => castBallots(database, [p.ballot], opts.rules).then((r) => settle([p], r), p.reject)));
    }
  }

  /** The next batch: up to maxBatch ballots whose requests still wait for them. */
  function take(): Pending[] {
    const batch: Pending[] = [];
    while (batch.length < opts.maxBatch) {
      const p = queue.shift();
      if (!p) break;
      if (opts.withdrawAnswered && p.answered?.())
        p.reject(new Error('withdrawn: the request was answered before its vote was cast'));
      else batch.push(p);
    }
    return batch;
  }

  function flush() {
    scheduled = false;
    while (running < opts.inFlight && queue.length > 0) {
      const batch = take();
      if (batch.length === 0) break;
      running++;
      inDatabase += batch.length;
      void run(batch).finally(() => {
        running--;
        inDatabase -= batch.length;
        schedule();
      });
    }
  }

  // Sent on the next turn of the event loop: the votes that arrived in this turn go together.
  function schedule() {
    if (scheduled || running >= opts.inFlight || queue.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  }

  return {
    cast: (ballot, answered) =>
      new Promise((resolve, reject) => {
        queue.push({ ballot, answered, resolve, reject });
        schedule();
      }),
    waiting: () => queue.length + inDatabase,
  };
}

/**
 * One browser's vote, as the API answers it: the new count, or the error that explains why not. A
 * held vote is answered as a counted one (the count as if it counted): a script learns nothing.
 */
export async function castVote(
  box: BallotBox,
  ballot: Ballot,
  answered?: () => boolean,
): Promise<VoteAnswer & { queued: boolean; held: boolean }> {
  const r = await box.cast(ballot, answered);
  switch (r.outcome) {
    case 'counted':
    case 'held':
      return { newVoteCount: r.count, queued: r.queued, held: r.outcome === 'held' };
    case 'unknown':
      throw new NotFound('Unknown proposal for this monument.');
    case 'repeat':
      throw new AlreadyVoted();
    case 'closed':
      throw new Conflict('Voting has ended: the city has decided on this proposal.');
  }
}
