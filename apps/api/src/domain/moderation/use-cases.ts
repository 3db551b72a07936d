// Use cases of staff's moderation: correcting, hiding, restoring, approving and merging monuments
// and proposals, and the city's answer. Each runs as the signed-in member in one transaction with
// its audit entry (../moderation.ts); then the public lists change everywhere, and where followers
// or the mayor get mail, the sender is woken.
import type {
  AnswerInput,
  ProposalHide,
  ProposalMerge,
  ProposalUpdate,
  MonumentHide,
  MonumentMerge,
  MonumentUpdate,
} from '@linz/contract';
import type { z } from 'zod';
import { categoriesOf } from '../monuments/categories.js';
import { NotFound } from '../errors.js';
import {
  saveProposalAnswer,
  approveProposal,
  approveMonument,
  mergeProposal,
  mergeMonument,
  rejectProposal,
  rejectMonument,
  saveProposalName,
  restoreProposal,
  restoreMonument,
  updateMonument,
  validateMonument,
} from './moderation.js';
import { listsChanged } from '../read-cache.js';
import { followerCounts, loadProposal, loadMonument, reviewQueue } from '../staff/staff-views.js';
import { staffName, type Actor, type App } from '../app.js';

type MonumentRef = { monumentId: string };
type ProposalRef = { proposalId: number };

/** Runs a moderation step as the signed-in member, then changes the public lists everywhere;
 * `mail`: the step may have queued mail (followers', the mayor's). */
async function moderated<T>(app: App, actor: Actor, step: (name: string) => Promise<T>, mail = false): Promise<T> {
  const result = await step(await staffName(actor));
  await listsChanged(app, 'monuments', 'proposals');
  if (mail) app.mailQueued();
  return result;
}

export const reviewQueueOf = (app: App) => reviewQueue(app.database);

/** The categories a monument may have: the contract's, then the site profile's own. */
export const monumentCategories = (app: App) => categoriesOf(app.config.site.categories);

export async function staffMonument(app: App, input: MonumentRef) {
  const found = await loadMonument(app.database, app.database.db, input.monumentId);
  if (!found) throw new NotFound('Unknown monument.');
  return found;
}

export async function staffProposal(app: App, input: ProposalRef) {
  const found = await loadProposal(app.database, app.database.db, input.proposalId);
  if (!found) throw new NotFound('Unknown proposal.');
  return found;
}

export const proposalFollowerCounts = (app: App) => followerCounts(app.database);

/** A correction of a monument: its place stays in the city's area, its category in the list. */
export const correctMonument = (app: App, input: z.infer<typeof MonumentUpdate>, actor: Actor) =>
  moderated(app, actor, (name) =>
    updateMonument(app.database, name, input.monumentId, input.patch, {
      area: app.config.city.area,
      categories: categoriesOf(app.config.site.categories),
    }),
  );

export const markMonumentValidated = (app: App, input: MonumentRef, actor: Actor) =>
  moderated(app, actor, (name) => validateMonument(app.database, name, input.monumentId));

/** "Ausblenden (Moderation)": hidden from the public with a reason its author reads. */
export const hideMonument = (app: App, input: z.infer<typeof MonumentHide>, actor: Actor) =>
  moderated(app, actor, (name) => rejectMonument(app.database, name, input.monumentId, input.reason));

export const restoreHiddenMonument = (app: App, input: MonumentRef, actor: Actor) =>
  moderated(app, actor, (name) => restoreMonument(app.database, name, input.monumentId));

/** Publishes a monument held by the word screen or waiting under MODERATION=pre. */
export const publishMonument = (app: App, input: MonumentRef, actor: Actor) =>
  moderated(app, actor, (name) => approveMonument(app.database, name, input.monumentId));

export const mergeMonuments = (app: App, input: z.infer<typeof MonumentMerge>, actor: Actor) =>
  moderated(app, actor, (name) => mergeMonument(app.database, name, input.monumentId, input.into));

export const renameProposal = (app: App, input: z.infer<typeof ProposalUpdate>, actor: Actor) =>
  moderated(app, actor, (name) => saveProposalName(app.database, name, input.proposalId, input.name));

/** Hidden with a reason its author reads; its followers hear it once. */
export const hideProposal = (app: App, input: z.infer<typeof ProposalHide>, actor: Actor) =>
  moderated(app, actor, (name) => rejectProposal(app.database, name, input.proposalId, input.reason), true);

export const restoreHiddenProposal = (app: App, input: ProposalRef, actor: Actor) =>
  moderated(app, actor, (name) => restoreProposal(app.database, name, input.proposalId));

/** Publishes a proposal held by the word screen or waiting under MODERATION=pre (then it takes votes). */
export const publishProposal = (app: App, input: ProposalRef, actor: Actor) =>
  moderated(app, actor, (name) => approveProposal(app.database, name, input.proposalId));

/** The city's answer (status and public note); its followers get mail. */
export const answerProposal = (app: App, input: AnswerInput, actor: Actor) =>
  moderated(app, actor, (name) => saveProposalAnswer(app.database, name, input.proposalId, input), true);

/** Merges a proposal into a similar one (votes once per browser, followers, old links); answers the kept one. */
export const mergeProposals = (app: App, input: z.infer<typeof ProposalMerge>, actor: Actor) =>
  moderated(app, actor, (name) => mergeProposal(app.database, name, input.proposalId, input.into, app.voteRules), true);
