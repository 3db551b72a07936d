// Use cases of a proposal (what should stand at a monument instead) and its votes.
import { MAYOR_THRESHOLD, type NewIntervention, type NewReport, type VoteRequest } from '@linz/contract';
import { NotFound } from '../errors.js';
import { continuationOf } from '../follows/follows.js';
import { createIntervention } from './interventions.js';
import { createWithinLimit, writerOf } from '../limits.js';
import { listsChanged } from '../read-cache.js';
import { report, type ReportTarget } from './reports.js';
import { castVote } from '../votes/votes.js';
import type { Actor, App } from '../app.js';

/** A visitor proposes something for a monument: within the connection's create limit, screened,
 * held under pre-moderation; the public lists (the monuments list counts proposals) change everywhere. */
export async function proposeIntervention(app: App, input: { monumentId: string; body: NewIntervention }, actor: Actor) {
  const who = await writerOf(actor);
  const created = await createWithinLimit(app.database, who, app.config.limits.createsPer5Minutes, (tx) =>
    createIntervention(app.database, input.monumentId, input.body, who.ipHash, tx, actor.voterHash(), app.config.moderation),
  );
  await listsChanged(app, 'interventions', 'monuments');
  app.metrics?.proposalCreated();
  return created;
}

/** One vote of this browser for a proposal. A merged proposal's old id (an old link or page) votes
 * for the one it continues as. The 10th counted vote queues the mayor's mail: the sender is woken. */
export async function voteForProposal(app: App, input: { interventionId: number; body: VoteRequest }, actor: Actor) {
  const ip = await actor.ipHashes();
  const ballot = {
    interventionId: input.interventionId,
    monumentId: input.body.monumentId,
    voterHash: actor.voterHash(),
    ipHash: ip.current,
    ipHashBefore: ip.previous,
    netHash: actor.netHash(),
    areaHash: actor.areaHash(),
  };
  const cast = (b: typeof ballot) => castVote(app.ballots, b, () => actor.answered());
  const { newVoteCount, queued } = await cast(ballot).catch(async (err: unknown) => {
    const next = err instanceof NotFound ? await continuationOf(app.database, ballot.interventionId) : null;
    if (!next) throw err;
    return cast({ ...ballot, interventionId: next.id, monumentId: next.monumentId });
  });
  // Other instances learn of the count from the vote function's own notification (db/functions/votes.sql).
  app.lists.interventions.invalidate();
  app.metrics?.voteCounted();
  if (queued) app.mailQueued();
  // What really happened at the threshold (issue 56): mailed, or checked first. Where only confirmed
  // votes count, a vote never reaches it.
  const reached = newVoteCount === MAYOR_THRESHOLD && app.config.votes.counts === 'votes';
  return { newVoteCount, ...(queued ? { mayor: 'mailed' as const } : reached ? { mayor: 'checked' as const } : {}) };
}

/** A citizen's report of a monument or proposal, within the connection's create limit. Enough
 * reports from distinct networks hide the item: it leaves the public lists everywhere at once.
 * `created` is false for this browser's repeat. */
export async function fileReport(app: App, input: { target: ReportTarget; body: NewReport }, actor: Actor) {
  const who = await writerOf(actor);
  const { ipHash } = who;
  const reporterHash = actor.voterHash();
  const outcome = await createWithinLimit(app.database, who, app.config.limits.createsPer5Minutes, (tx) =>
    report(
      app.database,
      tx,
      input.target,
      input.body,
      { reporterHash, ipHash, netHash: actor.netHash() },
      app.config.reportHideThreshold,
    ),
  );
  if (outcome.hidden) await listsChanged(app, 'monuments', 'interventions');
  return { reported: true as const, created: outcome.created };
}
