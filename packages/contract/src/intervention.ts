// Intervention: a visitor's proposal for what should stand at a monument instead.
import { z } from 'zod';
import { NAME_MAX } from './facts.js';
import { userText } from './text.js';

export const InterventionId = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, { message: 'invalid intervention id' })
  .transform(Number);

/** When the mayor's office was sent this proposal (ISO time), or null. Added to the spec's fields. */
const mayorNotifiedAt = z.string().nullable();

export const Intervention = z.object({
  id: z.number().int(),
  monumentId: z.string(),
  name: z.string(),
  emoji: z.string(),
  shortDescription_en: z.string().optional(),
  votes: z.number().int().nonnegative(),
  mayorNotifiedAt,
});
export type Intervention = z.infer<typeof Intervention>;
export const InterventionList = z.array(Intervention);

/** One row of a monument's popup list. */
export const MonumentIntervention = Intervention.pick({ id: true, name: true, votes: true, mayorNotifiedAt: true });
export type MonumentIntervention = z.infer<typeof MonumentIntervention>;
export const MonumentInterventionList = z.array(MonumentIntervention);

export const NewIntervention = z.object({ name: userText(NAME_MAX) });
export type NewIntervention = z.infer<typeof NewIntervention>;
