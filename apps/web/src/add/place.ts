// Where the new monument stands: its first place, the rounding, and the coordinates a person types.
import { insideArea, type CityArea } from '@linz/contract/facts';
import { mapView, pendingCoords, type LatLng } from '../storage/keys';

/** Six decimals are about 10 cm: more is noise from a pointer, not knowledge of the place. */
export const round6 = (n: number): number => Math.round(n * 1e6) / 1e6;
export const rounded = (p: LatLng): LatLng => ({ lat: round6(p.lat), lng: round6(p.lng) });

/**
 * The pin starts where the visitor pressed on the map, else at the centre the map last showed
 * (when it is in the city), else at the city's opening view's centre.
 */
export function firstPlace(area: CityArea, cityView: LatLng): LatLng {
  const pressed = pendingCoords.read();
  if (pressed) return rounded(pressed);
  const centre = mapView.read()?.center;
  if (centre && insideArea(area, centre.lat, centre.lng)) return rounded(centre);
  return cityView;
}

/**
 * A coordinate as a person types it: a decimal point or a decimal comma ("48,3069" is 48.3069,
 * never 483069), a sign, no grouping. Anything else is NaN.
 */
export function parseDegrees(text: string): number {
  const t = text.trim().replace(/^\+/, '');
  if (!/^-?\d{1,3}([.,]\d+)?$/.test(t)) return Number.NaN;
  return Number(t.replace(',', '.'));
}
