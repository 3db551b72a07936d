// The map of /add (loaded on demand): a pin the visitor drags, places by tapping the map, or moves
// with the arrow keys once it has focus. The view starts at the pin and stays near the city's area.
import type { CityArea } from '@linz/contract/facts';
import { useQuery } from '@tanstack/react-query';
import type { LeafletEvent, LeafletMouseEvent, Marker as LeafletMarker } from 'leaflet';
import '../map/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer } from '../map/MapContainer';
import { Marker } from 'react-leaflet/Marker';
import { useMap, useMapEvents } from 'react-leaflet/hooks';
import { clientConfigQuery } from '../api/queries';
import { markerIcon } from '../map/markerIcon';
import { FALLBACK_TILES } from '../map/tiles';
import type { LatLng } from '../storage/keys';
import { MapControlTexts } from '../map/MapControlTexts';
import { useMapLabel } from '../map/mapLabel';
import { CityTiles } from '../map/CityTiles';

type Props = { place: LatLng; area: CityArea; onMove: (place: LatLng) => void };

/** How far one arrow key moves the pin, in screen pixels (the same distance at every zoom). */
const KEY_STEP_PX = 10;
const KEY_DIRECTIONS: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** Names the focusable map, follows the pin when it moves from outside (fields, "my location"), takes taps. */
function Follow({ place, label, onMove }: { place: LatLng; label: string; onMove: (p: LatLng) => void }) {
  const map = useMapLabel(label);
  useEffect(() => {
    if (!map.getBounds().contains(place)) map.panTo(place);
  }, [map, place]);
  useMapEvents({ click: (e: LeafletMouseEvent) => onMove({ lat: e.latlng.lat, lng: e.latlng.lng }) });
  return null;
}

/** The pin: dragged, or moved by the arrow keys (Leaflet's map would pan instead, and the page scroll). */
function Pin({ place, label, onMove }: { place: LatLng; label: string; onMove: (p: LatLng) => void }) {
  const map = useMap();
  const marker = useRef<LeafletMarker>(null);
  const handlers = useMemo(
    () => ({
      dragend: (e: LeafletEvent) => {
        const at = (e.target as LeafletMarker).getLatLng();
        onMove({ lat: at.lat, lng: at.lng });
      },
    }),
    [onMove],
  );
  useEffect(() => {
    const element = marker.current?.getElement();
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      const direction = KEY_DIRECTIONS[event.key];
      const at = marker.current?.getLatLng();
      if (!direction || !at) return;
      event.preventDefault();
      event.stopPropagation();
      const point = map.latLngToContainerPoint(at).add([direction[0] * KEY_STEP_PX, direction[1] * KEY_STEP_PX]);
      const next = map.containerPointToLatLng(point);
      onMove({ lat: next.lat, lng: next.lng });
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [map, onMove]);
  return (
    <Marker
      ref={marker}
      position={place}
      draggable
      autoPan
      icon={markerIcon(false)}
      title={label}
      alt={label}
      eventHandlers={handlers}
    />
  );
}

export function PlacePicker({ place, area, onMove }: Props) {
  const { t } = useTranslation();
  const config = useQuery(clientConfigQuery());
  const tiles = config.data ?? FALLBACK_TILES;
  // A margin around the area, so a place on its edge can be centred and picked.
  const bounds = useMemo(
    () =>
      [
        [area.south - 0.02, area.west - 0.03],
        [area.north + 0.02, area.east + 0.03],
      ] as [[number, number], [number, number]],
    [area],
  );
  return (
    <MapContainer
      className="place-picker"
      center={place}
      zoom={16}
      minZoom={Math.max(tiles.minZoom, 11)}
      maxZoom={tiles.maxZoom}
      maxBounds={bounds}
      zoomControl={false}
    >
      <CityTiles tiles={tiles} />
      <MapControlTexts />
      <Follow place={place} label={t('add.picker.mapLabel')} onMove={onMove} />
      <Pin place={place} label={t('add.picker.pin')} onMove={onMove} />
    </MapContainer>
  );
}
