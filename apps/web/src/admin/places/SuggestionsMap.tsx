// All suggestions for one item on one map (issue 54): each a lettered dot (its network's letter),
// and the pin staff drag to the place they confirm. The fields beside it are the keyboard way.
import { useQuery } from '@tanstack/react-query';
import { DivIcon, type Marker as LeafletMarker } from 'leaflet';
import '../../map/leaflet.css';
import { useMemo, useRef } from 'react';
import { Marker } from 'react-leaflet/Marker';
import { clientConfigQuery } from '../../api/queries';
import { CityTiles } from '../../map/CityTiles';
import { MapContainer } from '../../map/MapContainer';
import { MapControlTexts } from '../../map/MapControlTexts';
import { useMapLabel } from '../../map/mapLabel';
import { markerIcon } from '../../map/markerIcon';
import { FALLBACK_TILES } from '../../map/tiles';

type Position = { lat: number; lng: number };
type Dot = Position & { id: number; network: string };
type Props = { label: string; pinLabel: string; dots: Dot[]; pin: Position; onMove: (p: Position) => void };

const dotIcons = new Map<string, DivIcon>();
/** A dot with the network's letter (one of A–Z: never a visitor's text). */
function dotIcon(letter: string): DivIcon {
  let icon = dotIcons.get(letter);
  if (!icon) {
    icon = new DivIcon({ className: 'suggestion-dot', html: letter.replace(/[^A-Z?]/g, ''), iconSize: [26, 26] });
    dotIcons.set(letter, icon);
  }
  return icon;
}

function Label({ label }: { label: string }) {
  useMapLabel(label);
  return null;
}

export function SuggestionsMap({ label, pinLabel, dots, pin, onMove }: Props) {
  const tiles = useQuery(clientConfigQuery()).data ?? FALLBACK_TILES;
  const marker = useRef<LeafletMarker>(null);
  const handlers = useMemo(
    () => ({
      dragend: () => {
        const at = marker.current?.getLatLng();
        if (at) onMove({ lat: at.lat, lng: at.lng });
      },
    }),
    [onMove],
  );
  return (
    <MapContainer className="admin-map" zoomControl={false} center={pin} zoom={16}>
      <MapControlTexts />
      <CityTiles tiles={tiles} />
      <Label label={label} />
      {dots.map((d) => (
        <Marker key={d.id} position={d} icon={dotIcon(d.network)} interactive={false} keyboard={false} />
      ))}
      <Marker
        ref={marker}
        position={pin}
        draggable
        icon={markerIcon(true)}
        title={pinLabel}
        alt={pinLabel}
        eventHandlers={handlers}
      />
    </MapContainer>
  );
}
