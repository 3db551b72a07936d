// "Sent to the mayor's office on <date>", shown in the popup and on the list page; while the mail
// waits for a staff check of the votes (mayorReview), that it goes there after the check.
import { useTranslation } from 'react-i18next';
import { useLocalDate } from './localDate';

type Props = { at: string | null | undefined; review?: boolean | undefined; className?: string };

export function MayorNotice({ at, review, className }: Props) {
  const { t } = useTranslation();
  const formatted = useLocalDate()(at);
  if (formatted === null) {
    if (!review) return null;
    return <span className={`mayor-notice mayor-notice--review ${className ?? ''}`}>{t('mayor.review')}</span>;
  }
  return <span className={`mayor-notice ${className ?? ''}`}>{t('mayor.notifiedAt', { date: formatted })}</span>;
}
