// Moves the map to the browser's position, or says why it cannot (spec section 8: alerts).
import type { Map as LeafletMap } from 'leaflet';
import { useTranslation } from 'react-i18next';
import { LocateIcon } from '../layout/icons';

export function LocateButton({ map }: { map: LeafletMap | null }) {
  const { t } = useTranslation();
  const locate = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      window.alert(t('errors.geolocationUnsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => map?.setView([position.coords.latitude, position.coords.longitude], map.getZoom()),
      () => window.alert(t('errors.positionUnavailable')),
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  };
  return (
    <button type="button" className="fab fab--locate" onClick={locate} aria-label={t('map.locate')}>
      <LocateIcon />
    </button>
  );
}
