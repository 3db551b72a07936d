// The upload form (loaded when a visitor first asks to add a photo): the camera or the gallery,
// what the picture shows (alt text), an optional name for the credit, and the licence checkbox.
// A modal <dialog> on <body>, as the report dialog: it fits a phone whatever the popup's place,
// keeps focus inside, closes on Escape, and Leaflet never handles its clicks.
import type { MonumentIntervention } from '@linz/contract';
import { PHOTO_RULES } from '@linz/contract/facts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { photoKeys } from './photoApi';
import { uploadPhoto, type Subject, type UploadOutcome } from './upload';

type Props = {
  monumentId: string;
  /** Proposals that have no picture yet: one may be chosen as the subject. */
  proposals: Pick<MonumentIntervention, 'id' | 'name'>[];
  onDone: (outcome: UploadOutcome | null) => void;
};

export function PhotoUploadForm({ monumentId, proposals, onDone }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const [subject, setSubject] = useState('monument');
  const [alt, setAlt] = useState('');
  const [credit, setCredit] = useState('');
  const [licence, setLicence] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  // The page behind is inert while the dialog is open: close it first, report from its close event.
  const outcome = useRef<UploadOutcome | null>(null);
  const finish = (result: UploadOutcome | null) => {
    outcome.current = result;
    dialog.current?.close();
  };
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) return setProblem(t('photos.form.missingFile'));
    if ([...alt.trim()].length < PHOTO_RULES.altMin) return setProblem(t('photos.form.shortAlt'));
    if (!licence) return setProblem(t('photos.form.missingLicence'));
    setProblem(null);
    setSending(true);
    const target: Subject =
      subject === 'monument' ? { kind: 'monument', monumentId } : { kind: 'intervention', interventionId: Number(subject) };
    const result = await uploadPhoto(target, { file: chosen, alt: alt.trim(), credit });
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
      ref={dialog}
      className="report-dialog photo-dialog"
      aria-labelledby={`${id}-title`}
      onClose={() => onDone(outcome.current)}
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
        <div className="photo-form__field">
          <label htmlFor={`${id}-file`}>{t('photos.form.file')}</label>
          <input ref={file} id={`${id}-file`} name="photo" type="file" accept={PHOTO_RULES.types.join(',')} />
        </div>
        <div className="photo-form__field">
          <label htmlFor={`${id}-alt`}>{t('photos.form.alt')}</label>
          <textarea
            id={`${id}-alt`}
            name="alt"
            value={alt}
            maxLength={PHOTO_RULES.altMax}
            rows={2}
            aria-describedby={`${id}-alt-hint`}
            onChange={(e) => setAlt(e.target.value)}
          />
          <p id={`${id}-alt-hint`} className="photo-form__hint">
            {t('photos.form.altHint')}
          </p>
        </div>
        <div className="photo-form__field">
          <label htmlFor={`${id}-credit`}>{t('photos.form.credit')}</label>
          <input
            id={`${id}-credit`}
            name="credit"
            value={credit}
            maxLength={PHOTO_RULES.creditMax}
            autoComplete="name"
            onChange={(e) => setCredit(e.target.value)}
          />
        </div>
        <div className="photo-form__check">
          <input id={`${id}-licence`} type="checkbox" checked={licence} onChange={(e) => setLicence(e.target.checked)} />
          <label htmlFor={`${id}-licence`}>{t('photos.form.licence')}</label>
        </div>
        <p className="photo-form__hint">{t('photos.form.privacy')}</p>
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
