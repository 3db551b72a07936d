// "Ist es eines von diesen?": the monuments within DUPLICATE_RADIUS_M of the chosen point, nearest
// first, each with a link that opens it on the map, so a visitor does not add one twice.
import { DUPLICATE_RADIUS_M } from '@linz/contract/facts';
import { distanceMeters } from '@linz/contract/filters';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { monumentsQuery } from '../api/queries';
import { langOf } from '../i18n/languages';
import { monumentName } from '../map/monumentName';
import '../finder/finder.css';

type Props = { lat: number; lng: number };

export function NearbyMonuments({ lat, lng }: Props) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.resolvedLanguage);
  const { data } = useQuery(monumentsQuery());
  const nearby = useMemo(() => {
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
    return (data ?? [])
      .map((monument) => ({ monument, meters: distanceMeters({ lat, lng }, { lat: monument.geoLocX, lng: monument.geoLocY }) }))
      .filter((n) => n.meters <= DUPLICATE_RADIUS_M)
      .sort((a, b) => a.meters - b.meters);
  }, [data, lat, lng]);
  if (nearby.length === 0) return null;
  return (
    <section className="nearby" aria-labelledby="nearby-heading">
      <h2 id="nearby-heading">{t('finder.add.nearby')}</h2>
      <p>{t('finder.add.nearbyText', { radius: DUPLICATE_RADIUS_M })}</p>
      <ul>
        {nearby.map(({ monument, meters }) => (
          <li key={monument.id}>
            <Link to="/" search={{ monument: monument.id }}>
              {monumentName(monument, lang)}
            </Link>{' '}
            ({t('finder.add.distance', { meters: Math.round(meters) })})
          </li>
        ))}
      </ul>
    </section>
  );
}
