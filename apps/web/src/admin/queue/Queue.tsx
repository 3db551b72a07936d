// One tab of the review queue (split.ts): visitor-added and held items to check, or everything
// reported or hidden; newest first, as the server sends them. A search narrows both lists, and each
// list shows its items a page at a time: a long queue stays quick to read and to work through.
import type { QueueProposal, QueueMonument } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors';
import { useTRPC } from '../trpc';
import { ProposalCard } from './ProposalCard';
import { MAPS_AT_ONCE } from './ItemContext';
import { MonumentCard } from './MonumentCard';
import { MonumentLookup } from './MonumentLookup';
import { useRejected } from './rejected';
import { queueTab, type QueueTab } from './split';
import { AwaitingAnswers } from '../../proposals/AwaitingAnswers';
import { AnswerWaiting } from './AnswerWaiting';

/** Items of a list shown at first and added by each "show more". */
export const QUEUE_PAGE = 20;

const matches = (needle: string, ...texts: (string | number)[]) =>
  !needle || texts.join(' ').toLocaleLowerCase().includes(needle);

export function Queue({ tab }: { tab: QueueTab }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const queue = useQuery(trpc.staff.queue.queryOptions());
  const rejected = useRejected();
  if (queue.isPending) return <p role="status">{t('app.loading')}</p>;
  if (queue.isError) return <p className="feedback feedback--error">{errorText(t, queue.error)}</p>;
  const all = queueTab(queue.data, tab);
  const needle = search.trim().toLocaleLowerCase();
  const monuments = all.monuments.filter((m) => matches(needle, m.name, m.id));
  const proposals = all.proposals.filter((i) => matches(needle, i.name, i.id, i.monumentName));
  // Still listed by the server (e.g. with open reports): shown there, not twice.
  const rejectedMonuments = rejected.monuments.filter((r) => !all.monuments.some((m) => m.id === r.id));
  const rejectedProposals = rejected.proposals.filter((r) => !all.proposals.some((i) => i.id === r.id));
  return (
    <>
      {/* Proposals past the threshold that still wait for the city's answer come first. */}
      {tab === 'review' && <AwaitingAnswers className="admin-section" action={(item) => <AnswerWaiting item={item} />} />}
      <div className="admin-section admin-queue-search">
        <label htmlFor={searchId}>{t('admin.queue.search')}</label>
        <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <QueueList
        // A new search starts each list at its first page.
        key={`m-${needle}`}
        id="queue-monuments"
        heading={t(`admin.queue.${tab}.monuments`, { count: monuments.length })}
        empty={t(needle ? 'admin.queue.noMatch' : `admin.queue.${tab}.noMonuments`)}
        items={monuments}
        render={(m: QueueMonument, i) => <MonumentCard key={m.id} monument={m} mapShown={i < MAPS_AT_ONCE} />}
      />
      <QueueList
        key={`p-${needle}`}
        id="queue-proposals"
        heading={t(`admin.queue.${tab}.proposals`, { count: proposals.length })}
        empty={t(needle ? 'admin.queue.noMatch' : `admin.queue.${tab}.noProposals`)}
        items={proposals}
        render={(p: QueueProposal, i) => <ProposalCard key={p.id} proposal={p} mapShown={i < MAPS_AT_ONCE} />}
      />
      {rejectedMonuments.length + rejectedProposals.length > 0 && (
        <section className="admin-section" aria-labelledby="queue-rejected">
          <h2 id="queue-rejected">{t('admin.rejected.title')}</h2>
          <p>{t('admin.rejected.text')}</p>
          {rejectedMonuments.map((m) => (
            <MonumentCard key={m.id} monument={m} />
          ))}
          {rejectedProposals.map((i) => (
            <ProposalCard key={i.id} proposal={i} />
          ))}
        </section>
      )}
      <MonumentLookup />
    </>
  );
}

type ListProps<T> = {
  id: string;
  heading: string;
  empty: string;
  items: T[];
  render: (item: T, index: number) => ReactNode;
};

/** A section of the queue, a page of cards at a time; "show more" moves the focus to the first new card. */
function QueueList<T>({ id, heading, empty, items, render }: ListProps<T>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(QUEUE_PAGE);
  const list = useRef<HTMLDivElement>(null);
  // The first card "show more" added, focused once it is drawn.
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const heading = focusAt.current === null ? null : list.current?.children[focusAt.current]?.querySelector('h3');
    focusAt.current = null;
    if (heading instanceof HTMLElement) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [shown]);
  const rest = items.length - shown;
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {items.length === 0 ? <p>{empty}</p> : <div ref={list}>{items.slice(0, shown).map(render)}</div>}
      {rest > 0 && (
        <>
          <p>{t('admin.queue.shown', { count: items.length, shown })}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              focusAt.current = shown;
              setShown(shown + QUEUE_PAGE);
            }}
          >
            {t('admin.queue.more', { count: Math.min(QUEUE_PAGE, rest) })}
          </button>
        </>
      )}
    </section>
  );
}
