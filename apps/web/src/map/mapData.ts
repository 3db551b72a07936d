// The map's monuments by data tile: the map asks only for the tiles its view covers at
// its zoom (/api/map/{z}/{x}/{y}.json with the address's filters), never for the whole list. Each
// tile is a query of its own, so a tile seen once answers again from the cache, and a write's
// invalidation of ['monuments'] refreshes the tiles in view (the server's ETag answers 304 for
// those that did not change).
import type { MapTile, MonumentFilters } from '@linz/contract';
import { MAP_TILE_MAX_ZOOM } from '@linz/contract/facts';
import { cell, tileX, tileY } from '@linz/contract/mercator';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { mapTileQuery, type TileAddress } from '../api/queries/mapTile';
import type { Bounds } from './clusters';

/** Tiles asked for beyond the view, as a share of its size: a cluster whose centre lies just outside still shows. */
const MARGIN = 0.1;
/** At most this many tiles for one view (a very large screen at a deep zoom); the view's centre first. */
const MAX_TILES = 64;

const column = (lng: number, n: number) => cell(tileX(lng, n), n);
const row = (lat: number, n: number) => cell(tileY(lat, n), n);

/** The data tiles covering these bounds at this map zoom (rounded, within the tiles' zooms), nearest the centre first. */
export function tilesCovering({ south, west, north, east }: Bounds, mapZoom: number): TileAddress[] {
  const z = Math.max(0, Math.min(MAP_TILE_MAX_ZOOM, Math.round(mapZoom)));
  const n = 2 ** z;
  const [x0, x1, y0, y1] = [column(west, n), column(east, n), row(north, n), row(south, n)];
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const tiles: TileAddress[] = [];
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) tiles.push({ z, x, y });
  return tiles.sort((a, b) => Math.hypot(a.x - cx, a.y - cy) - Math.hypot(b.x - cx, b.y - cy)).slice(0, MAX_TILES);
}

type View = { zoom: number; bounds: Bounds };

/** The map's view as its tiles are asked for: its zoom and its bounds with the margin. */
export function viewOf(map: LeafletMap): View {
  const b = map.getBounds().pad(MARGIN);
  return { zoom: map.getZoom(), bounds: { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() } };
}

type Tiles = {
  /** `undefined` only before the first complete set. */
  tiles: MapTile[] | undefined;
  /** The zoom they were made for. */
  zoom: number;
  /** Whether tiles of the current view are still on their way. */
  pending: boolean;
};

/** The view's tiles once every one has answered (a failed one counts as empty), else `undefined`.
 * Outside the hook, so its reference is stable: useQueries then tells the component only when this
 * result changes (it keeps the last one while equal), not at each of the 15 to 40 tiles' answers,
 * which on a phone's first load were a dozen renders of 15 to 40 ms each. */
function allAnswered(results: UseQueryResult<MapTile>[]): MapTile[] | undefined {
  return results.every((r) => !r.isPending) ? results.flatMap((r) => (r.data ? [r.data] : [])) : undefined;
}

/**
 * The tiles of the map's current view, once all of them have answered (a tile that failed counts
 * as empty); until then the last complete set, so a zoom or pan never flashes an empty map.
 */
export function useMapTiles(map: LeafletMap, filters: MonumentFilters): Tiles {
  const [view, setView] = useState(() => viewOf(map));
  useEffect(() => {
    const moved = () => setView(viewOf(map));
    map.on('moveend zoomlevelschange', moved);
    return () => void map.off('moveend zoomlevelschange', moved);
  }, [map]);
  const addresses = useMemo(() => tilesCovering(view.bounds, view.zoom), [view]);
  const answered = useQueries({ queries: addresses.map((tile) => mapTileQuery(tile, filters)), combine: allAnswered });
  // A new view is a new set (a new array) even with the same tiles: its drawing ends the map's busy state.
  const fresh = useMemo(
    () => (answered ? { tiles: [...answered], zoom: addresses[0]?.z ?? 0, pending: false } : undefined),
    [answered, addresses],
  );
  // The last complete set, kept while the next one loads (state adjusted during render, as React advises).
  const [kept, setKept] = useState<Tiles>({ tiles: undefined, zoom: view.zoom, pending: true });
  if (fresh && fresh !== kept) setKept(fresh);
  return useMemo(() => fresh ?? { ...kept, pending: true }, [fresh, kept]);
}
