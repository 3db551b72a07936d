// What the map draws for a list of monuments at a zoom: grid clusters (one per CELL_PX square of
// screen pixels) or single markers. Cells are computed once per zoom and list, then only those in
// view are drawn, so 10,000 monuments cost a few hundred DOM elements, not 10,000.
import type { Monument } from '@linz/contract';

/** A cluster's side on screen; a marker is 42 px wide, so markers closer than this would overlap. */
export const CELL_PX = 80;
/** From this zoom (the map's default) a short list is drawn whole, as single markers. */
export const SINGLES_ZOOM = 14;
/** ... as long as it has at most this many monuments. */
export const MAX_SINGLES = 300;

export type Bounds = { south: number; west: number; north: number; east: number };
export type Cluster = { key: string; lat: number; lng: number; members: Monument[]; unvalidated: number; bounds: Bounds };
export type Placed = { kind: 'marker'; monument: Monument } | { kind: 'cluster'; cluster: Cluster };

/** Web Mercator, 0..1 across the world (Leaflet's own projection, without its objects). */
function unitPoint(lat: number, lng: number): [number, number] {
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return [(lng + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

const inside = (b: Bounds, lat: number, lng: number) => lat >= b.south && lat <= b.north && lng >= b.west && lng <= b.east;

export type ClusterIndex = { monuments: Monument[]; at(zoom: number): Cluster[] };

export function clusterIndex(monuments: Monument[]): ClusterIndex {
  const units = monuments.map((m) => unitPoint(m.geoLocX, m.geoLocY));
  const byZoom = new Map<number, Cluster[]>();
  return {
    monuments,
    at(zoom) {
      let cells = byZoom.get(zoom);
      if (cells) return cells;
      const cellsPerWorld = (256 * 2 ** zoom) / CELL_PX;
      const grid = new Map<string, Monument[]>();
      monuments.forEach((m, i) => {
        const [x, y] = units[i] ?? [0, 0];
        const key = `${zoom}:${Math.floor(x * cellsPerWorld)}:${Math.floor(y * cellsPerWorld)}`;
        const members = grid.get(key);
        if (members) members.push(m);
        else grid.set(key, [m]);
      });
      cells = [...grid].map(([key, members]) => clusterOf(key, members));
      byZoom.set(zoom, cells);
      return cells;
    },
  };
}

function clusterOf(key: string, members: Monument[]): Cluster {
  const bounds = { south: 90, west: 180, north: -90, east: -180 };
  let lat = 0;
  let lng = 0;
  let unvalidated = 0;
  for (const m of members) {
    lat += m.geoLocX;
    lng += m.geoLocY;
    if (!m.validated) unvalidated++;
    bounds.south = Math.min(bounds.south, m.geoLocX);
    bounds.north = Math.max(bounds.north, m.geoLocX);
    bounds.west = Math.min(bounds.west, m.geoLocY);
    bounds.east = Math.max(bounds.east, m.geoLocY);
  }
  return { key, lat: lat / members.length, lng: lng / members.length, members, unvalidated, bounds };
}

type View = { zoom: number; maxZoom: number; bounds: Bounds; pinned?: Monument | null | undefined };

/**
 * What to draw. A short list at the default zoom or closer: every monument (as before clustering).
 * At the map's maximum zoom: single markers in view (nothing can zoom further; fanned out where they
 * share a point). Otherwise the cells in view. The pinned monument (open popup, linked one) is
 * always its own marker, so a link into a cluster can open it.
 */
export function place(index: ClusterIndex, { zoom, maxZoom, bounds, pinned }: View): Placed[] {
  const markers = (list: Monument[]): Placed[] => list.map((monument) => ({ kind: 'marker', monument }));
  const others = (list: Monument[]) => (pinned ? list.filter((m) => m.id !== pinned.id) : list);
  const pin: Placed[] = pinned ? [{ kind: 'marker', monument: pinned }] : [];
  if (zoom >= SINGLES_ZOOM && index.monuments.length <= MAX_SINGLES) return [...pin, ...markers(others(index.monuments))];
  if (zoom >= maxZoom) return [...pin, ...markers(others(index.monuments.filter((m) => inside(bounds, m.geoLocX, m.geoLocY))))];
  const placed: Placed[] = [...pin];
  for (const cell of index.at(zoom)) {
    if (!inside(bounds, cell.lat, cell.lng)) continue;
    const members = pinned && cell.members.some((m) => m.id === pinned.id) ? others(cell.members) : cell.members;
    if (members.length === 1 && members[0]) placed.push({ kind: 'marker', monument: members[0] });
    else if (members.length > 1)
      placed.push({ kind: 'cluster', cluster: members === cell.members ? cell : clusterOf(cell.key, members) });
  }
  return placed;
}
