// Use cases of following a proposal: by e-mail (double opt-in, one-click unsubscribe), in this
// browser alone, and "mine". The rules are in ../follows.ts.
import type { FollowRequest } from '@linz/contract';
import { confirmFollow, mine, requestFollow, unsubscribe, unwatch, watch } from './follows.js';
import type { Actor, App } from '../app.js';

type ProposalRef = { proposalId: number };

/** Asks to follow a proposal by e-mail: the confirmation mail is queued (within the address's and the connection's limits). */
export async function followByMail(app: App, input: ProposalRef & { body: FollowRequest }, actor: Actor) {
  const queued = await requestFollow(app.database, app.followSecret, {
    proposalId: input.proposalId,
    email: input.body.email,
    lang: input.body.lang,
    ipHash: await actor.ipHash(),
    voterHash: actor.voterHash(),
    netHash: actor.netHash(),
    limit: app.config.limits.createsPer5Minutes,
  });
  if (queued) app.mailQueued();
  return { pending: true as const };
}

export async function confirmFollowing(app: App, input: { token: string }) {
  return { following: true as const, ...(await confirmFollow(app.database, input.token)) };
}

/** Ends one follow (or, with `all`, every follow of that address) from a mail's link. */
export async function unsubscribeByLink(app: App, input: { token: string; all?: string }) {
  const all = input.all === '1';
  await unsubscribe(app.database, input.token, all);
  return { unsubscribed: true as const, all };
}

/** Follows a proposal in this browser alone (no address): "mine" shows its news. */
export async function watchProposal(app: App, input: ProposalRef, actor: Actor) {
  await watch(app.database, input.proposalId, actor.voterHash());
  return { watching: true };
}

export async function unwatchProposal(app: App, input: ProposalRef, actor: Actor) {
  await unwatch(app.database, input.proposalId, actor.knownVoterHash());
  return { watching: false };
}

/** This browser's proposals, votes and follows; without its cookie nothing (and no cookie is issued). */
export const mineOf = (app: App, _input: void, actor: Actor) => mine(app.database, actor.knownVoterHash(), actor.netHash());
