// The add-monument form: name, coordinates (any decimal step) and the proposal title.
import { NAME_MAX } from '@linz/contract/facts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '../storage/keys';
import { NearbyMonuments } from './NearbyMonuments';
import type { AddForm } from './submitMonument';

type Props = { coords: LatLng | undefined; submitting: boolean; onSubmit: (form: AddForm) => void };

export function AddMonumentForm({ coords, submitting, onSubmit }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [lat, setLat] = useState(coords ? String(coords.lat) : '');
  const [lng, setLng] = useState(coords ? String(coords.lng) : '');
  const [title, setTitle] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name, geoLocX: Number(lat), geoLocY: Number(lng), interventionTitle: title });
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
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? t('add.submitting') : t('add.submit')}
      </button>
    </form>
  );
}
