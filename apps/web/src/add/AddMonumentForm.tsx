// The add-monument form: name, coordinates (any decimal step), the proposal title and, if the
// visitor wishes, a photo of the monument (sent once the monument exists).
import { NAME_MAX } from '@linz/contract/facts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { draftProblem, EMPTY_DRAFT, PhotoInputs } from '../photos/PhotoInputs';
import type { PhotoToSend } from '../photos/upload';
import type { LatLng } from '../storage/keys';
import { NearbyMonuments } from './NearbyMonuments';
import type { AddForm } from './submitMonument';

type Props = {
  coords: LatLng | undefined;
  submitting: boolean;
  onSubmit: (form: AddForm, photo: PhotoToSend | undefined) => void;
};

export function AddMonumentForm({ coords, submitting, onSubmit }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [lat, setLat] = useState(coords ? String(coords.lat) : '');
  const [lng, setLng] = useState(coords ? String(coords.lng) : '');
  const [title, setTitle] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  // Closed, the form stays short on a phone; open, a chosen photo is sent with the monument.
  const [withPhoto, setWithPhoto] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = withPhoto ? file.current?.files?.[0] : undefined;
    // No photo chosen: the monument alone. One chosen: it needs its text and licence first.
    const missing = chosen ? draftProblem(chosen, draft) : null;
    setPhotoProblem(missing);
    if (missing) return;
    const photo = chosen ? { file: chosen, alt: draft.alt.trim(), credit: draft.credit } : undefined;
    onSubmit({ name, geoLocX: Number(lat), geoLocY: Number(lng), interventionTitle: title }, photo);
  };
  return (
    <form className="add-form" onSubmit={submit} aria-label={t('add.formLabel')}>
      <label htmlFor={`${id}-name`}>{t('add.name')}</label>
      <input
        id={`${id}-name`}
        name="name"
        type="text"
        required
        maxLength={NAME_MAX}
        value={name}
        placeholder={t('add.namePlaceholder')}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="add-form__coords">
        <div>
          <label htmlFor={`${id}-lat`}>{t('add.lat')}</label>
          <input
            id={`${id}-lat`}
            name="geoLocX"
            type="number"
            step="any"
            min={-90}
            max={90}
            required
            inputMode="decimal"
            value={lat}
            onChange={(e) => setLat(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-lng`}>{t('add.lng')}</label>
          <input
            id={`${id}-lng`}
            name="geoLocY"
            type="number"
            step="any"
            min={-180}
            max={180}
            required
            inputMode="decimal"
            value={lng}
            onChange={(e) => setLng(e.target.value)}
          />
        </div>
      </div>
      {lat !== '' && lng !== '' ? <NearbyMonuments lat={Number(lat)} lng={Number(lng)} /> : null}
      <label htmlFor={`${id}-title`}>{t('add.interventionTitle')}</label>
      <input
        id={`${id}-title`}
        name="interventionTitle"
        type="text"
        required
        maxLength={NAME_MAX}
        value={title}
        placeholder={t('add.interventionPlaceholder')}
        onChange={(e) => setTitle(e.target.value)}
      />
      <button
        type="button"
        className="button add-form__photo-toggle"
        aria-expanded={withPhoto}
        aria-controls={withPhoto ? `${id}-photo` : undefined}
        onClick={() => setWithPhoto(!withPhoto)}
      >
        {t('add.photoLegend')}
      </button>
      {withPhoto ? (
        <fieldset id={`${id}-photo`} className="add-form__photo photo-form">
          <legend>{t('add.photoLegend')}</legend>
          <p className="photo-form__hint">{t('add.photoHint')}</p>
          <PhotoInputs id={`${id}-photo`} file={file} draft={draft} onChange={setDraft} onFile={() => setPhotoProblem(null)} />
          {photoProblem ? (
            <p className="photo-form__problem" role="alert">
              {t(photoProblem)}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? t('add.submitting') : t('add.submit')}
      </button>
    </form>
  );
}
