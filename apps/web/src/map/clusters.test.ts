import type { Monument } from '@linz/contract';
import { describe, expect, it } from 'vitest';
import { clusterIndex, MAX_SINGLES, place, SINGLES_ZOOM, type Placed } from './clusters';

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
  it('draws a short list whole, as single markers, from the default zoom on (as before clustering)', () => {
    const list = grid(42);
    const placed = place(clusterIndex(list), {
      zoom: SINGLES_ZOOM,
      maxZoom: 18,
      bounds: { south: 0, west: 0, north: 1, east: 1 },
    });
    expect(counts(placed)).toEqual({ markers: 42, clusters: 0 });
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

  it('shows single markers at the maximum zoom, where a cluster could not zoom further', () => {
    const list = [monument('a', 48.3, 14.28), monument('b', 48.3, 14.28), monument('c', 48.30001, 14.28)];
    const index = clusterIndex([...list, ...grid(400)]);
    const placed = place(index, {
      zoom: 18,
      maxZoom: 18,
      bounds: { south: 48.29999, west: 14.27999, north: 48.30002, east: 14.28001 },
    });
    expect(placed.map((p) => p.kind === 'marker' && p.monument.id).sort()).toEqual(['a', 'b', 'c', 'm0']);
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
