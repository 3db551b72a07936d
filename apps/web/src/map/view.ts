// Which view the map opens with: a just-added monument, else a link to a place, else the
// session's last view, else Linz.
import { mapView, type MapView } from '../storage/keys';
import type { MapArrival } from './arrival';

export const DEFAULT_VIEW: MapView = { center: { lat: 48.3064, lng: 14.2861 }, zoom: 14 };
export const LINK_ZOOM = 17;

/** A link to a place on the map, as the mayor's e-mail sends it: /?lat=..&lng=..&zoom=..&monument=.. */
/** `proposal` (with `monument`): a shared proposal, shown highlighted in the monument's popup. */
export type MapLink = { lat?: number; lng?: number; zoom?: number; monument?: string; proposal?: number };

/** A number from a search parameter (the router gives numbers; a typed URL may give strings). */
function numberIn(value: unknown, min: number, max: number): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && n >= min && n <= max ? n : undefined;
}

/** Reads a map link from search parameters; a field present but invalid voids the whole link. */
export function parseMapLink(search: Record<string, unknown>): MapLink {
  const lat = numberIn(search.lat, -90, 90);
  const lng = numberIn(search.lng, -180, 180);
  const zoom = numberIn(search.zoom, 1, 19);
  const { monument } = search;
  const proposal =
    typeof search.proposal === 'string' && /^[1-9]\d{0,9}$/.test(search.proposal) ? Number(search.proposal) : search.proposal;
  const invalid =
    (search.lat !== undefined && lat === undefined) ||
    (search.lng !== undefined && lng === undefined) ||
    (search.zoom !== undefined && !Number.isInteger(zoom)) ||
    (monument !== undefined && (typeof monument !== 'string' || monument.length > 64)) ||
    (proposal !== undefined &&
      !(typeof proposal === 'number' && Number.isInteger(proposal) && proposal > 0 && proposal <= 2_147_483_647));
  if (invalid) return {};
  const link: MapLink = {};
  if (lat !== undefined) link.lat = lat;
  if (lng !== undefined) link.lng = lng;
  if (zoom !== undefined) link.zoom = zoom;
  if (typeof monument === 'string') link.monument = monument;
  if (typeof proposal === 'number' && link.monument !== undefined) link.proposal = proposal;
  return link;
}

export function initialView(arrival: MapArrival | undefined, link: MapLink = {}): MapView {
  if (arrival) return { center: arrival.center, zoom: arrival.zoom };
  if (link.lat !== undefined && link.lng !== undefined)
    return { center: { lat: link.lat, lng: link.lng }, zoom: link.zoom ?? LINK_ZOOM };
  return mapView.read() ?? DEFAULT_VIEW;
}
