// A city's profile: one folder (apps/api/cities/<name>/, or any folder CITY names) holds what is the
// city's own: its name, boundary, opening view, time zone, vote threshold, the mayor's address,
// its site and legal profile (site.json) and its seed files. Read and validated once at start.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { areaOf, EmailAddress, insideArea, type CityArea, type Ring } from '@linz/contract';
import { z } from 'zod';

const here = path.dirname(new URL(import.meta.url).pathname);

/** The profiles shipped with the code: apps/api/cities, the nearest `cities` folder above this module (src/city/, dist/, a test's bundle). */
export const CITIES_DIR = (() => {
  for (let dir = here; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'cities'))) return path.join(dir, 'cities');
    if (path.dirname(dir) === dir) return path.resolve(here, '../cities');
  }
})();

const Localised = z.object({ de: z.string().trim().min(1), en: z.string().trim().min(1) });
const FileName = z
  .string()
  .min(1)
  .refine((f) => !path.isAbsolute(f) && !f.split(/[\\/]/).includes('..'), { message: 'a file inside the profile folder' });
const validTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** city.json: what a city writes. Files are named relative to its folder. */
export const CityFile = z.strictObject({
  /** Marks a profile written by `pnpm city init`: its placeholders are refused by a public start. */
  example: z.boolean().optional(),
  name: Localised,
  /** The site's name in titles, mails and share images, e.g. "Denk·Mal Graz". */
  productName: z.string().trim().min(1).max(60),
  /** A GeoJSON file: a Polygon or MultiPolygon (a Feature, FeatureCollection or GeometryCollection of them). */
  boundary: FileName,
  /** Where the map opens; the boundary's centre at zoom 13 when left out. */
  view: z
    .object({ lat: z.number().min(-85).max(85), lng: z.number().min(-180).max(180), zoom: z.number().int().min(3).max(19) })
    .optional(),
  timeZone: z.string().refine(validTimeZone, { message: 'an IANA time zone, e.g. Europe/Vienna' }),
  /** Votes that send a proposal to the mayor's office. */
  voteThreshold: z.number().int().min(2).max(10_000),
  mayorEmail: EmailAddress,
  /** The site and legal profile (Impressum, privacy, accessibility): SITE_PROFILE overrides it. */
  site: FileName,
  colours: z.object({ accent: z.string().regex(/^#[0-9a-fA-F]{6}$/) }).optional(),
  logo: FileName.optional(),
  /** Loaded into an empty database at its first start (each once). */
  seed: z
    .strictObject({
      monuments: FileName.optional(),
      streets: FileName.optional(),
      withoutCoordinates: FileName.optional(),
      /** A sourced point per register street (CSV by register id): those streets are placed. */
      streetPoints: FileName.optional(),
      /** Works of public art (JSON) beside the seed monuments. */
      publicArt: FileName.optional(),
    })
    .default({}),
  /** Whose data the map and figures use: the dashboard's and the exports' credit, as their licences ask. */
  sources: z.array(z.object({ name: Localised, url: z.string().regex(/^https?:\/\/\S+$/), licence: Localised })).default([]),
  /** The street-name register's source (the dashboard's street figures credit it). */
  streetRegisterSource: z
    .object({
      name: z.string().min(1),
      url: z.string().regex(/^https?:\/\/\S+$/),
      licence: z.string().min(1),
      licenceUrl: z
        .string()
        .regex(/^https?:\/\/\S+$/)
        .optional(),
    })
    .optional(),
  /** Who publishes the exports (feeds, Open311 agency, DCAT catalogue) and under which licence. */
  openData: z.object({ publisher: z.string().min(1), licence: z.string().min(1) }),
});
export type CityFile = z.infer<typeof CityFile>;

export type City = Omit<CityFile, 'boundary' | 'view' | 'seed' | 'site' | 'logo'> & {
  /** The profile's folder. */
  folder: string;
  area: CityArea;
  view: { lat: number; lng: number; zoom: number };
  siteFile: string;
  logoFile: string | undefined;
  /** Absolute paths of the seed files the profile names. */
  seed: { monuments?: string; streets?: string; withoutCoordinates?: string; streetPoints?: string; publicArt?: string };
};

/** A profile's error, each line naming the field; config.ts turns it into the start's ConfigError. */
export class CityProfileError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

const Position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number());
const LinearRing = z
  .array(Position)
  .min(4)
  .refine((r) => r[0]?.[0] === r.at(-1)?.[0] && r[0]?.[1] === r.at(-1)?.[1], { message: 'a ring must end where it starts' });
const Geometry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: z.array(LinearRing).min(1) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(LinearRing).min(1)).min(1) }),
]);
const Boundary = z.union([
  Geometry,
  z.object({ type: z.literal('Feature'), geometry: Geometry }),
  z.object({ type: z.literal('FeatureCollection'), features: z.array(z.object({ geometry: Geometry })).min(1) }),
  // EqualStreetNames' boundary.geojson (Overpass turbo's export) is a GeometryCollection of one MultiPolygon.
  z.object({ type: z.literal('GeometryCollection'), geometries: z.array(Geometry).min(1) }),
]);
const BOUNDARY_KINDS = 'a GeoJSON Polygon or MultiPolygon, or a Feature, FeatureCollection or GeometryCollection of them';

const ring = (r: number[][]): Ring => r.map((p) => [p[0] ?? 0, p[1] ?? 0]);

/** A GeoJSON boundary's polygons (MultiPolygon coordinates), or the problems with it. */
export function boundaryPolygons(raw: unknown): { polygons: Ring[][] } | { problems: string[] } {
  const parsed = Boundary.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
    return { problems: [`not ${BOUNDARY_KINDS}`, ...problems] };
  }
  const b = parsed.data;
  const geometries =
    b.type === 'FeatureCollection'
      ? b.features.map((f) => f.geometry)
      : b.type === 'GeometryCollection'
        ? b.geometries
        : b.type === 'Feature'
          ? [b.geometry]
          : [b];
  return {
    polygons: geometries.flatMap((g) =>
      g.type === 'Polygon' ? [g.coordinates.map(ring)] : g.coordinates.map((p) => p.map(ring)),
    ),
  };
}

/**
 * The view a profile leaves out, at zoom 13: the boundary's box centre when that is inside the
 * city, else the point inside nearest to it on a 20 × 20 grid over the box (an L-shaped or
 * crescent city's centre may lie outside it).
 */
export function viewOf(area: CityArea): { lat: number; lng: number; zoom: number } {
  const centre = { lat: (area.south + area.north) / 2, lng: (area.west + area.east) / 2 };
  const grid = Array.from({ length: 21 * 21 }, (_, k) => ({
    lat: area.south + ((area.north - area.south) * Math.floor(k / 21)) / 20,
    lng: area.west + ((area.east - area.west) * (k % 21)) / 20,
  }));
  const far = (p: { lat: number; lng: number }) => (p.lat - centre.lat) ** 2 + (p.lng - centre.lng) ** 2;
  const inside = [centre, ...grid.sort((a, b) => far(a) - far(b))].find((p) => insideArea(area, p.lat, p.lng)) ?? centre;
  return { lat: Math.round(inside.lat * 1e6) / 1e6, lng: Math.round(inside.lng * 1e6) / 1e6, zoom: 13 };
}

/** CITY: a name of a shipped profile (apps/api/cities/<name>) or a path to a folder. */
/**
 * The profile a start without CITY runs: the one folder under CITIES_DIR (those starting with `_`,
 * such as `_template`, are not cities). With none or several, CITY must say which.
 */
export function shippedCity(dir: string = CITIES_DIR): string {
  const cities = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
    .map((d) => d.name)
    .sort();
  const [only] = cities;
  if (only !== undefined && cities.length === 1) return only;
  throw new CityProfileError([
    cities.length === 0
      ? `CITY: not set, and ${dir} holds no city profile (pnpm city init makes one)`
      : `CITY: not set; set it to one of ${cities.join(', ')} (folders of ${dir}) or a profile folder's path`,
  ]);
}

export const cityFolder = (setting: string) =>
  /[\\/]/.test(setting) || setting.startsWith('.') ? path.resolve(setting) : path.join(CITIES_DIR, setting);

function readJson(file: string, field: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CityProfileError([`${field}: cannot read ${file} as JSON (${err instanceof Error ? err.message : String(err)})`]);
  }
}

/** Reads and checks a city's folder; every problem names its field (CITY, CITY city.json: <field>). */
export function loadCity(folder: string): City {
  const file = path.join(folder, 'city.json');
  if (!existsSync(file)) throw new CityProfileError([`CITY: no city profile at ${folder} (city.json is missing)`]);
  const parsed = CityFile.safeParse(readJson(file, 'CITY'));
  if (!parsed.success) {
    throw new CityProfileError(parsed.error.issues.map((i) => `CITY ${file}: ${i.path.join('.') || '(file)'}: ${i.message}`));
  }
  const p = parsed.data;
  const at = (name: string, field: string) => {
    const full = path.join(folder, name);
    if (!existsSync(full)) throw new CityProfileError([`CITY ${file}: ${field}: ${full} does not exist`]);
    return full;
  };
  const shape = boundaryPolygons(readJson(at(p.boundary, 'boundary'), `CITY ${file}: boundary`));
  if ('problems' in shape) throw new CityProfileError(shape.problems.map((m) => `CITY ${file}: boundary ${p.boundary}: ${m}`));
  const area = areaOf(shape.polygons);
  const seed = Object.fromEntries(Object.entries(p.seed).map(([k, v]) => [k, at(v, `seed.${k}`)]));
  const { boundary: _b, view, seed: _s, site, logo, ...rest } = p;
  return {
    ...rest,
    folder,
    area,
    view: view ?? viewOf(area),
    siteFile: at(site, 'site'),
    logoFile: logo === undefined ? undefined : at(logo, 'logo'),
    seed,
  };
}
