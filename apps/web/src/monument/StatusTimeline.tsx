// What became of a proposal: every change of its status the city made, with the day
// written out and staff's short public note, oldest first. Notes are shown as text.
import type { StatusEntry } from '@linz/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalDate } from '../popup/localDate';

export function StatusTimeline({ history }: { history: readonly StatusEntry[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const day = useLocalDate('fullDate');
  if (history.length === 0) return null;
  return (
    <section className="status-timeline" aria-labelledby={headingId}>
      <h4 id={headingId} className="status-timeline__heading">
        {t('timeline.heading')}
      </h4>
      <ol className="status-timeline__list">
        {history.map((entry) => (
          <li key={`${entry.at} ${entry.status}`} className="status-timeline__entry">
            <time dateTime={entry.at} className="status-timeline__day">
              {day(entry.at)}
            </time>{' '}
            <span className="status-timeline__status">{t(`proposal.status.${entry.status}`)}</span>
            {entry.note ? <span className="status-timeline__note">{entry.note}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
