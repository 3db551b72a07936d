// The full-screen Leaflet map: tiles from the API's config, one marker per monument.
import { useQuery } from '@tanstack/react-query';
import type { Map as LeafletMap } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { useEffect, useMemo, useState } from 'react';
import { clientConfigQuery, monumentsQuery } from '../api/queries';
import type { MapView } from '../storage/keys';
import { SaveMapView } from './MapEvents';
import { fanOut } from './markerIcon';
import { MonumentMarker } from './MonumentMarker';
import { FALLBACK_TILES } from './tiles';

type Props = {
  view: MapView;
  onReady: (map: LeafletMap | null) => void;
  /** A monument whose popup opens once the markers are there (a link from the mayor's e-mail). */
  openMonumentId?: string | undefined;
};

function Tiles() {
  const config = useQuery(clientConfigQuery());
  if (config.isPending) return null;
  const tiles = config.data ?? FALLBACK_TILES;
  return <TileLayer key={tiles.tileUrl} url={tiles.tileUrl} attribution={tiles.tileAttribution} />;
}

/** Leaflet's container is focusable (arrow keys pan): give it a role and a name. */
function MapLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

/** Markers are added a batch per frame, so a phone's main thread is never blocked for all of them. */
const MARKER_BATCH = 40;

function useGrowing(total: number): number {
  const [shown, setShown] = useState(MARKER_BATCH);
  useEffect(() => {
    if (shown >= total) return;
    const frame = requestAnimationFrame(() => setShown((n) => n + MARKER_BATCH));
    return () => cancelAnimationFrame(frame);
  }, [shown, total]);
  return shown;
}

function Markers({ openMonumentId }: { openMonumentId?: string | undefined }) {
  const map = useMap();
  const monuments = useQuery(monumentsQuery());
  const list = useMemo(() => monuments.data ?? [], [monuments.data]);
  const fan = useMemo(() => fanOut(list), [list]);
  const shown = useGrowing(list.length);
  // The map region is busy until every marker is on it (screen readers wait; so do presses' tests).
  const busy = monuments.isPending || shown < list.length;
  useEffect(() => map.getContainer().setAttribute('aria-busy', String(busy)), [map, busy]);
  return list
    .slice(0, shown)
    .map((monument) => (
      <MonumentMarker
        key={monument.id}
        monument={monument}
        openOnMount={monument.id === openMonumentId}
        fan={fan.get(monument.id)}
      />
    ));
}

export function MonumentMap({ view, onReady, openMonumentId }: Props) {
  const { t } = useTranslation();
  return (
    <MapContainer ref={onReady} className="monument-map" center={[view.center.lat, view.center.lng]} zoom={view.zoom}>
      <MapLabel label={t('map.label')} />
      <Tiles />
      <Markers openMonumentId={openMonumentId} />
      <SaveMapView />
    </MapContainer>
  );
}
