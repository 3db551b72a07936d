// Where a monument stands, in words a reader takes in: degrees with at most 5 decimals (about a
// metre) and the compass letters of the visitor's language, never the stored 15-digit floats.
import type { TFunction } from 'i18next';
import { writeDecimal } from '../i18n/writing';

/** Decimals shown: 5 place a point within about a metre, more only look like precision. */
const DECIMALS = 5;

export function formatPlace(lat: number, lng: number, t: TFunction): string {
  const degrees = (value: number) => writeDecimal(t, Math.abs(value), DECIMALS);
  // Not `lng` or `ns`: i18next reads those options as the language and the namespace.
  return t('proposals.place', {
    latitude: degrees(lat),
    longitude: degrees(lng),
    northSouth: t(lat < 0 ? 'proposals.compass.south' : 'proposals.compass.north'),
    eastWest: t(lng < 0 ? 'proposals.compass.west' : 'proposals.compass.east'),
  });
}
