// One monument in the review queue: its state, reports and the staff actions on it.
import type { QueueMonument } from '@linz/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../format';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';
import { ApproveButton, hideClass } from './ApproveButton';
import { HideDialog } from './HideDialog';
import { ItemContext } from './ItemContext';
import { MergeDialog } from './MergeDialog';
import { MonumentEditor } from './MonumentEditor';
import { Reports } from './Reports';
import { MarkedName, ScreenTag } from './ScreenMarks';
import { HiddenReason } from './HiddenReason';
import { useRejected } from './rejected';

export function MonumentCard({ monument, mapShown }: { monument: QueueMonument; mapShown?: boolean }) {
  const { t } = useTranslation();
  const time = useFormatTime();
  const trpc = useTRPC();
  const action = useStaffAction();
  const rejected = useRejected();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'hide' | 'merge' | null>(null);
  const ref = { monumentId: monument.id };
  const { name } = monument;
  const options = (done: string) => ({ onSuccess: () => action.done(done), onError: action.failed });
  const validate = useMutation(trpc.staff.monuments.validate.mutationOptions(options(t('admin.done.validated', { name }))));
  const reject = useMutation(
    trpc.staff.monuments.reject.mutationOptions({
      onSuccess: (saved) => {
        rejected.rejectedMonument(saved);
        action.done(t('admin.done.hidden', { name }));
      },
      onError: action.failed,
    }),
  );
  const restore = useMutation(
    trpc.staff.monuments.restore.mutationOptions({
      onSuccess: () => {
        rejected.restored('monument', monument.id);
        action.done(t('admin.done.restored', { name }));
      },
      onError: action.failed,
    }),
  );
  const approve = useMutation(trpc.staff.monuments.approve.mutationOptions(options(t('admin.done.approved', { name }))));
  const awaiting = monument.moderation === 'held' || monument.moderation === 'pending';
  const busy = validate.isPending || reject.isPending || restore.isPending || approve.isPending;
  return (
    <article className="admin-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <MarkedName text={name} hits={monument.screen} />
      </h3>
      <ul className="admin-tags">
        <li>{t(`admin.moderation.${monument.moderation}`)}</li>
        <ScreenTag hits={monument.screen} />
        <li>{monument.validated ? t('admin.tags.validated') : t('admin.tags.notValidated')}</li>
        {monument.addedByVisitor && <li>{t('admin.tags.byVisitor')}</li>}
        <li>{t('admin.tags.added', { date: time(monument.createdAt) })}</li>
        <li>
          {t('admin.tags.id')} <code>{monument.id}</code>
        </li>
      </ul>
      <ItemContext place={monument} name={name} reporters={monument.reporters} mapShown={mapShown} />
      <HiddenReason reason={monument.moderationReason} />
      <Reports reports={monument.reports} />
      <div className="admin-actions">
        {awaiting && (
          <ApproveButton moderation={monument.moderation} name={name} busy={busy} onApprove={() => approve.mutate(ref)} />
        )}
        {!monument.validated && (
          <button type="button" className="button" disabled={busy} onClick={() => validate.mutate(ref)}>
            {t('admin.actions.validate')}
          </button>
        )}
        <button type="button" className="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {t('admin.actions.edit')}
        </button>
        <button type="button" className="button" onClick={() => setDialog('merge')}>
          {t('admin.actions.merge')}
        </button>
        {monument.moderation !== 'rejected' && (
          <button type="button" className={hideClass(monument.moderation)} disabled={busy} onClick={() => setDialog('hide')}>
            {t('admin.actions.hide')}
          </button>
        )}
        {!awaiting && (monument.moderation !== 'visible' || monument.reports.length > 0) && (
          <button type="button" className="button" disabled={busy} onClick={() => restore.mutate(ref)}>
            {/* A visible item with reports: the reports are dismissed (issue 56), nothing is restored. */}
            {monument.moderation === 'visible' ? t('desk56.dismissReports') : t('admin.actions.restore')}
          </button>
        )}
      </div>
      {editing && <MonumentEditor monument={monument} onDone={() => setEditing(false)} />}
      {dialog === 'hide' && (
        <HideDialog
          title={t('admin.hide.monumentTitle', { name })}
          text={t('admin.hide.monumentText')}
          onHide={(reason) => reject.mutate({ ...ref, reason })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'merge' && <MergeDialog monument={monument} onClose={() => setDialog(null)} />}
    </article>
  );
}
