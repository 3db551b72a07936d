// Open data: the public monuments as GeoJSON (RFC 7946) and CSV (RFC 4180), and the public
// proposals as CSV. Built from the cached public lists, so hidden, rejected and merged items are
// in none of them, and the map's filters mean the same here (`monumentFilter`, through finder.ts).
import {
  parseMonumentFilters,
  type ExportPhoto,
  type Intervention,
  type Photo,
  type Monument,
  type MonumentFeatureCollection,
  type MonumentFilters,
  type Placement,
} from '@linz/contract';
import type { City } from '../../city/profile.js';
import type { MonumentIndex } from '../lists/finder.js';
import type { Origins } from '../lists/list-caches.js';

/** The attribution every export carries (CC BY 4.0 asks for it): the site, its contributors and the city's sources. */
export const attributionOf = (city: City): string =>
  [
    `${city.productName} and its contributors`,
    ...(city.sources.length > 0 ? [`sources: ${city.sources.map((s) => `${s.name.en} (${s.licence.en})`).join(', ')}`] : []),
  ].join('; ');

export type Bbox = { minLon: number; minLat: number; maxLon: number; maxLat: number };
export type ExportQuery = { filters: MonumentFilters; bbox?: Bbox };

/** `minLon,minLat,maxLon,maxLat`: four finite numbers within WGS 84, min ≤ max; else null. */
export function parseBbox(raw: unknown): Bbox | null {
  if (typeof raw !== 'string') return null;
  const parts = raw.split(',');
  if (parts.length !== 4 || parts.some((p) => p.trim() === '')) return null;
  const [minLon, minLat, maxLon, maxLat] = parts.map(Number) as [number, number, number, number];
  if (![minLon, minLat, maxLon, maxLat].every(Number.isFinite)) return null;
  const lonOk = (x: number) => x >= -180 && x <= 180;
  const latOk = (x: number) => x >= -90 && x <= 90;
  if (!lonOk(minLon) || !lonOk(maxLon) || !latOk(minLat) || !latOk(maxLat)) return null;
  return minLon <= maxLon && minLat <= maxLat ? { minLon, minLat, maxLon, maxLat } : null;
}

/** The exports' query; `invalid` names every parameter that could not be read (the request is then refused as INVALID_INPUT). */
export function parseExportQuery(query: Record<string, unknown>): { value: ExportQuery; invalid: string[] } {
  const { value: filters, invalid } = parseMonumentFilters(query);
  const value: ExportQuery = { filters };
  if (query.bbox !== undefined) {
    const bbox = parseBbox(query.bbox);
    if (bbox) value.bbox = bbox;
    else invalid.push('bbox');
  }
  return { value, invalid };
}

const inBbox = (m: Monument, b: Bbox) =>
  m.geoLocY >= b.minLon && m.geoLocY <= b.maxLon && m.geoLocX >= b.minLat && m.geoLocX <= b.maxLat;

export function selectMonuments(index: MonumentIndex, q: ExportQuery): Monument[] {
  // The filters' matches are kept per list snapshot (finder.ts); the export keeps the list's order.
  const { list } = index;
  const passing = new Uint8Array(list.length);
  for (const i of index.matching(q.filters)) passing[i] = 1;
  return list.filter((m, i) => passing[i] === 1 && (!q.bbox || inBbox(m, q.bbox)));
}

/** The public photos of the exports, by monument (its own) and by proposal, with absolute URLs. */
export type PhotoIndex = { monuments: Map<string, ExportPhoto[]>; proposals: Map<number, ExportPhoto> };

export function photoIndex(photos: readonly Photo[], publicUrl: string): PhotoIndex {
  const index: PhotoIndex = { monuments: new Map(), proposals: new Map() };
  for (const p of photos) {
    const entry: ExportPhoto = {
      url: `${publicUrl}${p.url}`,
      thumbUrl: `${publicUrl}${p.thumbUrl}`,
      alt: p.alt,
      credit: p.credit,
      licence: p.licence,
    };
    if (p.proposalId === null) index.monuments.set(p.monumentId, [...(index.monuments.get(p.monumentId) ?? []), entry]);
    else if (!index.proposals.has(p.proposalId)) index.proposals.set(p.proposalId, entry);
  }
  return index;
}

const NO_PHOTOS: PhotoIndex = { monuments: new Map(), proposals: new Map() };

/** Where each public monument's facts and point come from (its `source` text and `placement`), by id. */
const NO_PROVENANCE: Origins = new Map();
const provenanceOf = (p: Origins, id: string) => p.get(id) ?? { source: null, placement: null };

/** RFC 7946: positions are [longitude, latitude]; `geoLocX` is the latitude, `geoLocY` the longitude. */
export function toGeoJson(
  list: readonly Monument[],
  photos: PhotoIndex,
  attribution: string,
  provenance: Origins = NO_PROVENANCE,
): MonumentFeatureCollection {
  return {
    type: 'FeatureCollection',
    license: 'CC BY 4.0',
    attribution,
    features: list.map((m) => ({
      type: 'Feature',
      id: m.id,
      geometry: { type: 'Point', coordinates: [m.geoLocY, m.geoLocX] },
      properties: { ...m, ...provenanceOf(provenance, m.id), photos: photos.monuments.get(m.id) ?? [] },
    })),
  };
}

/**
 * One CSV cell (RFC 4180). Text that a spreadsheet would read as a formula (starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`. Numbers are written as numbers
 * and never prefixed: they are ours, not a visitor's, and a negative number is no formula.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: the header row, then one record per row, each ended by CRLF; UTF-8 without BOM. */
export function toCsv(header: readonly string[], rows: readonly (readonly Parameters<typeof csvCell>[0][])[]): string {
  return [header, ...rows].map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
}

const PHOTO_COLUMNS = ['photo_url', 'photo_alt', 'photo_credit', 'photo_licence'] as const;
/** Whom it honours (the city's register) and where its facts and point come from (issue 54). */
const PROVENANCE_COLUMNS = [
  'namesake',
  'namesake_born',
  'namesake_died',
  'namesake_profession',
  'namesake_wikidata',
  'register_url',
  'source',
  'placed_by',
  'point_dataset',
  'point_record',
  'point_check',
] as const;
const provenanceCells = (m: Monument, p: { source: string | null; placement: Placement | null }) => [
  m.namesake?.name,
  m.namesake?.born,
  m.namesake?.died,
  m.namesake?.profession,
  m.namesake?.wikidata.join(' '),
  m.namesake?.registerUrl,
  p.source,
  p.placement?.by,
  p.placement?.dataset,
  p.placement?.recordId,
  p.placement?.check,
];
const photoCells = (p: ExportPhoto | undefined) => [p?.url, p?.alt, p?.credit, p?.licence];

export function monumentsCsv(
  list: readonly Monument[],
  photos: PhotoIndex = NO_PHOTOS,
  provenance: Origins = NO_PROVENANCE,
): string {
  return toCsv(
    [
      'id',
      'name',
      'name_en',
      'latitude',
      'longitude',
      'category',
      'sex',
      'validated',
      'shortDescription',
      'shortDescription_en',
      'proposals',
      ...PHOTO_COLUMNS,
      ...PROVENANCE_COLUMNS,
    ],
    list.map((m) => [
      m.id,
      m.name,
      m.name_en,
      m.geoLocX,
      m.geoLocY,
      m.category,
      m.sex,
      m.validated,
      m.shortDescription,
      m.shortDescription_en,
      m.proposals,
      // The first of its photos (the GeoJSON lists them all).
      ...photoCells(photos.monuments.get(m.id)?.[0]),
      ...provenanceCells(m, provenanceOf(provenance, m.id)),
    ]),
  );
}

/** The public proposals with their monument's name (a proposal's monument is public by definition). */
export function proposalsCsv(
  list: readonly Intervention[],
  monuments: readonly Monument[],
  photos: PhotoIndex = NO_PHOTOS,
): string {
  const names = new Map(monuments.map((m) => [m.id, m.name]));
  return toCsv(
    [
      'id',
      'monumentId',
      'monumentName',
      'name',
      'votes',
      'mayorNotifiedAt',
      'status',
      'answeredAt',
      'answer_de',
      'answer_en',
      ...PHOTO_COLUMNS,
    ],
    list.map((i) => [
      i.id,
      i.monumentId,
      names.get(i.monumentId),
      i.name,
      i.votes,
      i.mayorNotifiedAt,
      i.status,
      i.answer?.answeredAt,
      i.answer?.de,
      i.answer?.en,
      ...photoCells(photos.proposals.get(i.id)),
    ]),
  );
}
