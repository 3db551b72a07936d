// Keeps the session's map view (key mapView) up to date whenever the map stops moving.
import { useMapEvents } from 'react-leaflet';
import { mapView } from '../storage/keys';

export function SaveMapView() {
  const map = useMapEvents({
    moveend: () => {
      const center = map.getCenter();
      mapView.write({ center: { lat: center.lat, lng: center.lng }, zoom: map.getZoom() });
    },
  });
  return null;
}
