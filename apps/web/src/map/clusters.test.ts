import type { MapCluster, MapTile, Monument } from '@linz/contract';
import { describe, expect, it } from 'vitest';
import { coverOf, MAX_COVER, ownSquare, place, type Placed } from './clusters';

const monument = (id: string, lat: number, lng: number, validated = true) =>
  ({ id, name: id, geoLocX: lat, geoLocY: lng, validated }) as Monument;
const tile = (monuments: Monument[], clusters: MapCluster[] = []): MapTile => ({ z: 0, x: 0, y: 0, clusters, monuments });
const serverCluster = (first: string, lat: number, lng: number, count: number, unreviewed = 0): MapCluster => ({
  id: `15:${first}`,
  lat,
  lng,
  count,
  unreviewed,
  expansionZoom: 16,
  bounds: [lat - 0.001, lng - 0.001, lat + 0.001, lng + 0.001],
});
const counts = (placed: Placed[]) => ({
  markers: placed.filter((p) => p.kind === 'marker').length,
  clusters: placed.filter((p) => p.kind === 'cluster').length,
});
const total = (placed: Placed[]) => placed.reduce((n, p) => n + (p.kind === 'marker' ? 1 : p.cluster.count), 0);
/** `n` monuments on a grid of about 1.1 km x 0.75 km around Linz's main square. */
const grid = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    monument(`m${i}`, 48.3 + (i % 100) * 0.0001, 14.28 + Math.floor(i / 100) * 0.0001, i % 3 !== 0),
  );

function worstCover(placed: Placed[], zoom: number) {
  const scale = 256 * 2 ** zoom;
  const boxes = placed.map((p) => {
    const [lat, lng] = p.kind === 'marker' ? [p.monument.geoLocX, p.monument.geoLocY] : [p.cluster.lat, p.cluster.lng];
    const sin = Math.sin((lat * Math.PI) / 180);
    const x = ((lng + 180) / 360) * scale;
    const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
    return p.kind === 'marker'
      ? { left: x - 21, right: x + 21, top: y - 52, bottom: y }
      : { left: x - 28, right: x + 28, top: y - 28, bottom: y + 28 };
  });
  let worst = 0;
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) worst = Math.max(worst, coverOf(boxes[i]!, boxes[j]!));
  return worst;
}

describe('clusters from data tiles', () => {
  it('draws monuments apart as markers and close ones as a cluster that knows its members', () => {
    // 40 monuments about 750 m apart, and two 5 m from each other.
    const apart = Array.from({ length: 40 }, (_, i) =>
      monument(`a${i}`, 48.25 + (i % 8) * 0.01, 14.2 + Math.floor(i / 8) * 0.01),
    );
    const close = [monument('c1', 48.3, 14.3, false), monument('c2', 48.30004, 14.3)];
    const placed = place([tile(apart.slice(0, 20)), tile([...apart.slice(20), ...close])], { zoom: 18 });
    expect(counts(placed)).toEqual({ markers: 40, clusters: 1 });
    const cluster = placed.find((p) => p.kind === 'cluster');
    expect(cluster?.kind === 'cluster' && cluster.cluster.members.map((m) => m.id).sort()).toEqual(['c1', 'c2']);
    expect(cluster?.kind === 'cluster' && [cluster.cluster.count, cluster.cluster.unvalidated]).toEqual([2, 1]);
  });

  it('leaves no icon covered more than a fifth by another, at any zoom, and loses no monument', () => {
    for (const list of [grid(42), grid(500), grid(2000)])
      for (let zoom = 12; zoom <= 19; zoom++) {
        // The monuments split over two tiles as a server would send them at the deepest zooms.
        const placed = place([tile(list.filter((_, i) => i % 2 === 0)), tile(list.filter((_, i) => i % 2 === 1))], { zoom });
        expect(worstCover(placed, zoom), `${list.length} monuments at zoom ${zoom}`).toBeLessThanOrEqual(MAX_COVER);
        expect(total(placed)).toBe(list.length);
      }
  });

  it('joins a server cluster and a monument of the next tile that would cover it, counting both', () => {
    const cluster = serverCluster('k', 48.3, 14.3, 12, 3);
    // About 15 m east at zoom 15: across the tiles' edge, the icons would lie on one another.
    const neighbour = monument('n', 48.3, 14.3002, false);
    const placed = place([tile([], [cluster]), tile([neighbour])], { zoom: 15 });
    expect(counts(placed)).toEqual({ markers: 0, clusters: 1 });
    const [only] = placed;
    expect(only?.kind === 'cluster' && [only.cluster.count, only.cluster.unvalidated, only.cluster.members]).toEqual([13, 4, []]);
    // Far apart, both stay as the server sent them.
    const far = place([tile([], [cluster]), tile([monument('f', 48.31, 14.32)])], { zoom: 15 });
    expect(counts(far)).toEqual({ markers: 1, clusters: 1 });
    expect(far.find((p) => p.kind === 'cluster')?.kind === 'cluster' && far.find((p) => p.kind === 'cluster')).toMatchObject({
      cluster: { key: '15:k', count: 12, unvalidated: 3 },
    });
  });

  it('at the maximum zoom keeps monuments too close to pick apart as a cluster, until it is fanned out', () => {
    const list = [monument('a', 48.35, 14.35), monument('b', 48.35, 14.35), monument('c', 48.350001, 14.35)];
    const tiles = [tile([...list, ...grid(400)])];
    const placed = place(tiles, { zoom: 19 });
    const cluster = placed.find((p) => p.kind === 'cluster' && p.cluster.members.some((m) => m.id === 'a'));
    expect(cluster?.kind === 'cluster' && cluster.cluster.members.map((m) => m.id).sort()).toEqual(['a', 'b', 'c']);
    const key = cluster?.kind === 'cluster' ? cluster.cluster.key : '';
    const fanned = place(tiles, { zoom: 19, fanned: key });
    expect(fanned.filter((p) => p.kind === 'marker').map((p) => p.kind === 'marker' && p.monument.id)).toEqual(
      expect.arrayContaining(['a', 'b', 'c']),
    );
    // A server cluster (members unknown) is never fanned: it stays a cluster to zoom into.
    const server = serverCluster('s', 48.4, 14.4, 5);
    expect(counts(place([tile([], [server])], { zoom: 15, fanned: '15:s' }))).toEqual({ markers: 0, clusters: 1 });
  });

  it('draws the pinned monument (an open popup, a link) as its own marker, once, even inside a cluster', () => {
    const list = grid(500);
    const pinned = list[250];
    const placed = place([tile(list)], { zoom: 17, pinned });
    expect(placed[0]).toEqual({ kind: 'marker', monument: pinned });
    expect(total(placed)).toBe(500);
    const inClusters = placed.flatMap((p) => (p.kind === 'cluster' ? p.cluster.members : [p.monument]));
    expect(inClusters.filter((m) => m === pinned)).toHaveLength(1);
  });
});

describe('every icon keeps a square of its own (WCAG 2.5.8)', () => {
  const boxOf = (p: Placed, zoom: number) => {
    const scale = 256 * 2 ** zoom;
    const [lat, lng] = p.kind === 'marker' ? [p.monument.geoLocX, p.monument.geoLocY] : [p.cluster.lat, p.cluster.lng];
    const sin = Math.sin((lat * Math.PI) / 180);
    const x = ((lng + 180) / 360) * scale;
    const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
    return p.kind === 'marker'
      ? { left: x - 21, right: x + 21, top: y - 52, bottom: y }
      : { left: x - 28, right: x + 28, top: y - 28, bottom: y + 28 };
  };

  it('measures the largest uncovered square', () => {
    const marker = { left: 0, right: 42, top: 0, bottom: 52 };
    expect(ownSquare(marker, [])).toBe(42);
    // A neighbour 17 px to the right and level: 17 px of its own remain, too few.
    expect(ownSquare(marker, [{ left: 17, right: 59, top: 0, bottom: 52 }])).toBe(17);
    // Two neighbours, each covering a tenth at either side: 22 px left between them.
    expect(
      ownSquare(marker, [
        { left: -32, right: 10, top: 0, bottom: 52 },
        { left: 32, right: 74, top: 0, bottom: 52 },
      ]),
    ).toBe(22);
  });

  it('at every zoom, each drawn icon keeps 24 px of its own against all its neighbours together', () => {
    for (const list of [grid(42), grid(500)])
      for (let zoom = 14; zoom <= 19; zoom++) {
        const placed = place([tile(list)], { zoom });
        const boxes = placed.map((p) => boxOf(p, zoom));
        for (const [i, box] of boxes.entries()) {
          const others = boxes.filter((b, j) => j !== i && coverOf(box, b) > 0);
          expect(ownSquare(box, others), `zoom ${zoom}, icon ${i}`).toBeGreaterThanOrEqual(24);
        }
        expect(total(placed)).toBe(list.length);
      }
  });
});
