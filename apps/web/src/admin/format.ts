// Dates and values as staff read them, in the page's language.
import type { TFunction } from 'i18next';
import { localFields, writeDate } from '../i18n/writing';

export function formatTime(iso: string | null | undefined, t: TFunction): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return writeDate(t, localFields(date), 'dateTime');
}
