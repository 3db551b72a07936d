// The photo's fields, in the popup's upload dialog and on /add: the camera or the gallery, what
// the picture shows (alt text), an optional name for the credit, and the licence checkbox.
import { PHOTO_RULES } from '@linz/contract/facts';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLengthHint } from '../layout/lengthHint';

export type PhotoDraft = { alt: string; credit: string; licence: boolean };
export const EMPTY_DRAFT: PhotoDraft = { alt: '', credit: '', licence: false };

/** What keeps the photo from being sent (a translation key), or null. */
export function draftProblem(file: File | undefined, draft: PhotoDraft): string | null {
  if (!file) return 'photos.form.missingFile';
  if ([...draft.alt.trim()].length < PHOTO_RULES.altMin) return 'photos.form.shortAlt';
  if (!draft.licence) return 'photos.form.missingLicence';
  return null;
}

type Props = {
  id: string;
  file: RefObject<HTMLInputElement | null>;
  draft: PhotoDraft;
  onChange: (draft: PhotoDraft) => void;
  onFile?: () => void;
};

/** The chosen picture as a data: URL (the CSP allows data: images, not blob: ones). */
function readPreview(chosen: File, done: (url: string | null) => void) {
  const reader = new FileReader();
  reader.onload = () => done(typeof reader.result === 'string' ? reader.result : null);
  reader.onerror = () => done(null);
  reader.readAsDataURL(chosen);
}

export function PhotoInputs({ id, file, draft, onChange, onFile }: Props) {
  const { t } = useTranslation();
  // The browser's own file button speaks the browser's language ("Choose File"): ours, with the
  // chosen file's name and a preview of it.
  const [chosen, setChosen] = useState<{ name: string; preview: string | null } | null>(null);
  const altLength = useLengthHint(`${id}-alt-length`, draft.alt, PHOTO_RULES.altMax);
  const creditLength = useLengthHint(`${id}-credit-length`, draft.credit, PHOTO_RULES.creditMax);
  return (
    <>
      <div className="photo-form__field">
        <label htmlFor={`${id}-file`}>{t('photos.form.file')}</label>
        <div className="photo-form__picker">
          <input
            ref={file}
            id={`${id}-file`}
            className="visually-hidden"
            name="photo"
            type="file"
            accept={PHOTO_RULES.types.join(',')}
            aria-describedby={`${id}-file-chosen`}
            onChange={(e) => {
              const picked = e.target.files?.[0];
              setChosen(picked ? { name: picked.name, preview: null } : null);
              if (picked?.type.startsWith('image/'))
                readPreview(picked, (preview) => setChosen((c) => (c?.name === picked.name ? { ...c, preview } : c)));
              onFile?.();
            }}
          />
          <label htmlFor={`${id}-file`} className="button photo-form__choose" aria-hidden="true">
            {t('languageFixes.chooseFile')}
          </label>
          <span id={`${id}-file-chosen`} className="photo-form__chosen">
            {chosen ? chosen.name : t('languageFixes.noFile')}
          </span>
        </div>
        {chosen?.preview ? <img className="photo-form__preview" src={chosen.preview} alt={t('languageFixes.preview')} /> : null}
      </div>
      <div className="photo-form__field">
        <label htmlFor={`${id}-alt`}>{t('photos.form.alt')}</label>
        <textarea
          id={`${id}-alt`}
          name="alt"
          value={draft.alt}
          maxLength={PHOTO_RULES.altMax}
          rows={2}
          aria-describedby={altLength.describedBy(`${id}-alt-hint`)}
          onChange={(e) => onChange({ ...draft, alt: e.target.value })}
        />
        <p id={`${id}-alt-hint`} className="photo-form__hint">
          {t('photos.form.altHint')}
        </p>
        {altLength.hint}
      </div>
      <div className="photo-form__field">
        <label htmlFor={`${id}-credit`}>{t('photos.form.credit')}</label>
        <input
          id={`${id}-credit`}
          name="credit"
          value={draft.credit}
          maxLength={PHOTO_RULES.creditMax}
          autoComplete="name"
          aria-describedby={creditLength.describedBy()}
          onChange={(e) => onChange({ ...draft, credit: e.target.value })}
        />
        {creditLength.hint}
      </div>
      <div className="photo-form__check">
        <input
          id={`${id}-licence`}
          type="checkbox"
          checked={draft.licence}
          onChange={(e) => onChange({ ...draft, licence: e.target.checked })}
        />
        <label htmlFor={`${id}-licence`}>{t('photos.form.licence')}</label>
      </div>
      <p className="photo-form__hint">{t('photos.form.privacy')}</p>
    </>
  );
}
