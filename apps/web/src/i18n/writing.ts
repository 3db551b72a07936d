// Dates and numbers written the way the visitor's language writes them (Austrian German, British
// English), from the texts' month names, patterns and separators. Not with Intl: a page's first
// Intl.DateTimeFormat costs a phone 150–260 ms of main thread, its first NumberFormat 25–135 ms
// (Chromium at Lighthouse's 4× slowdown, while ICU loads its data), and /interventions and a
// monument's view paid both before their first paint. The texts' `{{count, number}}` is written
// here too (i18n/setup.ts). writing.test.ts holds the results to Intl's.
import type { TFunction } from 'i18next';

/** `date`: "05.01.2026"; `fullDate`: the month in words ("5. Jänner 2026"); `dateTime`: with hh:mm. */
export type DateStyle = 'date' | 'fullDate' | 'dateTime';

/** A calendar day and, for `dateTime`, a time of day; `month` counts from 1. */
export type DateFields = { year: number; month: number; day: number; hour?: number; minute?: number };

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The fields of an instant in the browser's time zone. */
export const localFields = (date: Date): DateFields => ({
  year: date.getFullYear(),
  month: date.getMonth() + 1,
  day: date.getDate(),
  hour: date.getHours(),
  minute: date.getMinutes(),
});

/** "2026-11-25" as its fields; undefined for anything else. */
export function dayFields(day: string): DateFields | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && date >= 1 && date <= 31 ? { year, month, day: date } : undefined;
}

export function writeDate(t: TFunction, fields: DateFields, style: DateStyle): string {
  const months = t('writing.months', { returnObjects: true }) as unknown as string[];
  const shortMonths = t('writing.monthsShort', { returnObjects: true }) as unknown as string[];
  const date = t(style === 'fullDate' ? 'writing.fullDate' : 'writing.date', {
    year: fields.year,
    month: months[fields.month - 1],
    monthShort: shortMonths[fields.month - 1],
    monthTwoDigits: twoDigits(fields.month),
    day: fields.day,
    dayTwoDigits: twoDigits(fields.day),
  });
  if (style !== 'dateTime') return date;
  return t('writing.dateTime', { date, hours: twoDigits(fields.hour ?? 0), minutes: twoDigits(fields.minute ?? 0) });
}

/** A decimal under 1,000 (no grouping) with at most `decimals` places ("48,30724"), or exactly as many with `fixed`. */
export function writeDecimal(t: TFunction, value: number, decimals: number, fixed = false): string {
  const digits = value.toFixed(decimals);
  const written = fixed ? digits : String(Number(digits));
  return written.replace('.', t('writing.decimalSeparator'));
}

/** A number as the texts' `{{n, number}}` writes it: thousands grouped ("50.000"), at most 3 places. */
export function writeNumber(t: TFunction, value: number): string {
  const [whole = '', fraction] = String(Math.round(Math.abs(value) * 1000) / 1000).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, t('writing.groupSeparator'));
  return (value < 0 ? '-' : '') + grouped + (fraction ? t('writing.decimalSeparator') + fraction : '');
}
