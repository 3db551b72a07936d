// /add: texts, the form, and the way back to the map centred on the new monument.
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../api/queries';
import { FeedbackBanner } from '../feedback/FeedbackBanner';
import { failure, success, type Feedback } from '../feedback/feedback';
import { mineKey } from '../api/queries/mine';
import { BackLink } from '../layout/BackLink';
import { touchFirst } from '../layout/touchFirst';
import { arrival } from '../map/arrival';
import { uploadPhoto, type PhotoToSend } from '../photos/upload';
import { addDraft, pendingCoords } from '../storage/keys';
import { AddMonumentForm } from './AddMonumentForm';
import { submitMonument, type AddForm } from './submitMonument';

export function AddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<Feedback | null>(null);
  const [duplicateOf, setDuplicateOf] = useState<string | null>(null);

  const onSubmit = async (form: AddForm, photo: PhotoToSend | undefined) => {
    setSubmitting(true);
    setError(null);
    setDuplicateOf(null);
    const result = await submitMonument(form);
    // Sent, or kept to be sent once online: a reload no longer brings the texts back.
    if (result.ok || result.queued) addDraft.clear();
    if (!result.ok) {
      setSubmitting(false);
      if (result.existingId) setDuplicateOf(result.existingId);
      else setError(result.queued ? success(result.errorKey) : failure(result.errorKey));
      return;
    }
    pendingCoords.clear();
    await queryClient.invalidateQueries({ queryKey: queryKeys.monuments });
    void queryClient.invalidateQueries({ queryKey: queryKeys.allProposals });
    void queryClient.invalidateQueries({ queryKey: mineKey });
    // The photo goes once the monument exists; if it fails, the map says so (the popup offers it again).
    const sent = photo ? await uploadPhoto({ kind: 'monument', monumentId: result.monumentId }, photo) : undefined;
    const flash =
      sent !== undefined && sent !== 'sent'
        ? failure('add.photoNotSent', { reason: t(`photos.errors.${sent}`) })
        : success(
            result.underReview ? 'success.monumentUnderReview' : sent ? 'success.monumentAddedPhoto' : 'success.monumentAdded',
          );
    arrival.hand({ lat: form.geoLocX, lng: form.geoLocY }, flash);
    await navigate({ to: '/' });
  };

  return (
    <div className="content">
      <BackLink label={t('add.back')} />
      <h1>{t('add.headline')}</h1>
      <p className="lead">{t('add.hint')}</p>
      <p className="tip">{t(touchFirst() ? 'add.textTouch' : 'add.text')}</p>
      <FeedbackBanner feedback={error} onClose={() => setError(null)} />
      {duplicateOf ? (
        <p className="feedback feedback--error" role="alert">
          <span className="feedback__text">
            {t('finder.add.duplicate')}{' '}
            <Link to="/" search={{ monument: duplicateOf }}>
              {t('finder.add.openExisting')}
            </Link>
          </span>
        </p>
      ) : null}
      <AddMonumentForm submitting={submitting} onSubmit={(form, photo) => void onSubmit(form, photo)} />
      <BackLink label={t('add.back')} />
    </div>
  );
}
