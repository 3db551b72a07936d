// Dates the server sends (ISO 8601), written the way the visitor's language writes them.
import { useTranslation } from 'react-i18next';
import { localFields, writeDate, type DateStyle } from '../i18n/writing';

/** A writer for the current language; it answers null for a missing or unreadable date. */
export function useLocalDate(style: DateStyle = 'dateTime') {
  const { t } = useTranslation();
  return (iso: string | null | undefined): string | null => {
    if (!iso) return null;
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? null : writeDate(t, localFields(date), style);
  };
}
