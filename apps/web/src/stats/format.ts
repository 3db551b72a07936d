// Numbers as the dashboard writes them, in the page's language.
import { formatPercent, shareOf } from '@linz/contract/shares';
import type { TFunction } from 'i18next';
import { dayFields, writeDate } from '../i18n/writing';

export const formatCount = (n: number, lang: string) => new Intl.NumberFormat(lang).format(n);

/** "11 (27,5 %)": a count and its share of `whole`; the count alone when there is no whole. */
export function countWithShare(n: number, whole: number, lang: string): string {
  const share = shareOf(n, whole);
  return share === null ? formatCount(n, lang) : `${formatCount(n, lang)} (${formatPercent(share, lang)})`;
}

/** ISO week number of a Monday given as YYYY-MM-DD. */
export function isoWeek(monday: string): number {
  const date = new Date(`${monday}T00:00:00Z`);
  const thursday = new Date(date.getTime() + 3 * 86_400_000);
  const firstOfYear = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - firstOfYear) / (7 * 86_400_000)) + 1;
}

/** A calendar day (YYYY-MM-DD) as the page's language writes it: "23.11.2026", "23 Nov 2026". */
export function formatDay(day: string, t: TFunction): string {
  const fields = dayFields(day);
  return fields ? writeDate(t, fields, 'date') : day;
}
