// Keeps the session's map view (key mapView) up to date: on opening and whenever the map stops.
import { useEffect } from 'react';
import { useMapEvents } from 'react-leaflet/hooks';
import { mapView } from '../storage/keys';

export function SaveMapView() {
  const map = useMapEvents({ moveend: () => save() });
  const save = () => {
    const center = map.getCenter();
    mapView.write({ center: { lat: center.lat, lng: center.lng }, zoom: map.getZoom() });
  };
  // Once, for the view the map opened with (the map instance never changes).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(save, []);
  return null;
}
