// Intervention: a visitor's proposal for what should stand at a monument instead.
import { z } from 'zod';
import { NAME_MAX, PROPOSAL_STATUSES } from './facts.js';
import { nameText } from './text.js';

/** A proposal's id: a positive PostgreSQL `integer` (the bound of its serial column). */
export const ProposalId = z.number().int().positive().max(2_147_483_647, { message: 'invalid proposal id' });

/** The same id as a path segment: decimal digits only, then the one schema above. */
export const ProposalIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { message: 'invalid proposal id' })
  .transform(Number)
  .pipe(ProposalId);

/** When the mayor's office was sent this proposal (ISO time), or null. Added to the spec's fields. */
const mayorNotifiedAt = z.string().nullable().default(null);

export const ProposalStatus = z.enum(PROPOSAL_STATUSES);
export type ProposalStatus = z.infer<typeof ProposalStatus>;

/**
 * The city's public statement on a proposal, with when it was given (ISO). One language is enough:
 * the other is null, and the public side says so.
 */
export const ProposalAnswer = z.object({ de: z.string().nullable(), en: z.string().nullable(), answeredAt: z.string() });
export type ProposalAnswer = z.infer<typeof ProposalAnswer>;

/** One step of a proposal's status history: the status it got, when (ISO), and staff's short public note. */
export const StatusEntry = z.object({ status: ProposalStatus, at: z.string(), note: z.string().nullable() });
export type StatusEntry = z.infer<typeof StatusEntry>;

// The fields added to the spec's have defaults: an answer of a server that sends only the spec's
// fields reads as open, unanswered and unconfirmed (the web reads such servers, standing.spec.ts).
export const Intervention = z.object({
  id: ProposalId,
  monumentId: z.string(),
  name: z.string(),
  emoji: z.string(),
  shortDescription_en: z.string().optional(),
  votes: z.number().int().nonnegative(),
  /** Of `votes`, those confirmed by e-mail (one per address). Added to the spec's fields. */
  confirmedVotes: z.number().int().nonnegative().default(0),
  mayorNotifiedAt,
  /** The threshold was reached, and the mayor's e-mail waits for a staff check of the votes. */
  mayorReview: z.boolean().default(false),
  status: ProposalStatus.default('open'),
  answer: ProposalAnswer.nullable().default(null),
  /** Every change of its status, oldest first (empty while the city has not answered). Added to the spec's fields. */
  history: z.array(StatusEntry).default([]),
});
export type Intervention = z.infer<typeof Intervention>;
export const ProposalList = z.array(Intervention);
export type ProposalList = z.infer<typeof ProposalList>;

/** One row of a monument's popup list. */
export const MonumentProposal = Intervention.pick({
  id: true,
  name: true,
  votes: true,
  confirmedVotes: true,
  mayorNotifiedAt: true,
  mayorReview: true,
  status: true,
  answer: true,
  history: true,
});
export type MonumentProposal = z.infer<typeof MonumentProposal>;
export const MonumentProposalList = z.array(MonumentProposal);

export const NewProposal = z.object({ name: nameText(NAME_MAX) });
export type NewProposal = z.infer<typeof NewProposal>;

/**
 * The answer to a new proposal: `underReview` when others will see it only once staff approve it
 * (MODERATION=pre, or its text matched the word screen); its author sees it as "under review".
 */
export const CreatedProposal = Intervention.extend({ underReview: z.boolean() });
export type CreatedProposal = z.infer<typeof CreatedProposal>;

/**
 * A proposal that reached the mayor's threshold and still waits for the city's answer, with the
 * whole days since it reached it (as the UK petitions site lists "awaiting government response").
 */
export const AwaitingAnswer = z.object({
  id: ProposalId,
  name: z.string(),
  monumentId: z.string(),
  monumentName: z.string(),
  votes: z.number().int().nonnegative(),
  reachedAt: z.string(),
  daysWaiting: z.number().int().nonnegative(),
});
export type AwaitingAnswer = z.infer<typeof AwaitingAnswer>;
export const AwaitingAnswerList = z.array(AwaitingAnswer);
