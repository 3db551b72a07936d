import type { Monument } from '@linz/contract';
import { describe, expect, it } from 'vitest';
import { clusterIndex, coverOf, MAX_COVER, MAX_SINGLES, place, SINGLES_ZOOM, type Placed } from './clusters';

const monument = (id: string, lat: number, lng: number, validated = true) =>
  ({ id, name: id, geoLocX: lat, geoLocY: lng, validated }) as Monument;
const world = { south: -85, west: -180, north: 85, east: 180 };
const counts = (placed: Placed[]) => ({
  markers: placed.filter((p) => p.kind === 'marker').length,
  clusters: placed.filter((p) => p.kind === 'cluster').length,
});
/** `n` monuments on a grid of about 1.1 km x 0.75 km around Linz's main square. */
const grid = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    monument(`m${i}`, 48.3 + (i % 100) * 0.0001, 14.28 + Math.floor(i / 100) * 0.0001, i % 3 !== 0),
  );

describe('clusters', () => {
  it('draws a short list whole from the default zoom on: apart as markers, close together as a cluster', () => {
    // 40 monuments about 750 m apart, and two 5 m from each other.
    const apart = Array.from({ length: 40 }, (_, i) =>
      monument(`a${i}`, 48.25 + (i % 8) * 0.01, 14.2 + Math.floor(i / 8) * 0.01),
    );
    const close = [monument('c1', 48.3, 14.3, false), monument('c2', 48.30004, 14.3)];
    const placed = place(clusterIndex([...apart, ...close]), {
      zoom: SINGLES_ZOOM,
      maxZoom: 19,
      bounds: { south: 0, west: 0, north: 1, east: 1 },
    });
    expect(counts(placed)).toEqual({ markers: 40, clusters: 1 });
    const cluster = placed.find((p) => p.kind === 'cluster');
    expect(cluster?.kind === 'cluster' && cluster.cluster.members.map((m) => m.id).sort()).toEqual(['c1', 'c2']);
    expect(cluster?.kind === 'cluster' && cluster.cluster.unvalidated).toBe(1);
  });

  it('leaves no icon covered more than a fifth by another, at any zoom', () => {
    for (const list of [grid(42), grid(500), grid(5000)]) {
      const index = clusterIndex(list);
      for (let zoom = 10; zoom <= 19; zoom++) {
        const placed = place(index, { zoom, maxZoom: 19, bounds: world });
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
        expect(worst, `${list.length} monuments at zoom ${zoom}`).toBeLessThanOrEqual(MAX_COVER);
        expect(placed.reduce((n, p) => n + (p.kind === 'marker' ? 1 : p.cluster.members.length), 0)).toBe(list.length);
      }
    }
  });

  it('groups nearby monuments at low zoom, counting members and unverified ones', () => {
    const list = grid(42);
    const placed = place(clusterIndex(list), { zoom: 10, maxZoom: 18, bounds: world });
    expect(counts(placed)).toEqual({ markers: 0, clusters: 1 });
    const [only] = placed;
    expect(only?.kind === 'cluster' && [only.cluster.members.length, only.cluster.unvalidated]).toEqual([42, 14]);
  });

  it('keeps a long list to a few hundred elements at every zoom, and only draws what is in view', () => {
    const index = clusterIndex(grid(10_000));
    expect(10_000).toBeGreaterThan(MAX_SINGLES);
    for (let zoom = 10; zoom < 18; zoom++) expect(place(index, { zoom, maxZoom: 18, bounds: world }).length).toBeLessThan(400);
    const nowhere = { south: 10, west: 10, north: 11, east: 11 };
    expect(place(index, { zoom: 15, maxZoom: 18, bounds: nowhere })).toEqual([]);
    // Every monument is in exactly one cell.
    const members = index.at(16).reduce((sum, c) => sum + c.members.length, 0);
    expect(members).toBe(10_000);
  });

  it('at the maximum zoom keeps monuments too close to pick apart as a cluster, until it is fanned out', () => {
    const list = [monument('a', 48.35, 14.35), monument('b', 48.35, 14.35), monument('c', 48.350001, 14.35)];
    const index = clusterIndex([...list, ...grid(400)]);
    const view = { zoom: 19, maxZoom: 19, bounds: { south: 48.34999, west: 14.34999, north: 48.35002, east: 14.35001 } };
    const placed = place(index, view);
    const cluster = placed.find((p) => p.kind === 'cluster' && p.cluster.members.some((m) => m.id === 'a'));
    expect(cluster?.kind === 'cluster' && cluster.cluster.members.map((m) => m.id).sort()).toEqual(['a', 'b', 'c']);
    const key = cluster?.kind === 'cluster' ? cluster.cluster.key : '';
    const fanned = place(index, { ...view, fanned: key });
    expect(fanned.filter((p) => p.kind === 'marker').map((p) => p.kind === 'marker' && p.monument.id)).toEqual(
      expect.arrayContaining(['a', 'b', 'c']),
    );
  });

  it('draws the pinned monument (an open popup, a link) as its own marker even inside a cluster', () => {
    const list = grid(500);
    const pinned = list[250];
    const placed = place(clusterIndex(list), { zoom: 12, maxZoom: 18, bounds: world, pinned });
    expect(placed[0]).toEqual({ kind: 'marker', monument: pinned });
    const inClusters = placed.flatMap((p) => (p.kind === 'cluster' ? p.cluster.members : [p.monument]));
    expect(inClusters).toHaveLength(500);
    expect(inClusters.filter((m) => m === pinned)).toHaveLength(1);
  });
});
