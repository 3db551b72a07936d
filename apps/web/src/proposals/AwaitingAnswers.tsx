// Proposals that reached the mayor's threshold and still wait for the city's answer, longest
// waiting first, with the days each has waited (as the UK petitions site lists
// "awaiting government response"). On /interventions for everyone, and first in the staff area,
// which adds its answer button to each (`action`).
import type { AwaitingAnswer } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { awaitingAnswerQuery } from '../api/queries';
import { useVoteThreshold } from '../api/queries/voteThreshold';
import { useLocalDate } from '../popup/localDate';

type Props = {
  /** The staff area's action for an item (the answer form); none in public. */
  action?: (item: AwaitingAnswer) => ReactNode;
  className?: string;
};

export function AwaitingAnswers({ action, className = 'awaiting' }: Props) {
  const { t } = useTranslation();
  const threshold = useVoteThreshold();
  const headingId = useId();
  const list = useQuery(awaitingAnswerQuery());
  const day = useLocalDate('fullDate');
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('awaiting.heading', { count: list.data?.length ?? 0 })}</h2>
      {/* What the list is, once there is one; an empty one says it in its one sentence. */}
      {list.data?.length ? <p>{t('awaiting.text', { threshold })}</p> : null}
      {list.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : list.isError ? (
        <p className="feedback feedback--error">{t('awaiting.error')}</p>
      ) : list.data.length === 0 ? (
        <p className="empty">{t('awaiting.none', { threshold })}</p>
      ) : (
        <ol className="awaiting__list">
          {list.data.map((item) => (
            <li key={item.id} className="awaiting__item">
              <Link
                to="/monuments/$monumentId"
                params={{ monumentId: item.monumentId }}
                search={{ proposal: String(item.id) }}
                className="awaiting__name"
              >
                {item.name}
              </Link>
              <span className="awaiting__monument">{t('awaiting.at', { monument: item.monumentName })}</span>
              <span className="awaiting__days">{t('awaiting.days', { count: item.daysWaiting, date: day(item.reachedAt) })}</span>
              {action?.(item)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
