// Use cases of a proposal (what should stand at a monument instead) and its votes.
import type { NewProposal, NewReport, VoteRequest } from '@linz/contract';
import { NotFound } from '../errors.js';
import { continuationOf } from '../follows/follows.js';
import { asMonumentProposal, createProposal, listAwaitingAnswer, listMonumentProposals } from './proposals.js';
import { createWithinLimit, writerOf } from '../limits.js';
import { itemsChanged, listsChanged } from '../read-cache.js';
import { report, type ReportTarget } from './reports.js';
import { castVote } from '../votes/votes.js';
import { admissionRules } from '../moderation/screen.js';
import { sharePhoto } from '../photos/photos.js';
import { monumentProposalsNow } from '../lists/use-cases.js';
import type { Actor, App } from '../app.js';

/** A visitor proposes something for a monument: within the connection's create limit, screened,
 * held under pre-moderation; the public lists (the monuments list counts proposals) change everywhere. */
export async function proposeProposal(app: App, input: { monumentId: string; body: NewProposal }, actor: Actor) {
  const who = await writerOf(actor);
  const created = await createWithinLimit(app.database, who, app.config.limits.createsPer5Minutes, (tx) =>
    createProposal(app.database, input.monumentId, input.body, who.ipHash, tx, actor.voterHash(), admissionRules(app.config)),
  );
  // The new proposal, and its monument (whose proposals it counts).
  await itemsChanged(app, { proposals: [created.id], monuments: [input.monumentId] });
  app.metrics?.proposalCreated();
  return created;
}

/** One vote of this browser for a proposal. A merged proposal's old id (an old link or page) votes
 * for the one it continues as. The 10th counted vote queues the mayor's mail: the sender is woken. */
export async function voteForProposal(app: App, input: { proposalId: number; body: VoteRequest }, actor: Actor) {
  const ip = await actor.ipHashes();
  const ballot = {
    proposalId: input.proposalId,
    monumentId: input.body.monumentId,
    voterHash: actor.voterHash(),
    ipHash: ip.current,
    ipHashBefore: ip.previous,
    netHash: actor.netHash(),
    areaHash: actor.areaHash(),
  };
  let votedFor = ballot.proposalId;
  const cast = (b: typeof ballot) => castVote(app.ballots, b, () => actor.answered());
  const { newVoteCount, queued, held } = await cast(ballot).catch(async (err: unknown) => {
    const next = err instanceof NotFound ? await continuationOf(app.database, ballot.proposalId) : null;
    if (!next) throw err;
    votedFor = next.id;
    return cast({ ...ballot, proposalId: next.id, monumentId: next.monumentId });
  });
  // This proposal is read again (a held vote changed nothing public: the list stays as it is), and
  // the answer waits until reads get it: this browser's next read sees its vote. Other instances
  // learn of it from the vote function's own notification (db/functions/votes.sql).
  if (app.lists.proposals.changed) await app.lists.proposals.changed([votedFor]);
  else app.lists.proposals.invalidate();
  // This browser's and network's popups are read from the database from now on (they see it counted).
  if (held) app.heldVoters.add([[ballot.netHash, ballot.voterHash]]);
  app.metrics?.voteCounted();
  if (queued) app.mailQueued();
  // What really happened at the threshold (issue 56): mailed, or checked first. Where only confirmed
  // votes count, a vote never reaches it.
  const reached = newVoteCount === app.config.city.voteThreshold && app.config.votes.counts === 'votes';
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
  if (outcome.hidden) await listsChanged(app, 'monuments', 'proposals');
  return { reported: true as const, created: outcome.created };
}

/** Proposals at the threshold still waiting for the city's answer, longest waiting first. */
export const proposalsAwaitingAnswer = (app: App) => listAwaitingAnswer(app.database);

/**
 * A public monument's proposals as this browser sees them: from the public lists (no read waits for
 * a write: issue 57), unless its network or browser may have held votes, which it sees counted
 * (db/functions/votes.sql held_seen_by): then from the database.
 */
export async function proposalsOfMonument(app: App, input: { monumentId: string }, actor: Actor) {
  const viewer = { netHash: actor.netHash(), voterHash: actor.knownVoterHash() };
  if (await app.heldVoters.mayHave(viewer.netHash, viewer.voterHash))
    return listMonumentProposals(app.database, input.monumentId, viewer);
  const proposals = await monumentProposalsNow(app, input.monumentId);
  if (!proposals) throw new NotFound('Unknown monument.');
  return proposals.map((p) => asMonumentProposal(p));
}

/**
 * A shared proposal (its link's preview and card): the public proposal with its monument and the
 * photo to show, from the public lists; or the proposal a merged one continues as; or nothing.
 */
export async function sharedProposal(app: App, input: { proposalId: number }) {
  const [proposals, monuments] = await Promise.all([app.lists.proposals.get(), app.lists.monuments.get()]);
  const proposal = proposals.data.find((p) => p.id === input.proposalId);
  const monument = proposal && monuments.data.find((m) => m.id === proposal.monumentId);
  if (proposal && monument) return { found: { proposal, monument, photo: await sharePhoto(app.database, proposal.id) } };
  const movedTo = await continuationOf(app.database, input.proposalId);
  return movedTo ? { movedTo } : undefined;
}
