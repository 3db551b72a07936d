// "Sent to the mayor's office on <date>", shown in the popup and on the list page.
import { useTranslation } from 'react-i18next';
import { useLocalDate } from './localDate';

export function MayorNotice({ at, className }: { at: string | null | undefined; className?: string }) {
  const { t } = useTranslation();
  const formatted = useLocalDate()(at);
  if (formatted === null) return null;
  return <span className={`mayor-notice ${className ?? ''}`}>{t('mayor.notifiedAt', { date: formatted })}</span>;
}
