// Open data: the exports' query and the GeoJSON answer (GET /api/monuments.geojson, .csv).
import { z } from 'zod';
import { SEARCH_MAX } from './filters.js';
import { Monument, Placement } from './monument.js';

/**
 * The exports' query: the map's filter names (read by `parseMonumentFilters`, which names any
 * invalid one in the 400) and, for GeoJSON and CSV alike, a WGS 84 bounding box.
 */
export const MonumentExportQuery = z.object({
  bbox: z
    .string()
    .optional()
    .describe('minLon,minLat,maxLon,maxLat: four finite numbers, lon in [-180, 180], lat in [-90, 90], min ≤ max'),
  category: z.string().optional().describe('comma-separated categories (any of them, ignoring case)'),
  sex: z.string().optional().describe('comma-separated: female, male, mixed, none, unspecified'),
  validated: z.enum(['0', '1']).optional(),
  proposals: z.literal('1').optional().describe('only monuments with at least one public proposal'),
  q: z.string().max(SEARCH_MAX).optional().describe('words that must all occur in a name or description'),
});
export type MonumentExportQuery = z.infer<typeof MonumentExportQuery>;

/** RFC 7946 Point: `[longitude, latitude]`. */
export const GeoPoint = z.object({
  type: z.literal('Point'),
  coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
});

/** A public photo in the exports: absolute URLs, its alt text, credit and licence. */
export const ExportPhoto = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  alt: z.string(),
  credit: z.string(),
  licence: z.literal('CC-BY-4.0'),
});
export type ExportPhoto = z.infer<typeof ExportPhoto>;

/** One monument as an RFC 7946 Feature; its properties are the monument's fields (with `proposals`) and its photos. */
export const MonumentFeature = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: GeoPoint,
  /** The monument's fields, where its facts and point come from (`source`, `placement`), and its photos. */
  properties: Monument.extend({ source: z.string().nullable(), placement: Placement.nullable(), photos: z.array(ExportPhoto) }),
});

/** RFC 7946 FeatureCollection; `license` and `attribution` are foreign members (RFC 7946 §6.1). */
export const MonumentFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  license: z.literal('CC BY 4.0'),
  attribution: z.string(),
  features: z.array(MonumentFeature),
});
export type MonumentFeatureCollection = z.infer<typeof MonumentFeatureCollection>;

/** The media types of the exports and feeds (the `contentType` of their routes). */
export const EXPORT_TYPES = {
  geojson: 'application/geo+json',
  csv: 'text/csv; charset=utf-8; header=present',
  atom: 'application/atom+xml; charset=utf-8',
  jsonld: 'application/ld+json',
} as const;
