// Uploaded photos for staff: each with its alt text, credit and subject; approve,
// reject with a reason, rotate by 90° either way, or remove. Every action is audit-logged.
import type { PhotoStatus, StaffPhoto } from '@linz/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';
import { errorText } from '../errors';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';

const STATUSES: PhotoStatus[] = ['pending', 'approved', 'rejected'];

export function Photos() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const id = useId();
  const [status, setStatus] = useState<PhotoStatus>('pending');
  const photos = useQuery({ ...trpc.staff.photos.list.queryOptions({ status }), refetchOnMount: 'always' });
  const list = photos.data ?? [];
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('admin.photos.title')}</h2>
      <div className="admin-field">
        <label htmlFor={`${id}-status`}>{t('admin.photos.status')}</label>
        <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value as PhotoStatus)}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.photos.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {photos.isError && <p className="feedback feedback--error">{errorText(t, photos.error)}</p>}
      {photos.isSuccess && list.length === 0 ? <p>{t('admin.photos.none')}</p> : null}
      <ul className="admin-photos" aria-label={t('admin.photos.caption')}>
        {list.map((p) => (
          <PhotoCard key={p.id} photo={p} />
        ))}
      </ul>
    </section>
  );
}

function PhotoCard({ photo }: { photo: StaffPhoto }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const id = useId();
  const [rejecting, setRejecting] = useState(false);
  /** Removing deletes for good: it asks first (issue 56: it was one click). */
  const [removing, setRemoving] = useState(false);
  const [reason, setReason] = useState('');
  const done = (key: string) => ({ onSuccess: () => action.done(t(key)), onError: action.failed });
  const approve = useMutation(trpc.staff.photos.approve.mutationOptions(done('admin.photos.approved')));
  const reject = useMutation(trpc.staff.photos.reject.mutationOptions(done('admin.photos.rejected')));
  const rotate = useMutation(trpc.staff.photos.rotate.mutationOptions(done('admin.photos.rotated')));
  const remove = useMutation(trpc.staff.photos.remove.mutationOptions(done('admin.photos.removed')));
  const busy = approve.isPending || reject.isPending || rotate.isPending || remove.isPending;
  const subject = photo.proposalName ? `${photo.monumentName} – ${photo.proposalName}` : photo.monumentName;
  return (
    <li className="admin-card admin-photo" aria-labelledby={`${id}-for`}>
      <img
        src={photo.thumbUrl}
        alt={photo.alt}
        width={240}
        height={Math.round((240 * photo.height) / photo.width)}
        loading="lazy"
      />
      <p id={`${id}-for`}>
        <strong>{t('admin.photos.for', { name: subject })}</strong> ({t(`admin.photos.statuses.${photo.status}`)})
      </p>
      <dl>
        <dt>{t('admin.photos.alt')}</dt>
        <dd>{photo.alt}</dd>
        <dt>{t('admin.photos.credit')}</dt>
        <dd>{photo.credit}</dd>
        {photo.rejectReason ? (
          <>
            <dt>{t('admin.photos.reason')}</dt>
            <dd>{photo.rejectReason}</dd>
          </>
        ) : null}
      </dl>
      <div className="admin-actions">
        {photo.status !== 'approved' && (
          <button type="button" className="button" disabled={busy} onClick={() => approve.mutate({ photoId: photo.id })}>
            {t('admin.photos.approve')}
          </button>
        )}
        {photo.status !== 'rejected' && (
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-expanded={rejecting}
            onClick={() => setRejecting(!rejecting)}
          >
            {t('admin.photos.reject')}
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => rotate.mutate({ photoId: photo.id, degrees: -90 })}
        >
          {t('admin.photos.rotateLeft')}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => rotate.mutate({ photoId: photo.id, degrees: 90 })}
        >
          {t('admin.photos.rotateRight')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => setRemoving(true)}>
          {t('admin.photos.remove')}
        </button>
        {removing && (
          <ConfirmDialog
            title={t('admin.photos.removeTitle', { name: subject })}
            confirmLabel={t('admin.photos.removeConfirm')}
            onConfirm={() => remove.mutate({ photoId: photo.id })}
            onClose={() => setRemoving(false)}
          >
            <p>{t('admin.photos.removeText')}</p>
          </ConfirmDialog>
        )}
      </div>
      {rejecting ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            reject.mutate({ photoId: photo.id, reason });
          }}
        >
          <div className="admin-field">
            <label htmlFor={`${id}-reason`}>{t('admin.photos.reason')}</label>
            <input id={`${id}-reason`} value={reason} required maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t('admin.photos.confirmReject')}
          </button>
        </form>
      ) : null}
    </li>
  );
}
