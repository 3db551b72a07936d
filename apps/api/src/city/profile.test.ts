// A city's boundary file as cities have them, and the data folder a first command makes.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockFolder } from '../db/folder-lock.js';
import { boundaryPolygons } from './profile.js';

const square = [
  [
    [8.4, 47.3],
    [8.6, 47.3],
    [8.6, 47.4],
    [8.4, 47.4],
    [8.4, 47.3],
  ],
];

describe('a boundary file', () => {
  it('is read as EqualStreetNames ships it: a GeometryCollection of one MultiPolygon', () => {
    const file = { type: 'GeometryCollection', geometries: [{ type: 'MultiPolygon', coordinates: [square, square] }] };
    expect(boundaryPolygons(file)).toEqual({ polygons: [square, square] });
  });

  it('that holds no polygon is refused with the kinds a boundary may be', () => {
    const result = boundaryPolygons({ type: 'LineString', coordinates: square[0] });
    expect('problems' in result && result.problems[0]).toBe(
      'not a GeoJSON Polygon or MultiPolygon, or a Feature, FeatureCollection or GeometryCollection of them',
    );
  });
});

describe('the data folder', () => {
  it('is made when it does not exist yet (a first `pnpm city import`), and locked', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'city-data-')), 'not', 'yet');
    const lock = lockFolder(dir);
    try {
      expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
    } finally {
      lock.release();
    }
  });
});
