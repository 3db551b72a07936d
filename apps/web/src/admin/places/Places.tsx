// "Wo ist das?" for staff (issue 54): each item with open suggestions, beside the register's text,
// all its suggestions on one map, whether they agree (three networks within 100 m); staff confirm
// one (and may move the pin) or reject them all. Below, the placed points by how sure their
// sources are: the weakest tier ("single AED address point") first, flagged for a look.
import { checkReading, type StaffPlaceItem } from '@linz/contract';
import { AGREEMENT_NETWORKS, AGREEMENT_RADIUS_M } from '@linz/contract/facts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { lazyPart, Part } from '../../layout/lazyPart';
import { useTranslation } from 'react-i18next';
import { NamedAfter } from '../../commemoration/NamedAfter';
import { SourceList } from '../../monument/Sources';
import { descriptionIn } from '../../commemoration/description';
import { AdminTable } from '../AdminTable';
import { errorText } from '../errors';
import { useFormatTime } from '../format';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';

const SuggestionsMap = lazyPart(() => import('./SuggestionsMap').then((m) => ({ default: m.SuggestionsMap })));

function Item({ entry }: { entry: StaffPlaceItem }) {
  const { t, i18n } = useTranslation();
  const time = useFormatTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const action = useStaffAction();
  const id = useId();
  const { item, suggestions, agreement } = entry;
  const [chosen, setChosen] = useState(suggestions[0]?.id ?? 0);
  const first = suggestions[0] ?? { lat: 0, lng: 0 };
  const start = agreement.lat !== null && agreement.lng !== null ? { lat: agreement.lat, lng: agreement.lng } : first;
  const [pin, setPin] = useState({ lat: start.lat, lng: start.lng });
  const move = useCallback((p: { lat: number; lng: number }) => setPin(p), []);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.staff.places.pathKey() });
  const confirm = useMutation(
    trpc.staff.places.confirm.mutationOptions({
      onSuccess: () => {
        action.done(t('commemoration.admin.confirmed', { name: item.name }));
        refresh();
      },
      onError: action.failed,
    }),
  );
  const reject = useMutation(
    trpc.staff.places.reject.mutationOptions({
      onSuccess: () => {
        action.done(t('commemoration.admin.rejected', { name: item.name }));
        refresh();
      },
      onError: action.failed,
    }),
  );
  const description = descriptionIn(item, i18n.resolvedLanguage);
  const choose = (s: (typeof suggestions)[number]) => {
    setChosen(s.id);
    setPin({ lat: s.lat, lng: s.lng });
  };
  return (
    <article className="admin-card places-item" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{item.name}</h3>
      <p className={agreement.agreed ? 'places-item__agreed' : 'places-item__open'}>
        {agreement.agreed
          ? t('commemoration.admin.agreed', {
              count: agreement.suggestions,
              networks: t('commemoration.admin.networkCount', { count: agreement.networks }),
              radius: AGREEMENT_RADIUS_M,
            })
          : t('commemoration.admin.notAgreed', {
              count: suggestions.length,
              networks: t('commemoration.admin.networkCount', { count: agreement.networks }),
              needed: AGREEMENT_NETWORKS,
              radius: AGREEMENT_RADIUS_M,
            })}
      </p>
      <div className="places-item__columns">
        <div>
          <NamedAfter monument={item} />
          <p lang={description.lang}>{description.text}</p>
          <SourceList source={item.source} />
        </div>
        <Part fallback={<div className="admin-map" />}>
          <SuggestionsMap
            label={t('commemoration.admin.mapLabel', { name: item.name })}
            pinLabel={t('commemoration.admin.pin')}
            dots={suggestions.map((s) => ({ id: s.id, lat: s.lat, lng: s.lng, network: s.network }))}
            pin={pin}
            onMove={move}
          />
        </Part>
      </div>
      <fieldset>
        <legend>{t('commemoration.admin.suggestions')}</legend>
        {suggestions.map((s) => (
          <label key={s.id} className="places-item__suggestion">
            <input type="radio" name={`${id}-chosen`} checked={chosen === s.id} onChange={() => choose(s)} />
            <span>
              {t('commemoration.admin.suggestion', { network: s.network, when: time(s.createdAt) })}
              {s.held ? ` · ${t('commemoration.admin.held')}` : ''}
              {s.wantsMail ? ` · ${t('commemoration.admin.wantsMail')}` : ''}
              {s.note ? <span className="places-item__note"> „{s.note}“</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="places-item__pin">{t('commemoration.admin.pinAt', { lat: pin.lat.toFixed(6), lng: pin.lng.toFixed(6) })}</p>
      <div className="admin-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate({ monumentId: item.id, suggestionId: chosen, lat: pin.lat, lng: pin.lng })}
        >
          {t('commemoration.admin.confirm')}
        </button>
        <button
          type="button"
          className="button"
          disabled={reject.isPending}
          onClick={() => reject.mutate({ monumentId: item.id })}
        >
          {t('commemoration.admin.reject')}
        </button>
      </div>
    </article>
  );
}

export function Places() {
  const { t } = useTranslation();
  // The pipeline's English note in the staff member's language, with its figures; another note as it is.
  const checkText = (check: string | undefined) => {
    const reading = checkReading(check);
    return reading ? t(`commemoration.admin.checks.${reading.key}`, reading.values) : check;
  };
  const trpc = useTRPC();
  const places = useQuery({ ...trpc.staff.places.list.queryOptions(), refetchOnMount: 'always' });
  const data = places.data;
  return (
    <section className="admin-section" aria-labelledby="places-h">
      <h2 id="places-h">{t('commemoration.admin.title')}</h2>
      {places.isError && <p className="feedback feedback--error">{errorText(t, places.error)}</p>}
      {data && data.items.length === 0 ? <p>{t('commemoration.admin.none')}</p> : null}
      {data?.items.map((entry) => (
        <Item key={entry.item.id} entry={entry} />
      ))}
      <h2>{t('commemoration.admin.pointsTitle')}</h2>
      <p>{t('commemoration.admin.pointsIntro')}</p>
      <AdminTable
        caption={t('commemoration.admin.pointsCaption')}
        head={[t('commemoration.admin.pointName'), t('commemoration.admin.pointCheck'), t('commemoration.admin.pointSource')]}
      >
        {(data?.points ?? []).map((p) => (
          <tr key={p.id}>
            <th scope="row">{p.name}</th>
            <td>
              {p.placement.weak ? <strong>{t('commemoration.admin.weak')} </strong> : null}
              {p.placement.by === 'citizens' ? t('commemoration.placedByCitizens') : checkText(p.placement.check)}
            </td>
            <td>{[p.placement.dataset, p.placement.recordId, p.placement.locationText].filter(Boolean).join(' · ')}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
