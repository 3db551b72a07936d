// Vote payloads (spec section 3) and the threshold that notifies the mayor.
import { z } from 'zod';
import { EmailAddress, FollowToken, MailLang } from './follow.js';
import { ProposalId } from './proposal.js';
import { MonumentId } from './monument.js';

export const VoteRequest = z.object({ monumentId: MonumentId, action: z.literal('vote') });
export type VoteRequest = z.infer<typeof VoteRequest>;

/**
 * `newVoteCount`: the count as this voter sees it. `mayor`, only on the vote that brought that count
 * to the threshold: `mailed` when this vote queued the mayor's e-mail, `checked` when the votes are
 * checked by staff first and the office is e-mailed after that (issue 56: what really happened).
 */
export const VoteAnswer = z.object({
  newVoteCount: z.number().int().positive(),
  mayor: z.enum(['mailed', 'checked']).optional(),
});
export type VoteAnswer = z.infer<typeof VoteAnswer>;

/** What the mayor's threshold counts: every counted vote (the spec), or only e-mail-confirmed ones. */
export const THRESHOLD_COUNTS = ['votes', 'confirmed'] as const;
export type ThresholdCounts = (typeof THRESHOLD_COUNTS)[number];

/** `POST /api/interventions/:proposalId/vote/confirm`: from a browser that voted for the proposal. */
export const ConfirmVoteRequest = z.strictObject({ email: EmailAddress, lang: MailLang });
export type ConfirmVoteRequest = z.infer<typeof ConfirmVoteRequest>;
/** 202 whatever the address: nobody learns whether it confirmed a vote before. */
export const VoteConfirmPending = z.object({ pending: z.literal(true) });

/** `POST /api/votes/confirm`: the button of the confirmation page (a GET never confirms). */
export const VoteConfirmToken = z.strictObject({ token: FollowToken });
/** `already`: the link (or another of the same vote) was used before; nothing changed. */
export const VoteConfirmed = z.object({ confirmed: z.literal(true), proposalId: ProposalId, already: z.boolean() });
export type VoteConfirmed = z.infer<typeof VoteConfirmed>;
