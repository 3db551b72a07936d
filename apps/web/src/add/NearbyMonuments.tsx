// "Ist es eines von diesen?": the monuments within DUPLICATE_RADIUS_M of the chosen point, nearest
// first, each with a link that opens it on the map, so a visitor does not add one twice. They come
// from the map's data tiles around the point at a zoom where tiles hold single monuments only.
import { DUPLICATE_RADIUS_M, MAP_CLUSTER_MAX_ZOOM } from '@linz/contract/facts';
import { distanceMeters } from '@linz/contract/filters';
import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { langOf } from '../i18n/languages';
import { mapTileQuery } from '../api/queries/mapTile';
import { tilesCovering } from '../map/mapData';
import { monumentName } from '../i18n/monumentName';
import '../finder/finder.css';

type Props = { lat: number; lng: number };

export function NearbyMonuments({ lat, lng }: Props) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.resolvedLanguage);
  const known = Number.isFinite(lat) && Number.isFinite(lng);
  const tiles = useMemo(() => {
    if (!known) return [];
    // The radius in degrees, generously (a degree of longitude is shorter away from the equator).
    const dLat = DUPLICATE_RADIUS_M / 111_000;
    const dLng = dLat / Math.max(0.1, Math.cos((lat * Math.PI) / 180));
    return tilesCovering({ south: lat - dLat, west: lng - dLng, north: lat + dLat, east: lng + dLng }, MAP_CLUSTER_MAX_ZOOM + 1);
  }, [known, lat, lng]);
  const results = useQueries({ queries: tiles.map((tile) => mapTileQuery(tile, {})) });
  const stamp = results.map((r) => r.dataUpdatedAt).join();
  const nearby = useMemo(() => {
    if (!known) return [];
    return results
      .flatMap((r) => r.data?.monuments ?? [])
      .map((monument) => ({ monument, meters: distanceMeters({ lat, lng }, { lat: monument.geoLocX, lng: monument.geoLocY }) }))
      .filter((n) => n.meters <= DUPLICATE_RADIUS_M)
      .sort((a, b) => a.meters - b.meters);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `stamp` changes with the tiles' data
  }, [stamp, known, lat, lng]);
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
