// Lines for streets: read from the formats' shapes, checked, merged, and a point on the line for
// the marker (halfway along its length, so it lies on the street, not beside a bend).
import { insideArea, type CityArea } from '@linz/contract';
import type { LineGeometry } from '../../db/schema.js';

type Position = [number, number];

const isPosition = (p: unknown): p is Position =>
  Array.isArray(p) &&
  p.length >= 2 &&
  typeof p[0] === 'number' &&
  typeof p[1] === 'number' &&
  Number.isFinite(p[0]) &&
  Number.isFinite(p[1]) &&
  Math.abs(p[0]) <= 180 &&
  Math.abs(p[1]) <= 90;

/** A LineString's or MultiLineString's lines ([lng, lat]), or null when any part is not a line of two or more positions. */
export function linesOf(geometry: unknown): Position[][] | null {
  if (typeof geometry !== 'object' || geometry === null) return null;
  const g = geometry as { type?: unknown; coordinates?: unknown };
  const raw = g.type === 'LineString' ? [g.coordinates] : g.type === 'MultiLineString' ? g.coordinates : null;
  if (!Array.isArray(raw) || raw.length === 0) return null;
  const lines: Position[][] = [];
  for (const line of raw) {
    if (!Array.isArray(line) || line.length < 2 || !line.every(isPosition)) return null;
    lines.push(line.map((p) => [p[0], p[1]]));
  }
  return lines;
}

/** Metres between two [lng, lat] positions (equirectangular: exact enough within a city). */
export function metres(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const x = (b[0] - a[0]) * rad * Math.cos(((a[1] + b[1]) / 2) * rad);
  const y = (b[1] - a[1]) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}

const lengthOf = (line: Position[]) => line.slice(1).reduce((n, p, i) => n + metres(line[i] as Position, p), 0);

/** The point halfway along the longest line: the marker of a street. */
export function pointOnLine(lines: Position[][]): { lat: number; lng: number } {
  const longest = lines.reduce((a, b) => (lengthOf(b) > lengthOf(a) ? b : a));
  let left = lengthOf(longest) / 2;
  for (let i = 1; i < longest.length; i++) {
    const a = longest[i - 1] as Position;
    const b = longest[i] as Position;
    const d = metres(a, b);
    if (d >= left && d > 0) {
      const f = left / d;
      return { lng: round6(a[0] + (b[0] - a[0]) * f), lat: round6(a[1] + (b[1] - a[1]) * f) };
    }
    left -= d;
  }
  const [lng, lat] = longest[0] as Position;
  return { lat: round6(lat), lng: round6(lng) };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The lines as a geometry for drawing: one line a LineString, more a MultiLineString. */
export function geometryOf(lines: Position[][]): LineGeometry {
  const rounded = lines.map((l) => l.map(([x, y]) => [round6(x), round6(y)] as Position));
  return rounded.length === 1
    ? { type: 'LineString', coordinates: rounded[0] as Position[] }
    : { type: 'MultiLineString', coordinates: rounded };
}

/**
 * The part of a street inside the city: the lines with a position inside the area, its marker on
 * them (halfway along the longest, or its first position inside when that halfway point is not).
 * Undefined when no line reaches into the area. A street that runs out of the city keeps its part in it.
 */
export function insidePart(
  geometry: LineGeometry,
  area: CityArea,
): { lat: number; lng: number; geometry: LineGeometry } | undefined {
  const within = ([lng, lat]: Position) => insideArea(area, lat, lng);
  const lines = (linesOf(geometry) ?? []).filter((line) => line.some(within));
  if (lines.length === 0) return undefined;
  const marker = pointOnLine(lines);
  if (within([marker.lng, marker.lat])) return { ...marker, geometry: geometryOf(lines) };
  const [lng, lat] = lines.flat().find(within) as Position;
  return { lat: round6(lat), lng: round6(lng), geometry: geometryOf(lines) };
}
