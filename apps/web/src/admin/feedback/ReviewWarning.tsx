// A warning at the top of the staff area once the accessibility statement's last review (the
// site profile's accessibility.reviewedOn) is more than a year old: the statement must be kept current.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../api/queries/site';
import { useTRPC } from '../trpc';

/** True when `day` (YYYY-MM-DD) lies more than a year before `now`. */
export function reviewOverdue(day: string, now: Date): boolean {
  const yearAfter = new Date(`${day}T00:00:00Z`);
  yearAfter.setUTCFullYear(yearAfter.getUTCFullYear() + 1);
  return now.getTime() > yearAfter.getTime();
}

export function ReviewWarning() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const site = useQuery(trpc.site.info.queryOptions(undefined, { staleTime: Infinity }));
  const reviewedOn = site.data?.profile.accessibility.reviewedOn;
  if (!reviewedOn || !reviewOverdue(reviewedOn, new Date())) return null;
  return (
    <p className="feedback feedback--error admin-review-warning" role="alert">
      {t('admin.reviewDue', { date: formatDay(reviewedOn, t) })}
    </p>
  );
}
