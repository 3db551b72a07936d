// The photo's fields, in the popup's upload dialog and on /add: the camera or the gallery, what
// the picture shows (alt text), an optional name for the credit, and the licence checkbox.
import { PHOTO_RULES } from '@linz/contract/facts';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

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

export function PhotoInputs({ id, file, draft, onChange, onFile }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <div className="photo-form__field">
        <label htmlFor={`${id}-file`}>{t('photos.form.file')}</label>
        <input ref={file} id={`${id}-file`} name="photo" type="file" accept={PHOTO_RULES.types.join(',')} onChange={onFile} />
      </div>
      <div className="photo-form__field">
        <label htmlFor={`${id}-alt`}>{t('photos.form.alt')}</label>
        <textarea
          id={`${id}-alt`}
          name="alt"
          value={draft.alt}
          maxLength={PHOTO_RULES.altMax}
          rows={2}
          aria-describedby={`${id}-alt-hint`}
          onChange={(e) => onChange({ ...draft, alt: e.target.value })}
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
          value={draft.credit}
          maxLength={PHOTO_RULES.creditMax}
          autoComplete="name"
          onChange={(e) => onChange({ ...draft, credit: e.target.value })}
        />
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
