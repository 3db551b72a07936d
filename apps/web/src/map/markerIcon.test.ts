import { describe, expect, it } from 'vitest';
import { coverOf } from './clusters';
import { fanOut, fanShift, markerIcon } from './markerIcon';

describe('marker icons', () => {
  it('anchors a lone marker at its tip (21,52)', () => {
    expect(markerIcon(true).options.iconAnchor).toEqual([21, 52]);
  });

  it('fans out a cluster’s monuments in rows, none covering another', () => {
    const places = fanOut([{ id: 'a' }, { id: 'b' }]);
    const anchors = ['a', 'b'].map((id) => markerIcon(true, places.get(id)?.index, places.get(id)?.count).options.iconAnchor);
    expect(anchors).toEqual([
      [44, 52],
      [-2, 52],
    ]);
    for (const count of [2, 3, 5, 9, 12]) {
      const boxes = Array.from({ length: count }, (_, i) => {
        const [dx, dy] = fanShift(i, count);
        return { left: dx - 21, right: dx + 21, top: dy - 52, bottom: dy };
      });
      for (const a of boxes) for (const b of boxes) if (a !== b) expect(coverOf(a, b)).toBe(0);
    }
  });
});
