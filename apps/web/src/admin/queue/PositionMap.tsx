// A small map whose marker staff drag to a monument's correct position; the numeric fields beside
// it are the keyboard alternative and move the marker too. Without `onMove` it only shows the place
// (a queue item's), and the wheel scrolls the page past it.
import { useQuery } from '@tanstack/react-query';
import type { Marker as LeafletMarker } from 'leaflet';
import '../../map/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer } from '../../map/MapContainer';
import { Marker } from 'react-leaflet/Marker';
import { clientConfigQuery } from '../../api/queries';
import { markerIcon } from '../../map/markerIcon';
import { FALLBACK_TILES } from '../../map/tiles';
import { MapControlTexts } from '../../map/MapControlTexts';
import { useMapLabel } from '../../map/mapLabel';
import { CityTiles } from '../../map/CityTiles';

type Position = { lat: number; lng: number };
type Props = { position: Position; label: string; markerLabel: string; onMove?: (p: Position) => void; small?: boolean };

/** Keeps the view on the marker when the fields move it, and names the focusable map. */
function Follow({ position, label }: { position: Position; label: string }) {
  const map = useMapLabel(label);
  useEffect(() => {
    if (!map.getBounds().contains(position)) map.panTo(position);
  }, [map, position]);
  return null;
}

export function PositionMap({ position, label, markerLabel, onMove, small = false }: Props) {
  const config = useQuery(clientConfigQuery());
  const tiles = config.data ?? FALLBACK_TILES;
  const marker = useRef<LeafletMarker>(null);
  const handlers = useMemo(
    () => ({
      dragend: () => {
        const at = marker.current?.getLatLng();
        if (at) onMove?.({ lat: at.lat, lng: at.lng });
      },
    }),
    [onMove],
  );
  return (
    <MapContainer
      className={small ? 'admin-map admin-map--small' : 'admin-map'}
      zoomControl={false}
      scrollWheelZoom={!small}
      center={position}
      zoom={small ? 16 : 17}
    >
      <MapControlTexts />
      <CityTiles tiles={tiles} />
      <Follow position={position} label={label} />
      <Marker
        ref={marker}
        position={position}
        draggable={onMove !== undefined}
        // A place only shown is a picture, not a control: no tab stop, no button role.
        interactive={onMove !== undefined}
        keyboard={onMove !== undefined}
        icon={markerIcon(true)}
        title={markerLabel}
        alt={markerLabel}
        eventHandlers={handlers}
      />
    </MapContainer>
  );
}
