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

/**
 * Whom a commemoration honours, from the city's street-name register (the profile's
 * streetRegisterSource): the person's name, dates (ISO, as the register gives them), profession (the
 * register's word, from Wikidata, in English), Wikidata ids and the register's own page.
 */
export const Namesake = z.object({
  name: z.string(),
  born: z.string().optional(),
  died: z.string().optional(),
  profession: z.string().optional(),
  /** The namesake's Wikidata id first, then further persons the register names. */
  wikidata: z.array(z.string()),
  registerId: z.string().optional(),
  registerUrl: z.string().optional(),
});
export type Namesake = z.infer<typeof Namesake>;

/** The `check` tier of a point that only one defibrillator address gives: the weakest, flagged for staff. */
export const WEAKEST_CHECK = 'single AED address point';

/** The kinds of `check` the shipped city's point pipeline writes (in English), and their figures. */
export type CheckReading = { key: string; values: Record<string, number> };
const CHECKS: [RegExp, string, string[]][] = [
  [/^single source point \(not cross-checked\)$/, 'single', []],
  [
    /^single AED address point, not cross-checked \(AED source has gross geocoding errors in ~(\d+)% of duplicate addresses\)$/,
    'singleAed',
    ['percent'],
  ],
  [/^consistent: all (\d+) points within (\d+) m \((\d+) distinct records?\)$/, 'consistent', ['count', 'metres', 'records']],
  [
    /^consistent: all (\d+) points within (\d+) m \((\d+) distinct records?\) \| KG-PLAUSIBILITY FAIL\b.*$/,
    'consistentElsewhere',
    ['count', 'metres', 'records'],
  ],
  [
    /^majority: (\d+) of (\d+) points agree within (\d+) m; (\d+) other point\(s\) up to (\d+) m away \(long street or source error\)$/,
    'majority',
    ['agree', 'count', 'metres', 'others', 'farthest'],
  ],
  [
    /^no majority among (\d+) points up to (\d+) m apart \(long street\?\); chose a city-surveyed point \(hotspot\/fountain\/WC\/dog zone\) over geocoded AED points$/,
    'noMajority',
    ['count', 'metres'],
  ],
  [/^UNRESOLVED: (\d+) AED points up to (\d+) m apart, no majority; coordinate withheld$/, 'unresolved', ['count', 'metres']],
];

/** A `check` read as one of the known kinds with its figures (staff see it in their language); another text: undefined. */
export function checkReading(check: string | undefined): CheckReading | undefined {
  for (const [pattern, key, names] of CHECKS) {
    const found = check === undefined ? null : pattern.exec(check);
    if (found) return { key, values: Object.fromEntries(names.map((name, i) => [name, Number(found[i + 1])])) };
  }
  return undefined;
}

/**
 * Where a commemoration's point came from: a record of the city's open data (`sources`: the
 * dataset, the record, how far the sources agree: `check`) or citizens' suggestions that staff
 * confirmed (`citizens`). A seed monument whose position its `source` text explains has none.
 */
export const Placement = z.object({
  by: z.enum(['sources', 'citizens']),
  dataset: z.string().optional(),
  url: z.string().optional(),
  recordId: z.string().optional(),
  locationText: z.string().optional(),
  check: z.string().optional(),
  /** The weakest tier (WEAKEST_CHECK): staff should look at it. */
  weak: z.boolean(),
  licence: z.string().optional(),
  attribution: z.string().optional(),
  /** For `citizens`: how many suggestions there were, and when staff confirmed one. */
  suggestions: z.number().int().nonnegative().optional(),
  confirmedAt: z.string().optional(),
});
export type Placement = z.infer<typeof Placement>;
export type PlacedBy = Placement['by'];

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
  /** Whom it honours, from the city's register (streets named after a person). */
  namesake: Namesake.optional(),
  /** `citizens` when citizens placed it and staff confirmed; absent when the sources did. */
  placedBy: z.literal('citizens').optional(),
});
export type Monument = z.infer<typeof Monument>;

/** One monument as its own view shows it: with where its facts come from (the seed's sources; null for a visitor's). */
export const MonumentDetail = Monument.extend({ source: z.string().nullable(), placement: Placement.nullable() });
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

/** The answer to a new monument: `underReview` as for a new proposal (CreatedProposal). */
export const CreatedMonument = Monument.extend({ underReview: z.boolean() });
export type CreatedMonument = z.infer<typeof CreatedMonument>;
