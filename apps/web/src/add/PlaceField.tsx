// The place of the new monument: the picker map with its pin, the place in words, "my location",
// and the coordinates for experts behind a disclosure (a decimal comma is fine). The coordinate
// texts are the form's state; the pin shows them whenever they can be read.
import { insideArea, type CityArea } from '@linz/contract/facts';
import { useCallback, useRef, useState } from 'react';
import { lazyPart, Part } from '../layout/lazyPart';
import { useTranslation } from 'react-i18next';
import { writeDecimal } from '../i18n/writing';
import type { LatLng } from '../storage/keys';
import { parseDegrees, rounded } from './place';

// The map loads on demand: the form is usable before it, and the home map's first load never carries it.
const PlacePicker = lazyPart(() => import('./PlacePicker').then((m) => ({ default: m.PlacePicker })));

export type PlaceTexts = { lat: string; lng: string };
/** The typed coordinates' fields, named as the spec's form names them. */
const COORDINATES = [
  { key: 'lat', name: 'geoLocX' },
  { key: 'lng', name: 'geoLocY' },
] as const;

/** The place the texts name, or undefined while one of them cannot be read. */
export function placeOf(texts: PlaceTexts): LatLng | undefined {
  const lat = parseDegrees(texts.lat);
  const lng = parseDegrees(texts.lng);
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : undefined;
}

export const textsOf = (place: LatLng): PlaceTexts => {
  const r = rounded(place);
  return { lat: String(r.lat), lng: String(r.lng) };
};

type Props = {
  id: string;
  texts: PlaceTexts;
  area: CityArea;
  problem: string | null;
  onChange: (texts: PlaceTexts) => void;
};

export function PlaceField({ id, texts, area, problem, onChange }: Props) {
  const { t } = useTranslation();
  const expert = useRef<HTMLDetailsElement>(null);
  const place = placeOf(texts);
  // While a typed coordinate cannot be read, the pin stays where it was (and the map stays loaded).
  const [pin, setPin] = useState(place);
  if (place && (place.lat !== pin?.lat || place.lng !== pin.lng)) setPin(place);
  const move = useCallback((p: LatLng) => onChange(textsOf(p)), [onChange]);
  const locate = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      window.alert(t('errors.geolocationUnsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => move({ lat: position.coords.latitude, lng: position.coords.longitude }),
      () => window.alert(t('errors.positionUnavailable')),
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  };
  const degrees = (value: number) => writeDecimal(t, Math.abs(value), 5, true);
  const inCity = place !== undefined && insideArea(area, place.lat, place.lng);
  return (
    <fieldset className="place-field" aria-describedby={`${id}-place-hint`}>
      <legend>{t('add.picker.legend')}</legend>
      <p id={`${id}-place-hint`} className="place-field__hint">
        {t('add.picker.hint')}
      </p>
      <div className="place-field__map">
        {pin ? (
          <Part fallback={<p className="place-field__loading">{t('add.picker.loading')}</p>}>
            <PlacePicker place={pin} area={area} onMove={move} />
          </Part>
        ) : null}
      </div>
      <div className="place-field__where">
        <p aria-live="polite" className={inCity ? 'place-field__place' : 'place-field__place place-field__place--outside'}>
          {place
            ? t(inCity ? 'add.picker.place' : 'add.picker.placeOutside', {
                // Not `lng` nor `ns`: i18next reads those options as the language and the namespace.
                latitude: degrees(place.lat),
                northSouth: t(place.lat < 0 ? 'add.picker.south' : 'add.picker.north'),
                longitude: degrees(place.lng),
                eastWest: t(place.lng < 0 ? 'add.picker.west' : 'add.picker.east'),
              })
            : t('add.picker.noPlace')}
        </p>
        <button type="button" className="button" onClick={locate}>
          {t('add.picker.myLocation')}
        </button>
      </div>
      <details ref={expert} className="place-field__expert">
        <summary>{t('add.picker.expert')}</summary>
        <div className="add-form__coords">
          {COORDINATES.map(({ key, name }) => (
            <div key={key}>
              <label htmlFor={`${id}-${key}`}>{t(`add.${key}`)}</label>
              <input
                id={`${id}-${key}`}
                name={name}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                required
                aria-invalid={Number.isNaN(parseDegrees(texts[key]))}
                value={texts[key]}
                onChange={(e) => onChange({ ...texts, [key]: e.target.value })}
                // A field left empty is refused by the browser, which must be able to show it.
                onInvalid={() => expert.current?.setAttribute('open', '')}
              />
            </div>
          ))}
        </div>
        <p className="place-field__hint">{t('add.picker.expertHint')}</p>
      </details>
      {problem ? (
        <p className="place-field__problem" role="alert">
          {t(problem)}
        </p>
      ) : null}
    </fieldset>
  );
}
