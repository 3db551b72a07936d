// The mayor's mail outbox: every notification's kind and state; a failed one can be sent again,
// a held one (waiting for a check of the votes) released.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable, hiddenHeading } from '../AdminTable';
import { ConfirmDialog } from '../ConfirmDialog';
import { errorText } from '../errors';
import { useFormatTime } from '../format';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';

export function Outbox() {
  const { t } = useTranslation();
  const time = useFormatTime();
  /** The held mail staff are about to release: its release asks first (issue 56: it was one click). */
  const [releasing, setReleasing] = useState<{ id: number; name: string } | null>(null);
  const trpc = useTRPC();
  const action = useStaffAction();
  const outbox = useQuery({
    ...trpc.staff.outbox.list.queryOptions(),
    refetchOnMount: 'always',
    // A mail on its way (just released or retried) is sent within seconds: the row follows it to
    // "Gesendet" or "Fehlgeschlagen" instead of saying "Wird gesendet" until the page is reloaded.
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'pending' || e.status === 'sending') ? 2000 : false),
  });
  const retry = useMutation(
    trpc.staff.outbox.retry.mutationOptions({
      onSuccess: (entry) => action.done(t('admin.outbox.retried', { name: entry.proposalName })),
      onError: action.failed,
    }),
  );
  const release = useMutation(
    trpc.votes.releaseMail.mutationOptions({
      onSuccess: (entry) => action.done(t('admin.outbox.released', { name: entry.proposalName })),
      onError: action.failed,
    }),
  );
  const entries = outbox.data ?? [];
  return (
    <section className="admin-section" aria-labelledby="outbox-h">
      <h2 id="outbox-h">{t('admin.outbox.title')}</h2>
      {outbox.isError && <p className="feedback feedback--error">{errorText(t, outbox.error)}</p>}
      <AdminTable
        caption={t('admin.outbox.caption')}
        head={[
          t('admin.outbox.proposal'),
          t('admin.outbox.state'),
          t('admin.outbox.attempts'),
          t('admin.outbox.lastError'),
          t('admin.outbox.nextAttempt'),
          t('admin.outbox.sentAt'),
          t('admin.outbox.reachedAt'),
          t('admin.outbox.kind'),
          t('admin.outbox.votes'),
          hiddenHeading(t('admin.outbox.actions')),
        ]}
      >
        {entries.map((e) => (
          <tr key={e.id}>
            <th scope="row">{e.proposalName}</th>
            <td>{t(`admin.outbox.states.${e.status}`)}</td>
            <td>{e.attempts}</td>
            <td>{e.lastError ?? '–'}</td>
            {/* Only a mail on its way has a next attempt: a sent one has none, and a failed, held or withheld one waits for staff, not for a time. */}
            <td>{e.status === 'pending' || e.status === 'sending' ? time(e.nextAttemptAt) : '–'}</td>
            <td>{time(e.sentAt)}</td>
            <td>{time(e.reachedAt)}</td>
            <td>{t(`admin.outbox.kinds.${e.kind}`)}</td>
            <td>{e.voteCount}</td>
            <td>
              {e.status === 'failed' && (
                <button
                  type="button"
                  className="button"
                  disabled={retry.isPending}
                  aria-label={t('admin.outbox.retryLabel', { name: e.proposalName })}
                  onClick={() => retry.mutate({ notificationId: e.id })}
                >
                  {t('admin.outbox.retry')}
                </button>
              )}
              {e.status === 'held' && (
                <button
                  type="button"
                  className="button"
                  disabled={release.isPending}
                  aria-label={t('admin.outbox.releaseLabel', { name: e.proposalName })}
                  onClick={() => setReleasing({ id: e.id, name: e.proposalName })}
                >
                  {t('admin.outbox.release')}
                </button>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      {releasing && (
        <ConfirmDialog
          title={t('admin.outbox.releaseTitle', { name: releasing.name })}
          confirmLabel={t('admin.outbox.releaseConfirm')}
          onConfirm={() => release.mutate({ notificationId: releasing.id })}
          onClose={() => setReleasing(null)}
        >
          <p>{t('admin.outbox.releaseText')}</p>
        </ConfirmDialog>
      )}
      <p role="status">{outbox.isPending ? t('app.loading') : entries.length === 0 ? t('admin.outbox.none') : ''}</p>
    </section>
  );
}
