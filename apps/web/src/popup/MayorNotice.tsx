// "Sent to the mayor's office on <date>", shown in the popup and on the list page.
import { useTranslation } from 'react-i18next';
import { langOf } from '../i18n/languages';

export function MayorNotice({ at, className }: { at: string | null | undefined; className?: string }) {
  const { t, i18n } = useTranslation();
  if (!at) return null;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const locale = langOf(i18n.resolvedLanguage) === 'de' ? 'de-AT' : 'en-GB';
  const formatted = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  return <span className={`mayor-notice ${className ?? ''}`}>{t('mayor.notifiedAt', { date: formatted })}</span>;
}
