// What every format's reader makes of a row: a candidate item (or a register street), or a skip
// with its reason. The write step (write.ts) knows nothing of formats.
import type { Sex } from '@linz/contract';
import type { LineGeometry } from '../../db/schema.js';

export type Candidate = {
  /** Where it is found again on the next import: `street:<folded name>`, `wikidata:Q…` or `id:<our id>`. */
  key: string;
  /** Our own export's id (kept on a round trip); otherwise made from the name. */
  id?: string;
  name: string;
  name_en?: string | null;
  category: string;
  sex?: Sex;
  lat?: number;
  lng?: number;
  geometry?: LineGeometry;
  validated?: boolean;
  shortDescription?: string;
  shortDescription_en?: string;
  /** Where it comes from, with the namesake's Wikidata id when known. */
  source?: string;
  /** The row or feature in the file (the report names it). */
  at: string;
};

/** A row of a street register (the shipped register CSV's columns): counted for the figures, not drawn. */
export type RegisterStreet = {
  id: string;
  name: string;
  district: string;
  personName: string | null;
  sex: 'female' | 'male' | 'unknown';
  streetWikidataId: string | null;
  personWikidataIds: string[];
};

export const SKIP_REASONS = ['no name', 'outside the boundary', 'bad geometry', 'no place'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export type Skip = { at: string; name: string | null; reason: SkipReason };

export type Parsed = {
  format: string;
  candidates: Candidate[];
  register: RegisterStreet[];
  skipped: Skip[];
  /** Rows read from the file. */
  read: number;
};

/** A file that cannot be imported at all: nothing is written, the message says why. */
export class ImportFileError extends Error {}

/** The sex of a namesake as the sources write it (EqualStreetNames' F/M/X, Wikidata's items, ours). */
export function sexOf(raw: string | undefined | null): Sex | undefined {
  const v = (raw ?? '').trim().toLowerCase();
  if (['f', 'female', 'q6581072', 'q1052281', 'weiblich'].includes(v)) return 'female';
  if (['m', 'male', 'q6581097', 'q2449503', 'männlich'].includes(v)) return 'male';
  if (['x', 'nb', 'q48270', 'mixed', 'multiple'].includes(v)) return 'mixed';
  if (['none', 'unspecified'].includes(v)) return v as Sex;
  return undefined;
}
