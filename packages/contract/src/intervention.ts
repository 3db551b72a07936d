// Intervention: a visitor's proposal for what should stand at a monument instead.
import { z } from 'zod';
import { NAME_MAX, PROPOSAL_STATUSES } from './facts.js';
import { userText } from './text.js';

/** A proposal's id: a positive PostgreSQL `integer` (the bound of its serial column). */
export const InterventionId = z.number().int().positive().max(2_147_483_647, { message: 'invalid intervention id' });

/** The same id as a path segment: decimal digits only, then the one schema above. */
export const InterventionIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { message: 'invalid intervention id' })
  .transform(Number)
  .pipe(InterventionId);

/** When the mayor's office was sent this proposal (ISO time), or null. Added to the spec's fields. */
const mayorNotifiedAt = z.string().nullable();

export const ProposalStatus = z.enum(PROPOSAL_STATUSES);
export type ProposalStatus = z.infer<typeof ProposalStatus>;

/** The city's public statement on a proposal, in both languages, with when it was given (ISO). */
export const ProposalAnswer = z.object({ de: z.string(), en: z.string(), answeredAt: z.string() });
export type ProposalAnswer = z.infer<typeof ProposalAnswer>;

export const Intervention = z.object({
  id: InterventionId,
  monumentId: z.string(),
  name: z.string(),
  emoji: z.string(),
  shortDescription_en: z.string().optional(),
  votes: z.number().int().nonnegative(),
  /** Of `votes`, those confirmed by e-mail (one per address). Added to the spec's fields. */
  confirmedVotes: z.number().int().nonnegative(),
  mayorNotifiedAt,
  /** The threshold was reached, and the mayor's e-mail waits for a staff check of the votes. */
  mayorReview: z.boolean(),
  status: ProposalStatus,
  answer: ProposalAnswer.nullable(),
});
export type Intervention = z.infer<typeof Intervention>;
export const InterventionList = z.array(Intervention);
export type InterventionList = z.infer<typeof InterventionList>;

/** One row of a monument's popup list. */
export const MonumentIntervention = Intervention.pick({
  id: true,
  name: true,
  votes: true,
  confirmedVotes: true,
  mayorNotifiedAt: true,
  mayorReview: true,
  status: true,
  answer: true,
});
export type MonumentIntervention = z.infer<typeof MonumentIntervention>;
export const MonumentInterventionList = z.array(MonumentIntervention);

export const NewIntervention = z.object({ name: userText(NAME_MAX) });
export type NewIntervention = z.infer<typeof NewIntervention>;

/**
 * The answer to a new proposal: `underReview` when others will see it only once staff approve it
 * (MODERATION=pre, or its text matched the word screen); its author sees it as "under review".
 */
export const CreatedIntervention = Intervention.extend({ underReview: z.boolean() });
export type CreatedIntervention = z.infer<typeof CreatedIntervention>;
