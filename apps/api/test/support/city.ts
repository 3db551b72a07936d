// The shipped Linz profile, for the tests about Linz (seed, street register, boundary).
import { cityFolder, loadCity, type City } from '../../src/city/profile.js';

let linz: City | undefined;
export const linzCity = (): City => (linz ??= loadCity(cityFolder('linz')));
/** Linz's site and legal profile (the shipped example). */
export const LINZ_SITE_PROFILE = (): string => linzCity().siteFile;
/** Linz's area (its profile's boundary). */
export const linzArea = () => linzCity().area;
