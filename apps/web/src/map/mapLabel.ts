// Leaflet's container is focusable (arrow keys pan): every map gives it a role and a name.
import { useEffect } from 'react';
import { useMap } from 'react-leaflet/hooks';

export function useMapLabel(label: string) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return map;
}
