// On the map, this browser's own monuments that staff still have to approve: a grey marker that
// only its author sees, whose popup says "under review" (docs/screening.md).
import { Icon } from 'leaflet';
import { useTranslation } from 'react-i18next';
import { Marker } from 'react-leaflet/Marker';
import { Popup } from 'react-leaflet/Popup';
import { markerImage2xUrl, markerImageUrl } from '../branding';
import { ReviewBadge } from './UnderReview';
import { useUnderReview } from './useUnderReview';

const icon = new Icon({
  iconUrl: markerImageUrl,
  iconRetinaUrl: markerImage2xUrl,
  iconSize: [42, 52],
  iconAnchor: [21, 52],
  popupAnchor: [0, -48],
  className: 'monument-marker monument-marker--review',
});

export function ReviewingMarkers() {
  const { t } = useTranslation();
  const mine = useUnderReview();
  return (
    <>
      {(mine?.reviewing ?? []).map((m) => (
        <Marker
          key={m.id}
          position={[m.geoLocX, m.geoLocY]}
          icon={icon}
          title={t('review.monumentAt', { name: m.name })}
          alt={t('review.monumentAt', { name: m.name })}
        >
          <Popup>
            <section className="monument-popup" aria-label={m.name}>
              <h2 className="monument-popup__name">
                {m.name} <ReviewBadge />
              </h2>
              <p className="review-explain">{t('review.explain')}</p>
            </section>
          </Popup>
        </Marker>
      ))}
    </>
  );
}
