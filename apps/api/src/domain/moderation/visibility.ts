// What the public may see, in one place: a monument that is visible, not merged away and placed
// (a commemoration without a place is not a marker: it is on "Wo ist das?" until staff confirm a
// place), and a proposal that is visible at such a monument. Every public read and write uses these.
import { sql, type SQL } from 'drizzle-orm';

const publicSubject = (m: string) => `${m}.moderation = 'visible' AND ${m}.merged_into IS NULL`;

/** `m` is a public monument (alias given). */
export const publicMonument = (m: string): SQL => sql.raw(`${publicSubject(m)} AND ${m}.lat IS NOT NULL`);

/** `m` is a public commemoration without a place yet: listed on "Wo ist das?", never a marker. */
export const unplacedMonument = (m: string): SQL => sql.raw(`${publicSubject(m)} AND ${m}.lat IS NULL`);

/** `i` is a public proposal; `m` is its monument (alias given, joined by the caller). */
export const proposalIsPublic = (i: string, m: string): SQL =>
  sql.raw(`${i}.moderation = 'visible' AND ${publicSubject(m)} AND ${m}.lat IS NOT NULL`);

/**
 * `p` is a photo the viewer may see: approved, of a public monument (and, for a proposal's
 * sketch, of a public proposal); or still pending and uploaded by this very browser (`viewer`
 * is its voter hash, null without a voter cookie). `m` is its monument, `i` its proposal (LEFT JOIN).
 */
export const visiblePhoto = (p: string, m: string, i: string, viewer: string | null): SQL => {
  const subject = sql.raw(
    `${publicSubject(m)} AND ${m}.lat IS NOT NULL AND (${p}.proposal_id IS NULL OR ${i}.moderation = 'visible')`,
  );
  const own =
    viewer === null
      ? sql`FALSE`
      : sql`(${sql.raw(`${p}.status`)} = 'pending' AND ${sql.raw(`${p}.uploader_voter_hash`)} = ${viewer})`;
  return sql`(${subject} AND (${sql.raw(`${p}.status`)} = 'approved' OR ${own}))`;
};
