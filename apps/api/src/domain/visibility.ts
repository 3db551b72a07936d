// What the public may see, in one place: a monument that is visible and not merged away, and a
// proposal that is visible at such a monument. Every public read and write uses these.
import { sql, type SQL } from 'drizzle-orm';

/** `m` is a public monument (alias given). */
export const publicMonument = (m: string): SQL => sql.raw(`${m}.moderation = 'visible' AND ${m}.merged_into IS NULL`);

/** `i` is a public proposal; `m` is its monument (alias given, joined by the caller). */
export const publicIntervention = (i: string, m: string): SQL =>
  sql.raw(`${i}.moderation = 'visible' AND ${m}.moderation = 'visible' AND ${m}.merged_into IS NULL`);
