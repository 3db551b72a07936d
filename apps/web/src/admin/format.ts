// Dates as staff read them: in the page's language and on one clock, the city's (its profile's
// `timeZone`), wherever staff sit; the audit log reads its times on the same clock.
import { clockIn } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { clientConfigQuery } from '../api/queries';
import { writeDate, type DateFields } from '../i18n/writing';
import { FALLBACK_TILES } from '../map/tiles';

/** The city's time zone, as its profile names it (the config comes before the first page). */
export const useCityTimeZone = (): string => (useQuery(clientConfigQuery()).data ?? FALLBACK_TILES).city.timeZone;

/** An instant's day and time as the clocks in `timeZone` show them. */
export function zonedFields(date: Date, timeZone: string): DateFields {
  const { year, month, day, hour, minute } = clockIn(date, timeZone);
  return { year, month, day, hour, minute };
}

export function formatTime(iso: string | null | undefined, t: TFunction, timeZone: string): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return writeDate(t, zonedFields(date, timeZone), 'dateTime');
}

/** formatTime with the page's texts and the city's clock. */
export function useFormatTime(): (iso: string | null | undefined) => string {
  const { t } = useTranslation();
  const timeZone = useCityTimeZone();
  return (iso) => formatTime(iso, t, timeZone);
}
