// Where the matches of the address's filters lie, for the map's finder: whether the map shows
// any of them now, and the extent of them all (to fit the map to them). The view's data tiles are
// the map layer's own queries (shared, not fetched twice); the extent comes from the one tile of
// zoom 0, whose clusters carry their members' bounds.
import type { MapTile, MonumentFilters } from '@linz/contract';
import { hasFilters } from '@linz/contract/filters';
import { isCancelledError, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LatLngBounds, Map as LeafletMap } from 'leaflet';
import type { Extent } from '../flyTo';
import { mapTileQuery } from '../../api/queries/mapTile';
import { tilesCovering, useMapTiles, viewOf } from '../mapData';

const WORLD = { z: 0, x: 0, y: 0 };

/** The extent of a tile's clusters and monuments; undefined for an empty tile. */
export function extentOf(tile: Pick<MapTile, 'clusters' | 'monuments'>): Extent | undefined {
  const boxes: Extent[] = [
    ...tile.clusters.map((c) => c.bounds),
    ...tile.monuments.map((m): Extent => [m.geoLocX, m.geoLocY, m.geoLocX, m.geoLocY]),
  ];
  if (boxes.length === 0) return undefined;
  return boxes.reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]);
}

/** Whether any cluster or monument of these tiles stands in the view. */
function anyIn(tiles: MapTile[], view: LatLngBounds): boolean {
  return tiles.some(
    (tile) =>
      tile.clusters.some((c) => view.contains([c.lat, c.lng])) ||
      tile.monuments.some((m) => view.contains([m.geoLocX, m.geoLocY])),
  );
}

/** `outside`: the filters match monuments, none of them in the map's view (the map looks empty). */
export function useMatchesPlace(map: LeafletMap, filters: MonumentFilters): { outside: boolean; extent: Extent | undefined } {
  const filtered = hasFilters(filters);
  const { tiles, pending } = useMapTiles(map, filters);
  const overview = useQuery({ ...mapTileQuery(WORLD, filters), enabled: filtered }).data;
  const extent = overview && extentOf(overview);
  const outside = filtered && !pending && tiles !== undefined && extent !== undefined && !anyIn(tiles, map.getBounds());
  return { outside, extent };
}

/** A tile's answer, from the cache or asked for now. A request still on its way when the panel
 * closes is cancelled with the panel's queries (the overview is the panel's alone): it is asked again. */
function answered(client: QueryClient, query: ReturnType<typeof mapTileQuery>): Promise<MapTile> {
  return client.ensureQueryData(query).catch((error: unknown) => {
    if (isCancelledError(error)) return client.fetchQuery(query);
    throw error;
  });
}

/**
 * The extent of the matches if none of them stands in the map's view, once the view's tiles and
 * the overview have answered (from the cache, or asked for now): the panel may close before they
 * did, a moment after the last letter was typed.
 */
export async function matchesOutside(
  client: QueryClient,
  map: LeafletMap,
  filters: MonumentFilters,
): Promise<Extent | undefined> {
  if (!hasFilters(filters)) return undefined;
  const { bounds, zoom } = viewOf(map);
  const view = map.getBounds();
  const [overview, ...tiles] = await Promise.all(
    [WORLD, ...tilesCovering(bounds, zoom)].map((tile) => answered(client, mapTileQuery(tile, filters))),
  );
  const extent = overview && extentOf(overview);
  return extent && !anyIn(tiles, view) ? extent : undefined;
}
