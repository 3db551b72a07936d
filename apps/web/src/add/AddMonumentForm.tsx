// The add-monument form: name, the place (a pin on a map; coordinates for experts), the proposal
// title and, if the visitor wishes, a photo of the monument (sent once the monument exists).
import { hasVisibleLetterOrDigit, insideArea, NAME_MAX, type CityArea } from '@linz/contract/facts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clientConfigQuery } from '../api/queries';
import { draftProblem, EMPTY_DRAFT, PhotoInputs } from '../photos/PhotoInputs';
import type { PhotoToSend } from '../photos/upload';
import { NearbyMonuments } from './NearbyMonuments';
import { firstPlace } from './place';
import { FALLBACK_TILES } from '../map/tiles';
import { useLengthHint } from '../layout/lengthHint';
import { addDraft } from '../storage/keys';
import { PlaceField, placeOf, textsOf, type PlaceTexts } from './PlaceField';
import type { AddForm } from './submitMonument';

type Props = {
  submitting: boolean;
  onSubmit: (form: AddForm, photo: PhotoToSend | undefined) => void;
};

/** The form, once the API's config has said where the city is (its area and opening view). */
export function AddMonumentForm(props: Props) {
  const config = useQuery(clientConfigQuery());
  if (config.isPending) return null;
  const { cityArea, city } = config.data ?? FALLBACK_TILES;
  return <PlaceForm {...props} area={cityArea} cityView={{ lat: city.view.lat, lng: city.view.lng }} />;
}

function PlaceForm({ submitting, onSubmit, area, cityView }: Props & { area: CityArea; cityView: { lat: number; lng: number } }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(() => addDraft.read()?.name ?? '');
  const [texts, setTexts] = useState(() => textsOf(firstPlace(area, cityView)));
  const place = placeOf(texts);
  const [placeProblem, setPlaceProblem] = useState<string | null>(null);
  const changePlace = useCallback((next: PlaceTexts) => {
    setTexts(next);
    setPlaceProblem(null);
  }, []);
  const [title, setTitle] = useState(() => addDraft.read()?.title ?? '');
  const nameLength = useLengthHint(`${id}-name-length`, name, NAME_MAX);
  const titleLength = useLengthHint(`${id}-title-length`, title, NAME_MAX);
  // A name of spaces or of characters that draw nothing passes `required`: it is named here, at its
  // field, as the server would refuse it (the contract's rule). A blank proposal title is not an
  // error: the monument is added without a proposal (spec section 4).
  const [blankName, setBlankName] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  // A reload keeps what was typed.
  useEffect(() => {
    if (name || title) addDraft.write({ name, title });
    else addDraft.clear();
  }, [name, title]);
  const file = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  // Closed, the form stays short on a phone; open, a chosen photo is sent with the monument.
  const [withPhoto, setWithPhoto] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank = !hasVisibleLetterOrDigit(name);
    setBlankName(blank);
    if (blank) {
      nameInput.current?.focus();
      return;
    }
    // Refused here before anything is sent; the server refuses the same (OUTSIDE_AREA).
    const where = !place ? 'add.picker.unreadable' : insideArea(area, place.lat, place.lng) ? null : 'add.picker.outside';
    setPlaceProblem(where);
    if (!place || where) return;
    const chosen = withPhoto ? file.current?.files?.[0] : undefined;
    // No photo chosen: the monument alone. One chosen: it needs its text and licence first.
    const missing = chosen ? draftProblem(chosen, draft) : null;
    setPhotoProblem(missing);
    if (missing) return;
    const photo = chosen ? { file: chosen, alt: draft.alt.trim(), credit: draft.credit } : undefined;
    onSubmit({ name, geoLocX: place.lat, geoLocY: place.lng, interventionTitle: title }, photo);
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
        ref={nameInput}
        aria-invalid={blankName}
        aria-describedby={nameLength.describedBy(blankName && `${id}-name-problem`)}
        onChange={(e) => {
          setName(e.target.value);
          setBlankName(false);
        }}
      />
      {nameLength.hint}
      {blankName ? (
        <p id={`${id}-name-problem`} className="add-form__problem" role="alert">
          {t('add.nameNeedsLetter')}
        </p>
      ) : null}
      <PlaceField id={id} texts={texts} area={area} problem={placeProblem} onChange={changePlace} />
      {place ? <NearbyMonuments lat={place.lat} lng={place.lng} /> : null}
      <label htmlFor={`${id}-title`}>{t('add.interventionTitle')}</label>
      <input
        id={`${id}-title`}
        name="interventionTitle"
        type="text"
        required
        maxLength={NAME_MAX}
        value={title}
        placeholder={t('add.proposalPlaceholder')}
        aria-describedby={titleLength.describedBy()}
        onChange={(e) => setTitle(e.target.value)}
      />
      {titleLength.hint}
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
