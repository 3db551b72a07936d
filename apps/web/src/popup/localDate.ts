// Dates the server sends (ISO 8601), written the way the visitor's language writes them.
import { useTranslation } from 'react-i18next';
import { langOf } from '../i18n/languages';

/** `fullDate`: the month in words ("27. November 2026"), for the monument's view. */
export type DateStyle = 'date' | 'fullDate' | 'dateTime';

// One formatter per language and style: a long list would otherwise build several per item.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${lang} ${style}`;
  let format = formatters.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'date'
        ? { dateStyle: 'medium' }
        : style === 'fullDate'
          ? { dateStyle: 'long' }
          : { dateStyle: 'medium', timeStyle: 'short' };
    format = new Intl.DateTimeFormat(lang === 'de' ? 'de-AT' : 'en-GB', options);
    formatters.set(key, format);
  }
  return format;
}

/** A formatter for the current language; it answers null for a missing or unreadable date. */
export function useLocalDate(style: DateStyle = 'dateTime') {
  const { i18n } = useTranslation();
  const format = formatter(langOf(i18n.resolvedLanguage), style);
  return (iso: string | null | undefined): string | null => {
    if (!iso) return null;
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? null : format.format(date);
  };
}
