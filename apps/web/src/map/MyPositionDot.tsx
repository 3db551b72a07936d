// The visitor's position after "Mein Standort" (myPosition.ts): a dot below the markers and popups,
// never covering a monument, hidden from screen readers (the map's view already moved there).
import { DivIcon, Marker } from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet/hooks';
import { useMyPosition } from './myPosition';

const PANE = 'myPosition';

export function MyPositionDot() {
  const map = useMap();
  const position = useMyPosition();
  useEffect(() => {
    if (!position) return undefined;
    if (!map.getPane(PANE)) map.createPane(PANE).style.zIndex = '550';
    const dot = new Marker([position.lat, position.lng], {
      pane: PANE,
      interactive: false,
      keyboard: false,
      icon: new DivIcon({ className: 'my-position', iconSize: [18, 18] }),
    });
    dot.on('add', () => dot.getElement()?.setAttribute('aria-hidden', 'true'));
    dot.addTo(map);
    return () => void dot.remove();
  }, [map, position]);
  return null;
}
