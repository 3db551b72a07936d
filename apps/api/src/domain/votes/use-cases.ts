// Use cases of votes the mayor can trust: confirming a vote by e-mail, and staff's check of the
// votes. The rules are in ../vote-confirm.ts, ../vote-review.ts and db/functions/votes.sql.
import type { ConfirmVoteRequest, VoteDecision, VotePreviewRequest } from '@linz/contract';
import { NotFound } from '../errors.js';
import { listsChanged } from '../read-cache.js';
import { confirmVote, requestVoteConfirmation } from './vote-confirm.js';
import { decideVotes, listOpenAlerts, previewVotes, releaseMail, reviewVotes } from './vote-review.js';
import { staffName, type Actor, type App } from '../app.js';

type ProposalRef = { proposalId: number };

/** Asks to confirm this browser's vote by e-mail: the confirmation mail is queued. */
export async function askToConfirmVote(app: App, input: ProposalRef & { body: ConfirmVoteRequest }, actor: Actor) {
  const voterHash = actor.knownVoterHash();
  if (voterHash === null) throw new NotFound('This browser has not voted for this proposal.');
  const queued = await requestVoteConfirmation(app.database, app.followSecret, {
    proposalId: input.proposalId,
    email: input.body.email,
    lang: input.body.lang,
    ipHash: await actor.ipHash(),
    voterHash,
    netHash: actor.netHash(),
    limit: app.config.limits.createsPer5Minutes,
  });
  if (queued) app.mailQueued();
  return { pending: true as const };
}

/** A vote confirmed from its mail's link: the count may change (and reach the mayor's threshold). */
export async function confirmVoteByLink(app: App, input: { token: string }) {
  const { proposalId, queued, already } = await confirmVote(app.database, app.voteRules, input.token);
  if (!already) await listsChanged(app, 'proposals');
  if (queued) app.mailQueued();
  return { confirmed: true as const, proposalId, already };
}

export const openVoteAlerts = (app: App) => listOpenAlerts(app.database);

export const reviewProposalVotes = (app: App, input: ProposalRef) => reviewVotes(app.database, input.proposalId);

/** What a decision would do, without doing it. */
export const previewVoteDecision = (app: App, input: ProposalRef & { body: VotePreviewRequest }) =>
  previewVotes(app.database, input.proposalId, input.body);

/** Staff count or invalidate votes (audited): the count changes everywhere; a mail may be queued or corrected. */
export async function decideProposalVotes(app: App, input: ProposalRef & { body: VoteDecision }, actor: Actor) {
  const { mailQueued, ...answer } = await decideVotes(
    app.database,
    await staffName(actor),
    input.proposalId,
    input.body,
    app.voteRules,
  );
  await listsChanged(app, 'proposals');
  // Decided votes are no longer held: who may have any is read again (held-voters.ts).
  app.heldVoters.reread();
  if (mailQueued) app.mailQueued();
  return answer;
}

/** Staff send a held mayor's mail (audited). */
export async function releaseHeldMail(app: App, input: { notificationId: number }, actor: Actor) {
  const entry = await releaseMail(app.database, await staffName(actor), input.notificationId);
  await listsChanged(app, 'proposals');
  app.mailQueued();
  return entry;
}
