// One tab of the review queue (split.ts): visitor-added and held items to check, or everything
// reported or hidden; newest first, as the server sends them.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors';
import { useTRPC } from '../trpc';
import { InterventionCard } from './InterventionCard';
import { MAPS_AT_ONCE } from './ItemContext';
import { MonumentCard } from './MonumentCard';
import { MonumentLookup } from './MonumentLookup';
import { useRejected } from './rejected';
import { queueTab, type QueueTab } from './split';
import { AwaitingAnswers } from '../../interventions/AwaitingAnswers';
import { AnswerWaiting } from './AnswerWaiting';

export function Queue({ tab }: { tab: QueueTab }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const queue = useQuery(trpc.staff.queue.queryOptions());
  const rejected = useRejected();
  if (queue.isPending) return <p role="status">{t('app.loading')}</p>;
  if (queue.isError) return <p className="feedback feedback--error">{errorText(t, queue.error)}</p>;
  const { monuments, interventions } = queueTab(queue.data, tab);
  // Still listed by the server (e.g. with open reports): shown there, not twice.
  const rejectedMonuments = rejected.monuments.filter((r) => !monuments.some((m) => m.id === r.id));
  const rejectedProposals = rejected.interventions.filter((r) => !interventions.some((i) => i.id === r.id));
  return (
    <>
      {/* Proposals past the threshold that still wait for the city's answer come first (issue 38). */}
      {tab === 'review' && <AwaitingAnswers className="admin-section" action={(item) => <AnswerWaiting item={item} />} />}
      <section className="admin-section" aria-labelledby="queue-monuments">
        <h2 id="queue-monuments">{t(`admin.queue.${tab}.monuments`, { count: monuments.length })}</h2>
        {monuments.length === 0 ? (
          <p>{t(`admin.queue.${tab}.noMonuments`)}</p>
        ) : (
          monuments.map((m, i) => <MonumentCard key={m.id} monument={m} mapShown={i < MAPS_AT_ONCE} />)
        )}
      </section>
      <section className="admin-section" aria-labelledby="queue-proposals">
        <h2 id="queue-proposals">{t(`admin.queue.${tab}.proposals`, { count: interventions.length })}</h2>
        {interventions.length === 0 ? (
          <p>{t(`admin.queue.${tab}.noProposals`)}</p>
        ) : (
          interventions.map((p, i) => <InterventionCard key={p.id} proposal={p} mapShown={i < MAPS_AT_ONCE} />)
        )}
      </section>
      {rejectedMonuments.length + rejectedProposals.length > 0 && (
        <section className="admin-section" aria-labelledby="queue-rejected">
          <h2 id="queue-rejected">{t('admin.rejected.title')}</h2>
          <p>{t('admin.rejected.text')}</p>
          {rejectedMonuments.map((m) => (
            <MonumentCard key={m.id} monument={m} />
          ))}
          {rejectedProposals.map((i) => (
            <InterventionCard key={i.id} proposal={i} />
          ))}
        </section>
      )}
      <MonumentLookup />
    </>
  );
}
