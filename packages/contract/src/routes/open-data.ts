// The open data (CC BY 4.0; the CSVs and feeds carry it in a `Link: <…>; rel="license"` header and in <rights>), the dashboard's figures and images, and this API's description.
import { z } from 'zod';
import { PATHS } from '../facts.js';
import { Stats } from '../stats.js';
import { EXPORT_TYPES, MonumentExportQuery, MonumentFeatureCollection } from '../exports.js';
import { proposalParams, type Route } from './route.js';

/** The top of an OpenAPI document (its parts are described by the OpenAPI 3.1 schema, not here). */
const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export const openDataRoutes = {
  /** This API's OpenAPI 3.1 description, generated from this table (apps/api/src/rest/openapi.ts). */
  openapi: { method: 'GET', path: PATHS.openapi, answer: OpenApiDocument, status: 200, etag: true },
  /** The description as a readable page (no scripts). */
  docs: { method: 'GET', path: PATHS.docs, answer: z.string(), status: 200, etag: true, contentType: 'text/html' },
  stats: { method: 'GET', path: PATHS.stats, answer: Stats, status: 200, etag: true },
  /** The dashboard's Open Graph image: the headline share drawn as a PNG (binary, so `answer` is its bytes). */
  statsImage: {
    method: 'GET',
    path: PATHS.statsImage,
    answer: z.string(),
    status: 200,
    contentType: 'image/png',
    etag: true,
  },
  /** A proposal's Open Graph image: its name, monument, votes and status drawn as a PNG. */
  proposalImage: {
    method: 'GET',
    path: PATHS.proposalImage,
    params: proposalParams,
    answer: z.string(),
    status: 200,
    contentType: 'image/png',
    etag: true,
  },
  monumentsGeojson: {
    method: 'GET',
    path: PATHS.monumentsGeojson,
    query: MonumentExportQuery,
    answer: MonumentFeatureCollection,
    status: 200,
    contentType: EXPORT_TYPES.geojson,
    etag: true,
  },
  monumentsCsv: {
    method: 'GET',
    path: PATHS.monumentsCsv,
    query: MonumentExportQuery,
    answer: z.string(),
    status: 200,
    contentType: EXPORT_TYPES.csv,
    etag: true,
  },
  proposalsCsv: {
    method: 'GET',
    path: PATHS.proposalsCsv,
    answer: z.string(),
    status: 200,
    contentType: EXPORT_TYPES.csv,
    etag: true,
  },
  feedProposals: {
    method: 'GET',
    path: PATHS.feedProposals,
    answer: z.string(),
    status: 200,
    contentType: EXPORT_TYPES.atom,
    etag: true,
  },
  feedAnswers: {
    method: 'GET',
    path: PATHS.feedAnswers,
    answer: z.string(),
    status: 200,
    contentType: EXPORT_TYPES.atom,
    etag: true,
  },
  /** The exports and feeds described as a DCAT-AP catalogue (JSON-LD, DCAT-AP.AT's fields; docs/open-data.md). */
  openDataCatalog: {
    method: 'GET',
    path: PATHS.openDataCatalog,
    answer: z.looseObject({ '@context': z.record(z.string(), z.unknown()), '@graph': z.array(z.looseObject({})) }),
    status: 200,
    contentType: EXPORT_TYPES.jsonld,
    etag: true,
  },
} as const satisfies Record<string, Route>;
