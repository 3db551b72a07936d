// What the map draws for a list of monuments at a zoom: grid clusters (one per CELL_PX square of
// screen pixels) or single markers, and then, whichever it was, markers or clusters whose icons
// would cover one another join one cluster (a finger must be able to pick what it taps). Computed
// once per zoom and list, then only what is in view is drawn, so 10,000 monuments cost a few hundred
// DOM elements, not 10,000.
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

/** Icon boxes in screen pixels around the point: a marker (42x52) stands on its tip, a cluster (56x56) is centred on it. */
const MARKER_BOX = { left: -21, right: 21, top: -52, bottom: 0 };
const CLUSTER_BOX = { left: -28, right: 28, top: -28, bottom: 28 };
/** Icons of which one would be covered more than this share by another join a cluster. The goal is
 * a quarter at most; the margin absorbs the browser's rounding of positions. */
export const MAX_COVER = 0.2;

type Box = { left: number; right: number; top: number; bottom: number };
const boxAt = (x: number, y: number, single: boolean): Box => {
  const b = single ? MARKER_BOX : CLUSTER_BOX;
  return { left: x + b.left, right: x + b.right, top: y + b.top, bottom: y + b.bottom };
};
const area = (b: Box) => (b.right - b.left) * (b.bottom - b.top);

/** The larger share of either box that the other covers. */
export function coverOf(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.min(area(a), area(b));
}

type Group = { parts: Monument[][]; count: number; lat: number; lng: number; box: Box; cell: string; alive: boolean };
/** Neighbour search cells: wider than any two icons that can touch (56 px), so 3x3 cells suffice. */
const SEARCH_PX = 64;

/**
 * Merges groups whose icons would cover one another at this zoom, until none does. A merged group
 * is drawn at its members' mean position, where it may cover another: it is checked again.
 */
export function separate(groups: Monument[][], zoom: number): Monument[][] {
  const scale = 256 * 2 ** zoom;
  const grid = new Map<string, Group[]>();
  const queue: Group[] = [];
  const add = (parts: Monument[][], count: number, lat: number, lng: number) => {
    const [ux, uy] = unitPoint(lat, lng);
    const box = boxAt(ux * scale, uy * scale, count === 1);
    const cx = Math.floor((box.left + box.right) / 2 / SEARCH_PX);
    const cy = Math.floor((box.top + box.bottom) / 2 / SEARCH_PX);
    const group: Group = { parts, count, lat, lng, box, cell: `${cx}:${cy}`, alive: true };
    const list = grid.get(group.cell);
    if (list) list.push(group);
    else grid.set(group.cell, [group]);
    queue.push(group);
  };
  const drop = (g: Group) => {
    g.alive = false;
    const list = grid.get(g.cell);
    if (list) list.splice(list.indexOf(g), 1);
  };
  const overlapping = (g: Group): Group | undefined => {
    const [cx = 0, cy = 0] = g.cell.split(':').map(Number);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const other of grid.get(`${cx + dx}:${cy + dy}`) ?? [])
          if (other !== g && coverOf(g.box, other.box) > MAX_COVER) return other;
    return undefined;
  };
  for (const members of groups) {
    if (members.length === 0) continue;
    let lat = 0;
    let lng = 0;
    for (const m of members) {
      lat += m.geoLocX;
      lng += m.geoLocY;
    }
    add([members], members.length, lat / members.length, lng / members.length);
  }
  // Last in, first checked: a new merged group is checked at once against its new neighbours.
  for (let g = queue.pop(); g; g = queue.pop()) {
    if (!g.alive) continue;
    const other = overlapping(g);
    if (!other) continue;
    drop(g);
    drop(other);
    const count = g.count + other.count;
    add(
      [...g.parts, ...other.parts],
      count,
      (g.lat * g.count + other.lat * other.count) / count,
      (g.lng * g.count + other.lng * other.count) / count,
    );
  }
  const result: Monument[][] = [];
  for (const list of grid.values()) for (const g of list) result.push(g.parts.length === 1 ? (g.parts[0] ?? []) : g.parts.flat());
  return result;
}

export type ClusterIndex = {
  monuments: Monument[];
  /** Every monument in one group: grid cells (`whole` false) or one each (`whole`), then separated. */
  at(zoom: number, whole?: boolean): Cluster[];
};

export function clusterIndex(monuments: Monument[]): ClusterIndex {
  const units = monuments.map((m) => unitPoint(m.geoLocX, m.geoLocY));
  const byZoom = new Map<string, Cluster[]>();
  const cellsAt = (zoom: number) => {
    const cellsPerWorld = (256 * 2 ** zoom) / CELL_PX;
    const grid = new Map<string, Monument[]>();
    monuments.forEach((m, i) => {
      const [x, y] = units[i] ?? [0, 0];
      const key = `${Math.floor(x * cellsPerWorld)}:${Math.floor(y * cellsPerWorld)}`;
      const members = grid.get(key);
      if (members) members.push(m);
      else grid.set(key, [m]);
    });
    return [...grid.values()];
  };
  return {
    monuments,
    at(zoom, whole = false) {
      const cacheKey = `${zoom}:${whole}`;
      let cells = byZoom.get(cacheKey);
      if (cells) return cells;
      const groups = whole ? monuments.map((m) => [m]) : cellsAt(zoom);
      // Named by zoom and the smallest member id: the same group keeps its key across redraws.
      cells = separate(groups, zoom).map((members) => {
        let first = members[0]?.id ?? '';
        for (const m of members) if (m.id < first) first = m.id;
        return clusterOf(`${zoom}:${first}`, members);
      });
      byZoom.set(cacheKey, cells);
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

type View = {
  zoom: number;
  maxZoom: number;
  bounds: Bounds;
  pinned?: Monument | null | undefined;
  /** The key of a cluster opened in place (its monuments drawn as markers side by side). */
  fanned?: string | null | undefined;
};

/**
 * What to draw: the groups in view, a group of one as its marker. A short list at the default zoom
 * or closer starts from every monument on its own, a long one from the grid; either way icons that
 * would cover one another are a cluster. A fanned cluster's monuments are drawn as markers (the
 * layer sets them side by side). The pinned monument (open popup, linked one) is always its own
 * marker, so a link into a cluster can open it.
 */
export function place(index: ClusterIndex, { zoom, maxZoom, bounds, pinned, fanned }: View): Placed[] {
  const whole = zoom >= SINGLES_ZOOM && index.monuments.length <= MAX_SINGLES;
  const placed: Placed[] = pinned ? [{ kind: 'marker', monument: pinned }] : [];
  for (const cell of index.at(Math.min(zoom, maxZoom), whole)) {
    // A short list is drawn whole, in view or not (a keyboard can reach every marker; Leaflet pans to it).
    if (!whole && !inside(bounds, cell.lat, cell.lng)) continue;
    const members =
      pinned && cell.members.some((m) => m.id === pinned.id) ? cell.members.filter((m) => m.id !== pinned.id) : cell.members;
    if (cell.key === fanned || (members.length === 1 && members[0]))
      for (const monument of members) placed.push({ kind: 'marker', monument });
    else if (members.length > 1)
      placed.push({ kind: 'cluster', cluster: members === cell.members ? cell : clusterOf(cell.key, members) });
  }
  return placed;
}
