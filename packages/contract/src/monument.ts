// Monument: a marker on the map (monument, bust, plaque, street named after a person).
import { z } from 'zod';
import { NAME_MAX, type MonumentCategory } from './facts.js';
import { nameText } from './text.js';

export const MonumentId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'invalid monument id' });

/** Names one monument: the path parameters of its routes and the input of its procedures. */
export const MonumentRef = z.object({ monumentId: MonumentId });

export const Monument = z.object({
  id: z.string(),
  name: z.string(),
  name_en: z.string().optional(),
  geoLocX: z.number(),
  geoLocY: z.number(),
  category: z.string(),
  sex: z.string(),
  validated: z.boolean(),
  shortDescription: z.string(),
  shortDescription_en: z.string(),
  image: z.string(),
  alternatives: z.array(z.string()),
  /** How many public proposals it has. Added to the spec's fields (the finder's `proposals=1`). */
  proposals: z.number().int().nonnegative(),
});
export type Monument = z.infer<typeof Monument>;

/** One monument as its own view shows it: with where its facts come from (the seed's sources; null for a visitor's). */
export const MonumentDetail = Monument.extend({ source: z.string().nullable() });
export type MonumentDetail = z.infer<typeof MonumentDetail>;

export const MonumentList = z.array(Monument);
export type MonumentList = z.infer<typeof MonumentList>;

/** What a visitor sends from the add form. Server-owned fields (validated, category...) are ignored. */
export const NewMonument = z.object({
  id: z
    .string()
    .regex(/^mon-user-\d{1,20}$/, { message: 'id must look like mon-user-<digits>' })
    .optional(),
  name: nameText(NAME_MAX),
  geoLocX: z.number().finite().min(-90).max(90),
  geoLocY: z.number().finite().min(-180).max(180),
});
export type NewMonument = z.infer<typeof NewMonument>;

/** The spec's defaults for a monument added by a visitor (section 3; its "Unknown" is `undetermined`). */
export const USER_MONUMENT_DEFAULTS = {
  category: 'undetermined' satisfies MonumentCategory,
  sex: 'unspecified',
  validated: false,
  shortDescription: '',
  shortDescription_en: '',
  image: 'default-placeholder.jpg',
  alternatives: [] as string[],
} as const;

/** The answer to a new monument: `underReview` as for a new proposal (CreatedIntervention). */
export const CreatedMonument = Monument.extend({ underReview: z.boolean() });
export type CreatedMonument = z.infer<typeof CreatedMonument>;
