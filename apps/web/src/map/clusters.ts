// What the map draws from its data tiles (mapData.ts): the server's clusters and single monuments
// of the tiles in view, and then markers or clusters whose icons would cover one another (across a
// tile's edge, or a monument beside a cluster) join one cluster, so a finger can pick what it taps.
// A cluster knows its members one by one only where it was made here from single monuments (the
// deepest zooms, where the server sends no clusters): only such a cluster can be fanned out.
import type { MapTile, Monument } from '@linz/contract';
import { tileX, tileY } from '@linz/contract/mercator';

export type Bounds = { south: number; west: number; north: number; east: number };
export type Cluster = {
  key: string;
  /** The smallest member id: the cluster's name across redraws, with the zoom. */
  first: string;
  lat: number;
  lng: number;
  count: number;
  unvalidated: number;
  bounds: Bounds;
  /** The members known one by one: all of them, or none for a cluster the server made. */
  members: Monument[];
};
export type Placed = { kind: 'marker'; monument: Monument } | { kind: 'cluster'; cluster: Cluster };

/** Web Mercator, 0..1 across the world (Leaflet's own projection, without its objects). */
const unitPoint = (lat: number, lng: number): [number, number] => [tileX(lng, 1), tileY(lat, 1)];

/** Icon boxes in screen pixels around the point: a marker (42x52) stands on its tip, a cluster (56x56) is centred on it. */
const MARKER_BOX = { left: -21, right: 21, top: -52, bottom: 0 };
const CLUSTER_BOX = { left: -28, right: 28, top: -28, bottom: 28 };
/** Icons of which one would be covered more than this share by another join a cluster. The goal is
 * a quarter at most; the margin absorbs the browser's rounding of positions. */
export const MAX_COVER = 0.2;

/** Every icon keeps a square of its own at least this wide, not covered by any neighbour: WCAG
 * 2.5.8 asks 24 CSS px of a target; the margin absorbs the browser's rounding of positions. */
export const MIN_OWN_PX = 26;

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

/**
 * The side of the largest square of `a` that none of `covers` overlaps. Such a square, pushed left
 * and then up as far as it goes, has its left edge on `a`'s or a cover's right edge and its top on
 * `a`'s or a cover's bottom edge: only those corners are tried.
 */
export function ownSquare(a: Box, covers: readonly Box[]): number {
  const xs = [a.left, ...covers.map((b) => b.right).filter((x) => x > a.left && x < a.right)];
  const ys = [a.top, ...covers.map((b) => b.bottom).filter((y) => y > a.top && y < a.bottom)];
  let best = 0;
  for (const x of xs)
    for (const y of ys) {
      let side = Math.min(a.right - x, a.bottom - y);
      for (const b of covers) {
        if (b.right <= x || b.bottom <= y) continue;
        side = Math.min(side, Math.max(b.left - x, b.top - y));
      }
      best = Math.max(best, side);
    }
  return best;
}

/** One monument as a group of one. */
export function single(m: Monument): Cluster {
  const bounds = { south: m.geoLocX, west: m.geoLocY, north: m.geoLocX, east: m.geoLocY };
  return {
    key: m.id,
    first: m.id,
    lat: m.geoLocX,
    lng: m.geoLocY,
    count: 1,
    unvalidated: m.validated ? 0 : 1,
    bounds,
    members: [m],
  };
}

/** Two groups as one, at their members' mean position. */
function merged(a: Cluster, b: Cluster, zoom: number): Cluster {
  const count = a.count + b.count;
  const first = a.first < b.first ? a.first : b.first;
  return {
    key: `${zoom}:${first}`,
    first,
    lat: (a.lat * a.count + b.lat * b.count) / count,
    lng: (a.lng * a.count + b.lng * b.count) / count,
    count,
    unvalidated: a.unvalidated + b.unvalidated,
    bounds: {
      south: Math.min(a.bounds.south, b.bounds.south),
      west: Math.min(a.bounds.west, b.bounds.west),
      north: Math.max(a.bounds.north, b.bounds.north),
      east: Math.max(a.bounds.east, b.bounds.east),
    },
    members: a.members.length === a.count && b.members.length === b.count ? [...a.members, ...b.members] : [],
  };
}

type Group = { cluster: Cluster; box: Box; cell: string; alive: boolean };
/** Neighbour search cells: wider than any two icons that can touch (56 px), so 3x3 cells suffice. */
const SEARCH_PX = 64;

/**
 * Merges groups whose icons would cover one another at this zoom, until none does. A merged group
 * is drawn at its members' mean position, where it may cover another: it is checked again.
 */
export function separate(groups: readonly Cluster[], zoom: number): Cluster[] {
  const scale = 256 * 2 ** zoom;
  const grid = new Map<string, Group[]>();
  const queue: Group[] = [];
  const add = (cluster: Cluster) => {
    const [ux, uy] = unitPoint(cluster.lat, cluster.lng);
    const box = boxAt(ux * scale, uy * scale, cluster.count === 1);
    const cx = Math.floor((box.left + box.right) / 2 / SEARCH_PX);
    const cy = Math.floor((box.top + box.bottom) / 2 / SEARCH_PX);
    const group: Group = { cluster, box, cell: `${cx}:${cy}`, alive: true };
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
  /** A neighbour to merge with: one that covers too much of this group or is covered too much by
   * it, or, where several neighbours together leave this group no square of its own, the one
   * covering most. */
  const overlapping = (g: Group): Group | undefined => {
    const [cx = 0, cy = 0] = g.cell.split(':').map(Number);
    let most: Group | undefined;
    let mostCover = 0;
    const covers: Box[] = [];
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const other of grid.get(`${cx + dx}:${cy + dy}`) ?? []) {
          if (other === g) continue;
          const cover = coverOf(g.box, other.box);
          if (cover === 0) continue;
          if (cover > MAX_COVER || ownSquare(other.box, [g.box]) < MIN_OWN_PX) return other;
          covers.push(other.box);
          if (cover > mostCover) [most, mostCover] = [other, cover];
        }
    return most && ownSquare(g.box, covers) < MIN_OWN_PX ? most : undefined;
  };
  for (const group of groups) add(group);
  // Last in, first checked: a new merged group is checked at once against its new neighbours.
  for (let g = queue.pop(); g; g = queue.pop()) {
    if (!g.alive) continue;
    const other = overlapping(g);
    if (!other) continue;
    drop(g);
    drop(other);
    add(merged(g.cluster, other.cluster, zoom));
  }
  const result: Cluster[] = [];
  for (const list of grid.values()) for (const g of list) result.push(g.cluster);
  return result;
}

/** The tiles' clusters and monuments as groups (the pinned monument left out: it is drawn on its own). */
export function groupsOf(tiles: readonly MapTile[], pinnedId?: string): Cluster[] {
  const groups: Cluster[] = [];
  for (const tile of tiles) {
    for (const c of tile.clusters) {
      const [south, west, north, east] = c.bounds;
      const first = c.id.slice(c.id.indexOf(':') + 1);
      const bounds = { south, west, north, east };
      groups.push({ key: c.id, first, lat: c.lat, lng: c.lng, count: c.count, unvalidated: c.unreviewed, bounds, members: [] });
    }
    for (const m of tile.monuments) if (m.id !== pinnedId) groups.push(single(m));
  }
  return groups;
}

type View = {
  /** The zoom the tiles were made for. */
  zoom: number;
  pinned?: Monument | null | undefined;
  /** The key of a cluster opened in place (its monuments drawn as markers side by side). */
  fanned?: string | null | undefined;
};

/**
 * What to draw from the tiles in view: clusters and monuments, none covering another. A fanned
 * cluster's monuments are drawn as markers (the layer sets them side by side). The pinned monument
 * (open popup, linked one) is always its own marker, so a link into a cluster can open it.
 */
export function place(tiles: readonly MapTile[], { zoom, pinned, fanned }: View): Placed[] {
  const placed: Placed[] = pinned ? [{ kind: 'marker', monument: pinned }] : [];
  for (const cluster of separate(groupsOf(tiles, pinned?.id), zoom)) {
    const fan = cluster.key === fanned && cluster.members.length === cluster.count;
    if (cluster.count === 1 || fan) for (const monument of cluster.members) placed.push({ kind: 'marker', monument });
    else placed.push({ kind: 'cluster', cluster });
  }
  return placed;
}
