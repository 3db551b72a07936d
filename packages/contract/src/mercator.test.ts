import { describe, expect, it } from 'vitest';
import { cell, latOf, lngOf, MAX_LAT, tileX, tileY } from './mercator';

describe('Web Mercator in tile units', () => {
  it('maps Linz to its tile at zoom 14 (the OpenStreetMap wiki formula gives 8842/5674) and back', () => {
    const n = 2 ** 14;
    const [lat, lng] = [48.3059, 14.2862];
    expect([cell(tileX(lng, n), n), cell(tileY(lat, n), n)]).toEqual([8842, 5674]);
    expect(lngOf(tileX(lng, n), n)).toBeCloseTo(lng, 9);
    expect(latOf(tileY(lat, n), n)).toBeCloseTo(lat, 9);
  });

  it('keeps the poles and the antimeridian in the outermost tiles', () => {
    const n = 8;
    expect(cell(tileY(90, n), n)).toBe(0);
    expect(cell(tileY(-90, n), n)).toBe(n - 1);
    expect(cell(tileX(180, n), n)).toBe(n - 1);
    expect(cell(tileX(-180, n), n)).toBe(0);
    expect(latOf(0, n)).toBeCloseTo(MAX_LAT, 9);
  });
});
