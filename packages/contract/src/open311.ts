// Open311 GeoReport v2 (read only): the city's complaint systems read the proposals in the standard
// they already speak. Paths live outside /api/ (the standard's own layout); each answer comes as
// `.json` or `.xml` (XML is the standard's required format). Described in the OpenAPI document
// beside the REST routes (apps/api/src/rest/openapi.ts).
import { z } from 'zod';

export const OPEN311_BASE = '/open311/v2';
export const OPEN311_SERVICE_CODE = 'proposal';
/** The standard's limits: a date range spans at most 90 days, an answer holds at most 1,000 requests. */
export const OPEN311_MAX_DAYS = 90;
export const OPEN311_MAX_REQUESTS = 1000;

export const OPEN311_FORMATS = { json: 'application/json', xml: 'text/xml' } as const;
export type Open311Format = keyof typeof OPEN311_FORMATS;

/** GeoReport's two states; the city's five map onto them (open, in_review, planned → open). */
export const Open311Status = z.enum(['open', 'closed']);

/** ISO 8601 with an offset, e.g. 2026-11-23T22:45:00+01:00. */
const DateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);

export const Open311Discovery = z.object({
  changeset: DateTime,
  contact: z.string(),
  key_service: z.string(),
  endpoints: z.array(
    z.object({
      specification: z.string(),
      url: z.string(),
      changeset: DateTime,
      type: z.enum(['production', 'test']),
      formats: z.array(z.string()),
    }),
  ),
});

export const Open311Service = z.object({
  service_code: z.string(),
  service_name: z.string(),
  description: z.string(),
  metadata: z.boolean(),
  type: z.enum(['realtime', 'batch', 'blackbox']),
  keywords: z.string(),
  group: z.string(),
});
export const Open311ServiceList = z.array(Open311Service);

export const Open311Request = z.object({
  service_request_id: z.string(),
  status: Open311Status,
  /** The city's statement in German, or null before it answered. */
  status_notes: z.string().nullable(),
  service_name: z.string(),
  service_code: z.string(),
  description: z.string(),
  agency_responsible: z.string(),
  requested_datetime: DateTime,
  updated_datetime: DateTime,
  /** The monument's name: where the proposal stands. */
  address: z.string(),
  lat: z.number().min(-90).max(90),
  long: z.number().min(-180).max(180),
  /** The proposal's approved picture (WebP), when it has one. */
  media_url: z.string().optional(),
});
export type Open311Request = z.infer<typeof Open311Request>;
export const Open311RequestList = z.array(Open311Request);

/** GeoReport's error answer: a list of codes (the HTTP status) and descriptions. */
export const Open311Errors = z.array(z.object({ code: z.number().int(), description: z.string() }));
export type Open311Errors = z.infer<typeof Open311Errors>;

export const Open311RequestsQuery = z.object({
  service_request_id: z
    .string()
    .optional()
    .describe('comma-separated ids (at most 1,000); when given, every other filter is ignored'),
  service_code: z.string().optional().describe(`only \`${OPEN311_SERVICE_CODE}\` exists`),
  status: z.string().optional().describe('`open`, `closed` or `open,closed`'),
  start_date: z
    .string()
    .optional()
    .describe('ISO 8601 (with an offset, or a date); earliest requested_datetime; default: end_date less 90 days'),
  end_date: z
    .string()
    .optional()
    .describe('ISO 8601 (with an offset, or a date); latest requested_datetime; default: start_date plus 90 days, or now'),
  jurisdiction_id: z.string().optional().describe('accepted and ignored: this endpoint serves one jurisdiction'),
});

export const Open311RequestParams = z.object({
  serviceRequestId: z.string().regex(/^[1-9]\d{0,9}$/, { message: 'invalid service request id' }),
});

export type Open311Route = { path: string; summary: string; answer: z.ZodType; params?: z.ZodType; query?: z.ZodType };

/** The Open311 operations; each is served as `<path>.json` and `<path>.xml`. */
export const open311Routes = {
  discovery: {
    path: `${OPEN311_BASE}/discovery`,
    answer: Open311Discovery,
    summary: 'Where and how this GeoReport v2 endpoint is served',
  },
  services: { path: `${OPEN311_BASE}/services`, answer: Open311ServiceList, summary: 'The one service: proposals' },
  requests: {
    path: `${OPEN311_BASE}/requests`,
    query: Open311RequestsQuery,
    answer: Open311RequestList,
    summary: 'Public proposals as service requests, newest first (default: the last 90 days; at most 1,000)',
  },
  request: {
    path: `${OPEN311_BASE}/requests/:serviceRequestId`,
    params: Open311RequestParams,
    answer: Open311RequestList,
    summary: 'One public proposal as a service request (a list of one)',
  },
} as const satisfies Record<string, Open311Route>;
export type Open311RouteName = keyof typeof open311Routes;

/** `discovery` + `xml` → `/open311/v2/discovery.xml`. */
export const open311Path = (name: Open311RouteName, format: Open311Format) => `${open311Routes[name].path}.${format}`;
/** `requests` + `xml` → `open311RequestsXml`. */
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
export const open311OperationId = (name: Open311RouteName, format: Open311Format) => `open311${capital(name)}${capital(format)}`;
