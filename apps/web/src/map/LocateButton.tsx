// Moves the map to the browser's position and has it marked with a dot (MyPositionDot), or says why
// it cannot (spec section 8: alerts): no geolocation, no position, or a position outside the city.
import { insideArea } from '@linz/contract/facts';
import { useQuery } from '@tanstack/react-query';
import type { Map as LeafletMap } from 'leaflet';
import { useTranslation } from 'react-i18next';
import { clientConfigQuery } from '../api/queries';
import { LocateIcon } from '../layout/icons';
import { myPosition } from './myPosition';

export function LocateButton({ map }: { map: LeafletMap | null }) {
  const { t } = useTranslation();
  const config = useQuery(clientConfigQuery());
  const show = (lat: number, lng: number) => {
    if (!map) return;
    // Without the config (it could not be had), the map's bounds keep the view where tiles are.
    if (config.data && !insideArea(config.data.cityArea, lat, lng)) {
      window.alert(t('errors.positionOutside'));
      return;
    }
    map.setView([lat, lng], map.getZoom());
    myPosition.set({ lat, lng });
  };
  const locate = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      window.alert(t('errors.geolocationUnsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => show(position.coords.latitude, position.coords.longitude),
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
