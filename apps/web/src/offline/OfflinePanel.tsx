// What the visitor sees of the offline story: a banner while there is no connection (the data may
// be old, and since when), the actions waiting for a connection and their outcomes once sent, and
// the offer of a new version. Loaded after the first paint (a lazy chunk of the root layout).
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { localFields, writeDate } from '../i18n/writing';
import { setReservedBottom } from '../layout/reservedSpace';
import { readJson, writeJson } from '../storage/storage';
import { dismissDone, startSync, subscribe, type QueueEntry } from './queue';
import { applyUpdate, onUpdateReady, registerServiceWorker } from './register';
import './offline.css';

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** When the app last had its data from the network (local storage). */
const DATA_AT = 'offline.dataAt';

function subscribeOnline(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}
const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);

/** Notes when data last came while online, so the banner can say how old the copy is. */
function useDataAt(online: boolean): number | undefined {
  const queryClient = useQueryClient();
  const [dataAt, setDataAt] = useState(() => readJson('local', DATA_AT, isTime));
  useEffect(() => {
    if (!online) return undefined;
    const note = (at: number) => {
      if (!navigator.onLine || at <= (readJson('local', DATA_AT, isTime) ?? 0)) return;
      writeJson('local', DATA_AT, at);
      setDataAt(at);
    };
    const cache = queryClient.getQueryCache();
    cache.getAll().forEach((q) => q.state.status === 'success' && note(q.state.dataUpdatedAt));
    return cache.subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') note(event.query.state.dataUpdatedAt);
    });
  }, [online, queryClient]);
  return dataAt;
}

/**
 * Keeps the panel's height (and its gap to the screen's foot) as the room reserved at the foot
 * (layout/reservedSpace.ts): content pages leave it free below their end and the map's popups pan
 * clear of it, so the panel never hides a button or a focused field for good.
 */
function useReservedSpace() {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = panel.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    // The panel's height plus its gap of 0.5rem to the foot (offline.css).
    const gap = () => parseFloat(getComputedStyle(document.documentElement).fontSize) / 2;
    const observer = new ResizeObserver(() => setReservedBottom(el.offsetHeight > 0 ? el.offsetHeight + gap() : 0));
    observer.observe(el);
    return () => {
      observer.disconnect();
      setReservedBottom(0);
    };
  }, []);
  return panel;
}

function EntryText({ entry }: { entry: QueueEntry }) {
  const { t } = useTranslation();
  const what = t(`offline.kind.${entry.action.kind}`, { label: entry.action.label });
  const outcome = entry.outcome;
  if (!outcome) return <>{t('offline.entryWaiting', { what })}</>;
  if (outcome.type === 'duplicate') {
    return (
      <>
        {t('offline.outcome.duplicate', { what })}{' '}
        <Link to="/" search={{ monument: outcome.existingId }}>
          {t('offline.toExisting')}
        </Link>
      </>
    );
  }
  return <>{t(`offline.outcome.${outcome.type}`, { what })}</>;
}

export default function OfflinePanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const online = useOnline();
  const dataAt = useDataAt(online);
  const [entries, setEntries] = useState<QueueEntry[]>([]);
  const [updateReady, setUpdateReady] = useState(false);
  const panel = useReservedSpace();

  useEffect(() => subscribe(setEntries), []);
  useEffect(() => startSync(() => void queryClient.invalidateQueries()), [queryClient]);
  useEffect(() => {
    registerServiceWorker();
    return onUpdateReady(setUpdateReady);
  }, []);

  const since = online || dataAt === undefined ? undefined : writeDate(t, localFields(new Date(dataAt)), 'dateTime');
  const waiting = entries.filter((e) => !e.outcome);
  const done = entries.filter((e) => e.outcome);

  return (
    <div className="offline-panel" ref={panel}>
      <div role="status" className="offline-status">
        {!online && <p className="offline-banner">{since ? t('offline.banner', { since }) : t('offline.bannerUndated')}</p>}
        {(waiting.length > 0 || done.length > 0) && (
          <div className="offline-queue">
            <h2 className="offline-queue-title">{t('offline.queueTitle')}</h2>
            <ul>
              {entries.map((entry) => (
                <li key={entry.key} data-state={entry.outcome ? entry.outcome.type : 'waiting'}>
                  <EntryText entry={entry} />
                </li>
              ))}
            </ul>
            {done.length > 0 && (
              <button type="button" className="offline-dismiss" onClick={() => void dismissDone()}>
                {t('offline.dismiss')}
              </button>
            )}
          </div>
        )}
      </div>
      {updateReady && (
        <button type="button" className="offline-update" onClick={applyUpdate}>
          {t('offline.update')}
        </button>
      )}
    </div>
  );
}
