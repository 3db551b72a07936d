// Web Mercator, the projection of the map's tiles, in tile units of a zoom with `n` tiles across
// (x from the antimeridian eastwards, y from the north; n = 1 is the world as 0..1). One definition
// for the server's data tiles and the web map's tiles and icon boxes.
export const MAX_LAT = 85.0511287798066;

export const tileX = (lng: number, n: number) => ((lng + 180) / 360) * n;

export function tileY(lat: number, n: number) {
  const sin = Math.sin((Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n;
}

export const lngOf = (x: number, n: number) => (x / n) * 360 - 180;

export const latOf = (y: number, n: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;

/** The tile (column or row) a position in tile units falls in: each position in exactly one. */
export const cell = (t: number, n: number) => Math.min(n - 1, Math.max(0, Math.floor(t)));
