import { describe, expect, it } from 'vitest';
import { fanOut, markerIcon } from './markerIcon';

describe('marker icons', () => {
  it('anchors a lone marker at its tip (21,52)', () => {
    expect(markerIcon(true).options.iconAnchor).toEqual([21, 52]);
  });

  it('fans out monuments that share a coordinate, so none hides another', () => {
    const places = fanOut([
      { id: 'a', geoLocX: 48.3, geoLocY: 14.28 },
      { id: 'b', geoLocX: 48.3, geoLocY: 14.28 },
      { id: 'c', geoLocX: 48.31, geoLocY: 14.28 },
    ]);
    expect(places.get('c')).toEqual({ index: 0, count: 1 });
    const a = places.get('a');
    const b = places.get('b');
    expect(a && b).toBeTruthy();
    const anchors = [a, b].map((p) => markerIcon(true, p?.index, p?.count).options.iconAnchor);
    expect(anchors).toEqual([
      [34, 52],
      [8, 52],
    ]);
  });
});
