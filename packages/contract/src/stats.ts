// The representation dashboard's figures (GET /api/stats, and the /stats page).
import { z } from 'zod';
import { PROPOSAL_STATUSES, SEXES } from './facts.js';

const count = z.number().int().nonnegative();

/** Counts by who is commemorated: every key of SEXES, always present. */
export const SexCounts = z.object(
  Object.fromEntries(SEXES.map((s) => [s, count])) as Record<(typeof SEXES)[number], typeof count>,
);
export type SexCounts = z.infer<typeof SexCounts>;

const InTwo = z.object({ de: z.string(), en: z.string() });
/** A source the figures use, named and licensed in German and English (the city profile's `sources`). */
export const StatsSource = z.object({ name: InTwo, url: z.string(), licence: InTwo });

/** How many are placed from the sources (the city's open data, the seed's), by citizens (confirmed by staff), or not yet. */
export const Coverage = z.object({ sources: count, citizens: count, unplaced: count });
export type Coverage = z.infer<typeof Coverage>;
/** Coverage by whom they honour: a woman, a man, or other / not known. */
export const CoverageByGender = z.object({ female: Coverage, male: Coverage, unknown: Coverage });
export type CoverageByGender = z.infer<typeof CoverageByGender>;

export const Stats = z.object({
  /** Public monuments on the map (hidden, rejected and merged ones are not counted). */
  monuments: z.object({
    total: count,
    bySex: SexCounts,
    /** Category → counts by sex. */
    byCategory: z.record(z.string(), SexCounts),
    /** Items to women from the profile's seed.withoutCoordinates that are not on the map (no position yet). */
    withoutCoordinates: z.object({ total: count, bySex: SexCounts, byCategory: z.record(z.string(), count) }),
  }),
  /** The city's current street names, counted at seed time from its register (CC BY 4.0). `unknown`
   *  holds every street not named after a person of known sex. */
  streets: z.object({ female: count, male: count, unknown: count }),
  /** Where the public commemorations are (issue 54): the streets found in the register to be named
   *  after a person, and every commemoration (streets included), each placed or not. */
  coverage: z.object({ streets: CoverageByGender, all: CoverageByGender }),
  participation: z.object({
    proposals: count,
    votes: count,
    /** Proposals and votes per ISO week (Monday, YYYY-MM-DD), oldest first, weeks without any included. */
    weeks: z.array(z.object({ week: z.string(), proposals: count, votes: count })),
    /** Proposals that reached the mayor's threshold, how many of those the city answered, and the
     *  median days from reaching it to the answer (null while none is answered). */
    reachedThreshold: count,
    answered: count,
    medianDaysToAnswer: z.number().nonnegative().nullable(),
    byStatus: z.object(
      Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, count])) as Record<(typeof PROPOSAL_STATUSES)[number], typeof count>,
    ),
  }),
  sources: z.array(StatsSource),
  licence: z.literal('CC BY 4.0'),
});
export type Stats = z.infer<typeof Stats>;
