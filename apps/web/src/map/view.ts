// Which view the map opens with: a just-added monument, else a link to a place, else the
// session's last view, else the city's (its profile's view, from the API's config: undefined here).
import type { MapLink } from '@linz/contract/facts';
import { mapView, type MapView } from '../storage/keys';
import type { MapArrival } from './arrival';

export const LINK_ZOOM = 17;

export function initialView(arrival: MapArrival | undefined, link: MapLink = {}): MapView | undefined {
  if (arrival) return { center: arrival.center, zoom: arrival.zoom };
  if (link.lat !== undefined && link.lng !== undefined)
    return { center: { lat: link.lat, lng: link.lng }, zoom: link.zoom ?? LINK_ZOOM };
  return mapView.read() ?? undefined;
}
