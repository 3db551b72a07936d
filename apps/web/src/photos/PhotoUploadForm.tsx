// The upload form (loaded when a visitor first asks to add a photo): what the picture is of, and
// the photo's fields (PhotoInputs).
// A modal <dialog> on <body>, as the report dialog: it fits a phone whatever the popup's place,
// keeps focus inside, closes on Escape, and Leaflet never handles its clicks.
import type { MonumentProposal } from '@linz/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../layout/useModalDialog';
import { photoKeys } from './photoApi';
import { draftProblem, EMPTY_DRAFT, PhotoInputs } from './PhotoInputs';
import { uploadPhoto, type Subject, type UploadOutcome } from './upload';

type Props = {
  monumentId: string;
  /** Proposals that have no picture yet: one may be chosen as the subject. */
  proposals: Pick<MonumentProposal, 'id' | 'name'>[];
  onDone: (outcome: UploadOutcome | null) => void;
};

export function PhotoUploadForm({ monumentId, proposals, onDone }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const [subject, setSubject] = useState('monument');
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { ref: dialogRef, finish, onCancel, onClose } = useModalDialog(onDone);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    const missing = draftProblem(chosen, draft);
    if (missing || !chosen) return setProblem(t(missing ?? 'photos.form.missingFile'));
    setProblem(null);
    setSending(true);
    const target: Subject =
      subject === 'monument' ? { kind: 'monument', monumentId } : { kind: 'proposal', proposalId: Number(subject) };
    const result = await uploadPhoto(target, { file: chosen, alt: draft.alt.trim(), credit: draft.credit });
    setSending(false);
    if (result === 'sent') {
      await queryClient.invalidateQueries({ queryKey: photoKeys.monument(monumentId) });
      finish(result);
    } else {
      setProblem(t(`photos.errors.${result}`));
    }
  };

  return createPortal(
    // Not an interaction: the handlers keep the dialog's keys and clicks from the popup behind it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="report-dialog photo-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={onCancel}
      onClose={onClose}
      onKeyDown={(event) => event.stopPropagation()}
      onClick={(event) => event.stopPropagation()}
    >
      <form className="photo-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate>
        <h2 id={`${id}-title`} className="report-dialog__title">
          {t('photos.form.title')}
        </h2>
        {proposals.length > 0 ? (
          <div className="photo-form__field">
            <label htmlFor={`${id}-subject`}>{t('photos.form.subject')}</label>
            <select id={`${id}-subject`} value={subject} onChange={(e) => setSubject(e.target.value)}>
              <option value="monument">{t('photos.form.subjectMonument')}</option>
              {proposals.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {t('photos.form.subjectProposal', { name: p.name })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <PhotoInputs id={id} file={file} draft={draft} onChange={setDraft} />
        {problem ? (
          <p className="photo-form__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="photo-form__actions">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? t('photos.form.sending') : t('photos.form.send')}
          </button>
          <button type="button" className="button" onClick={() => finish(null)}>
            {t('photos.form.cancel')}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
