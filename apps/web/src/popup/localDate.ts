// Dates the server sends (ISO 8601), written the way the visitor's language writes them.
import { useTranslation } from 'react-i18next';
import { langOf } from '../i18n/languages';

/** A formatter for the current language; it answers null for a missing or unreadable date. */
export function useLocalDate(options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }) {
  const { i18n } = useTranslation();
  const lang = langOf(i18n.resolvedLanguage);
  const format = new Intl.DateTimeFormat(lang === 'de' ? 'de-AT' : 'en-GB', options);
  return (iso: string | null | undefined): string | null => {
    if (!iso) return null;
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? null : format.format(date);
  };
}
