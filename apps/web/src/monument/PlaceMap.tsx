// Where the monument stands: a small map with its marker (the page scrolls past it; the wheel does
// not zoom it), from the same tiles as the big map. It loads when its place in the monument's view
// comes near the screen (MonumentDetails.tsx), never before.
import type { Monument } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { MapContainer } from '../map/MapContainer';
import { Marker } from 'react-leaflet/Marker';
import { clientConfigQuery } from '../api/queries';
import { useMapLabel } from '../map/mapLabel';
import { markerIcon } from '../map/markerIcon';
import { FALLBACK_TILES } from '../map/tiles';
import '../map/leaflet.css';
import { CityTiles } from '../map/CityTiles';
import { MapControlTexts } from '../map/MapControlTexts';

const ZOOM = 17;

function Label({ label }: { label: string }) {
  useMapLabel(label);
  return null;
}

export function PlaceMap({ monument, name, label }: { monument: Monument; name: string; label: string }) {
  const config = useQuery(clientConfigQuery());
  const tiles = config.data ?? FALLBACK_TILES;
  const at: [number, number] = [monument.geoLocX, monument.geoLocY];
  return (
    <MapContainer
      className="monument-view__map"
      center={at}
      zoom={ZOOM}
      scrollWheelZoom={false}
      maxZoom={tiles.maxZoom}
      zoomControl={false}
    >
      <Label label={label} />
      <MapControlTexts />
      {config.isPending ? null : <CityTiles tiles={tiles} />}
      <Marker position={at} icon={markerIcon(monument.validated, 0, 1, monument)} keyboard={false} alt={name} />
    </MapContainer>
  );
}
