// Which view the map opens with: a just-added monument, else a link to a place, else the
// session's last view, else Linz.
import { z } from 'zod';
import type { MapArrival } from '../router';
import { mapView, type MapView } from '../storage/keys';

export const DEFAULT_VIEW: MapView = { center: { lat: 48.3064, lng: 14.2861 }, zoom: 14 };
export const ARRIVAL_ZOOM = 16;

export const LINK_ZOOM = 17;

/** A link to a place on the map, as the mayor's e-mail sends it: /?lat=..&lng=..&zoom=..&monument=.. */
export const MapLink = z
  .object({
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    zoom: z.coerce.number().int().min(1).max(19).optional(),
    monument: z.string().max(64).optional(),
  })
  .catch({});
export type MapLink = z.infer<typeof MapLink>;

export function initialView(arrival: MapArrival | undefined, link: MapLink = {}): MapView {
  if (arrival) return { center: arrival.center, zoom: arrival.zoom };
  if (link.lat !== undefined && link.lng !== undefined) return { center: { lat: link.lat, lng: link.lng }, zoom: link.zoom ?? LINK_ZOOM };
  return mapView.read() ?? DEFAULT_VIEW;
}
