// A citizen's suggestion where a commemoration stands: the /add place picker (inside the city), a
// note and, if they want to be told once it is on the map, an address. It waits for staff.
import type { CityArea, UnplacedItem } from '@linz/contract';
import { insideArea, PLACE_NOTE_MAX } from '@linz/contract/facts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { clientConfigQuery } from '../api/queries';
import { sendPlaceSuggestion } from '../api/queries/places';
import { firstPlace } from '../add/place';
import { PlaceField, placeOf, textsOf, type PlaceTexts } from '../add/PlaceField';
import { langOf } from '../i18n/languages';
import { useLengthHint } from '../layout/lengthHint';
import { FALLBACK_TILES } from '../map/tiles';

type State = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

type Props = { id: string; item: UnplacedItem };

/** The form, once the API's config has said where the city is (its area and opening view). */
export function SuggestPlaceForm(props: Props) {
  const config = useQuery(clientConfigQuery());
  if (config.isPending) return null;
  const { cityArea, city } = config.data ?? FALLBACK_TILES;
  return <SuggestForm {...props} area={cityArea} cityView={{ lat: city.view.lat, lng: city.view.lng }} />;
}

function SuggestForm({ id, item, area, cityView }: Props & { area: CityArea; cityView: { lat: number; lng: number } }) {
  const { t, i18n } = useTranslation();
  const [texts, setTexts] = useState(() => textsOf(firstPlace(area, cityView)));
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const noteLength = useLengthHint(`${id}-note-length`, note, PLACE_NOTE_MAX, true);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'editing' });
  const change = useCallback((next: PlaceTexts) => {
    setTexts(next);
    setProblem(null);
  }, []);
  const place = placeOf(texts);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const where = !place ? 'add.picker.unreadable' : insideArea(area, place.lat, place.lng) ? null : 'add.picker.outside';
    setProblem(where);
    if (!place || where) return;
    setState({ kind: 'sending' });
    sendPlaceSuggestion(item.id, {
      lat: place.lat,
      lng: place.lng,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(email.trim() ? { email: email.trim() } : {}),
      lang: langOf(i18n.resolvedLanguage),
    }).then(
      () => setState({ kind: 'sent' }),
      (err: unknown) =>
        setState({
          kind: 'failed',
          message:
            err instanceof ApiError && err.code === 'TOO_MANY_REQUESTS'
              ? t('commemoration.whereIsIt.tooMany')
              : t('commemoration.whereIsIt.failed'),
        }),
    );
  };
  if (state.kind === 'sent')
    return (
      <p id={id} className="where-item__thanks" role="status">
        {t('commemoration.whereIsIt.thanks', { name: item.name })}
      </p>
    );
  return (
    <form
      id={id}
      className="where-item__form"
      onSubmit={submit}
      aria-label={t('commemoration.whereIsIt.formLabel', { name: item.name })}
    >
      <PlaceField id={id} texts={texts} area={area} problem={problem} onChange={change} />
      <label htmlFor={`${id}-note`}>{t('commemoration.whereIsIt.note')}</label>
      <textarea
        id={`${id}-note`}
        rows={3}
        maxLength={PLACE_NOTE_MAX}
        value={note}
        aria-describedby={noteLength.describedBy()}
        onChange={(e) => setNote(e.target.value)}
      />
      {noteLength.hint}
      <label htmlFor={`${id}-email`}>{t('commemoration.whereIsIt.email')}</label>
      <input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <p className="where-item__hint">{t('commemoration.whereIsIt.emailHint')}</p>
      {state.kind === 'failed' ? (
        <p className="where-item__problem" role="alert">
          {state.message}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? t('commemoration.whereIsIt.sending') : t('commemoration.whereIsIt.send')}
      </button>
    </form>
  );
}
