// Moving the map to what a search found: one monument (to the zoom a link opens at, where its
// marker stands apart), or all matches at once. Animated, unless the visitor asked for less motion.
import type { Monument } from '@linz/contract';
import { LatLng, LatLngBounds, Point, type Map as LeafletMap } from 'leaflet';
import { LINK_ZOOM } from './view';
import { reducedMotion } from '../layout/reducedMotion';

/** Seconds a flight takes at most (Leaflet's own length grows with the distance). */
const FLIGHT_SECONDS = 0.8;
/** Room kept around the matches when the map fits them: a marker is 42 px wide and 52 high. */
const FIT_PADDING = new Point(56, 64);

/** Resolves when the map has arrived (its `moveend`); at once where it is there already. */
function arrived(map: LeafletMap, move: (animate: boolean) => void): Promise<void> {
  return new Promise((resolve) => {
    map.once('moveend', () => resolve());
    move(!reducedMotion());
  });
}

/** Flies to a monument, at the link's zoom or closer if the map is already closer. */
export function flyToMonument(map: LeafletMap, monument: Pick<Monument, 'geoLocX' | 'geoLocY'>): Promise<void> {
  const target = new LatLng(monument.geoLocX, monument.geoLocY);
  const zoom = Math.min(map.getMaxZoom(), Math.max(map.getZoom(), LINK_ZOOM));
  if (map.getCenter().distanceTo(target) < 1 && map.getZoom() === zoom) return Promise.resolve();
  return arrived(map, (animate) =>
    animate ? map.flyTo(target, zoom, { duration: FLIGHT_SECONDS }) : map.setView(target, zoom, { animate: false }),
  );
}

/** `[south, west, north, east]`, as the map's data tiles give a cluster's extent. */
export type Extent = [number, number, number, number];

/** Fits the map to an extent (one point: the link's zoom at most). */
export function fitExtent(map: LeafletMap, [south, west, north, east]: Extent): Promise<void> {
  const bounds = new LatLngBounds([south, west], [north, east]);
  const options = { padding: FIT_PADDING, maxZoom: Math.min(map.getMaxZoom(), LINK_ZOOM) };
  return arrived(map, (animate) =>
    animate
      ? map.flyToBounds(bounds, { ...options, duration: FLIGHT_SECONDS })
      : map.fitBounds(bounds, { ...options, animate: false }),
  );
}
