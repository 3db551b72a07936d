// The dashboard's headline shares, zod-free so the /stats page and the server's Open Graph tags
// and image compute them the same way (`@linz/contract/shares`).

/** Share (0–1) of `part` in `whole`; null when there is nothing to divide. */
export const shareOf = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** Monuments that commemorate people (female, male, mixed): the denominator of every monument share. */
export const peopleOf = (c: { female: number; male: number; mixed: number }): number => c.female + c.male + c.mixed;

/** Share of the monuments that commemorate people which commemorate women. */
export const womenShareOfMonuments = (c: { female: number; male: number; mixed: number }): number | null =>
  shareOf(c.female, peopleOf(c));

/** Share of the streets named after a person of known sex which are named after women. */
export const womenShareOfStreets = (s: { female: number; male: number }): number | null => shareOf(s.female, s.female + s.male);

/** A share as a percentage with one decimal, in the language's own form ("27,5 %", "27.5%"). */
export const formatPercent = (share: number, lang: string): string =>
  new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(share);
