// Moves the map to the browser's position and marks it with a dot, or says why it cannot (spec
// section 8: alerts): no geolocation, no position, or a position outside the city the map shows.
import { insideArea } from '@linz/contract/facts';
import { useQuery } from '@tanstack/react-query';
import type { Map as LeafletMap, Marker } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { clientConfigQuery } from '../api/queries';
import { LocateIcon } from '../layout/icons';

/** Below the markers and popups: the dot never covers a monument. */
const PANE = 'myPosition';

export function LocateButton({ map }: { map: LeafletMap | null }) {
  const { t } = useTranslation();
  const config = useQuery(clientConfigQuery());
  const dot = useRef<Marker | null>(null);
  useEffect(() => () => void dot.current?.remove(), []);

  const show = async (lat: number, lng: number) => {
    if (!map) return;
    // Without the config (it could not be had), the map's bounds keep the view where tiles are.
    if (config.data && !insideArea(config.data.cityArea, lat, lng)) {
      window.alert(t('errors.positionOutside'));
      return;
    }
    map.setView([lat, lng], map.getZoom());
    // Leaflet is loaded with the map by now; this button is on the page before it (first load).
    const { DivIcon, Marker } = await import('leaflet');
    if (!map.getPane(PANE)) map.createPane(PANE).style.zIndex = '550';
    dot.current ??= new Marker([lat, lng], {
      pane: PANE,
      interactive: false,
      keyboard: false,
      icon: new DivIcon({ className: 'my-position', iconSize: [18, 18] }),
    }).on('add', (event) => (event.target as Marker).getElement()?.setAttribute('aria-hidden', 'true'));
    dot.current.setLatLng([lat, lng]).addTo(map);
  };
  const locate = () => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      window.alert(t('errors.geolocationUnsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => void show(position.coords.latitude, position.coords.longitude),
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
