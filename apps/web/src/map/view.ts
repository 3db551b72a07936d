// Which view the map opens with: a just-added monument, else the session's last view, else Linz.
import type { MapArrival } from '../router';
import { mapView, type MapView } from '../storage/keys';

export const DEFAULT_VIEW: MapView = { center: { lat: 48.3064, lng: 14.2861 }, zoom: 14 };
export const ARRIVAL_ZOOM = 16;

export function initialView(arrival: MapArrival | undefined): MapView {
  if (arrival) return { center: arrival.center, zoom: arrival.zoom };
  return mapView.read() ?? DEFAULT_VIEW;
}
