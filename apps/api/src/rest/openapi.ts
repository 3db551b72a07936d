// The OpenAPI 3.1 description of the REST API, generated from the contract's route table and its
// zod schemas (z.toJSONSchema): no schema is written twice. It is built once, served as cached
// bytes (/api/openapi.json) and rendered as a page (/api/docs); the routes themselves stay as they
// are, so the hot reads are neither re-validated nor re-serialised for it.
import {
  ErrorBody,
  IDEMPOTENCY_TTL_HOURS,
  PHOTO_RULES,
  MAP_TILE_CACHE_CONTROL,
  OPEN311_FORMATS,
  Open311Errors,
  open311OperationId,
  open311Path,
  open311Routes,
  PATHS,
  routes,
  type Open311Format,
  type Open311Route,
  type Open311RouteName,
  type Route as ContractRoute,
  type RouteName,
} from '@linz/contract';
import { z } from 'zod';
import { OPERATIONS, TAGS, type Tag } from './openapi-words.js';

/** A row of the table, with every field a row may have (the contract's `Route`). */
type Route = (typeof routes)[RouteName] & ContractRoute;
type JsonSchema = Record<string, unknown>;

/** Routes with path parameters that never answer 404 (a tile with nothing in it is an empty tile). */
const NEVER_NOT_FOUND: readonly RouteName[] = ['mapTile'];

/** Answers other than the route's own success and the errors that follow from its shape. */
const MORE_ANSWERS: Partial<Record<RouteName, number[]>> = {
  reportMonument: [200],
  reportProposal: [200],
  oidcStart: [404],
  oidcCallback: [404],
  addMonument: [409],
  staffRetryMail: [409],
  staffReleaseMail: [409],
  votesConfirm: [404],
  staffApproveProposal: [409],
  staffApproveMonument: [409],
  followConfirm: [404],
  followUnsubscribe: [404],
  proposalImage: [301],
  uploadMonumentPhoto: [409, 422],
  uploadProposalPhoto: [409, 422],
};

const ERRORS: Record<number, string> = {
  400: 'Invalid input: `issues` says which field and why.',
  401: 'No valid staff token or session.',
  403: 'A cross-site write (the `Origin` or `Sec-Fetch-Site` is another site).',
  404: 'No such item, or it is not public.',
  409: 'Conflicts with the current state.',
  413: 'The body is larger than the server accepts.',
  415: 'The body is not sent as application/json.',
  422: 'This `Idempotency-Key` was used for a different request (another route or body).',
  429: 'Too many requests from this connection; `Retry-After` says when to try again.',
  503: 'Busy or the database is briefly unavailable; `Retry-After` says when to try again.',
};
function photoErrors(conflict: string): Record<number, string> {
  return {
    409: conflict,
    413: `The file is larger than ${PHOTO_RULES.maxBytes / 1024 / 1024} MB, or its header says more than ${PHOTO_RULES.maxPixels / 1_000_000} megapixels.`,
    415: 'Not a JPEG, PNG or WebP by its bytes (HEIC, SVG, HTML, PDF...), or not sent as multipart/form-data.',
    422: 'The image cannot be decoded (damaged or truncated).',
    429: 'Too many photos from this browser or connection today (or requests per minute); `Retry-After` says when to try again.',
  };
}
const STILL_RUNNING = 'A request with the same `Idempotency-Key` is still running; try again shortly.';
const ERROR_OVERRIDES: Partial<Record<RouteName, Record<number, string>>> = {
  castVote: { 403: 'This browser has voted for this proposal already, or a cross-site write.', 409: STILL_RUNNING },
  createProposal: { 409: STILL_RUNNING },
  addMonument: {
    409: `A monument of this name stands within 50 m (\`existingId\` names it), no free id was found, or: ${STILL_RUNNING}`,
  },
  staffRetryMail: { 409: 'Only a failed e-mail can be retried.' },
  staffReleaseMail: { 409: 'Only a held e-mail can be released.' },
  votesConfirm: { 404: 'The token is unknown or has expired (48 hours); a used one answers 200 with already: true.' },
  confirmVote: { 404: 'No such public proposal, or this browser has not voted for it.' },
  staffApproveProposal: { 409: 'Only a proposal held by the word screen or waiting for approval can be approved.' },
  staffApproveMonument: { 409: 'Only a monument held by the word screen or waiting for approval can be approved.' },
  followConfirm: { 404: 'The token is unknown, was used already or has expired (48 hours).' },
  followUnsubscribe: { 404: 'The token is unknown, or the follow has ended already.' },
  follow: { 429: 'Too many requests from this connection or browser; `Retry-After` says when to try again.' },
  mapTile: {
    429: 'Too many requests from this connection (filtered tiles only: the unfiltered map’s tiles are not counted); `Retry-After` says when to try again.',
  },
  uploadMonumentPhoto: photoErrors('This monument has its three photos from visitors already.'),
  uploadProposalPhoto: photoErrors('This proposal has its picture already.'),
  oidcStart: { 404: "Sign-in with the city's accounts is not configured here." },
  oidcCallback: { 404: "Sign-in with the city's accounts is not configured here." },
};

/** The statuses a route answers: its success, 304 for ETag reads, and the errors its shape admits. */
export function statusesOf(name: RouteName): number[] {
  const route = routes[name] as Route;
  const write = route.method !== 'GET';
  const all = new Set<number>([route.status, ...(MORE_ANSWERS[name] ?? [])]);
  if (route.etag) all.add(304);
  if (route.params || route.query || route.body || write) all.add(400);
  if (route.auth === 'staff') all.add(401);
  // A DELETE has no body to be too large or of the wrong type.
  if (write && route.method !== 'DELETE') [413, 415].forEach((s) => all.add(s));
  // One-click unsubscribe is posted by mail providers from their own servers (http/security.ts).
  if (write && name !== 'followUnsubscribe') all.add(403);
  if (route.params && !NEVER_NOT_FOUND.includes(name)) all.add(404);
  if (route.idempotent) all.add(409).add(422);
  // The per-connection limit and load shedding apply to every API path.
  all.add(429).add(503);
  return [...all].sort((a, b) => a - b);
}

/** JSON Schema of a zod schema for one side of the wire, ready to inline in the document. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'throw' });
  return rest;
}

/** `/api/monuments/:monumentId` -> `/api/monuments/{monumentId}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(route: { params?: z.ZodType; query?: z.ZodType }) {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { description, ...rest } = property;
      const required = where === 'path' || (object.required ?? []).includes(name);
      out.push({ name, in: where, required, ...(description ? { description } : {}), schema: rest });
    }
  }
  return out;
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});
const idempotencyHeader = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    `A UUID the client makes when the action is taken. The answer (success or a 4xx refusal) is kept ${IDEMPOTENCY_TTL_HOURS} h ` +
    'for this browser (voter cookie) and key: a repeat with the same key and body gets the same status and body without ' +
    'acting again, also while the first is still running (it waits for it); the same key with another body answers 422. ' +
    'A 5xx is not kept, so a retry may act. Not a UUID: 400.',
  schema: { type: 'string', format: 'uuid' },
};
const etagHeader = { ETag: { description: 'This representation’s strong ETag.', schema: { type: 'string' } } };
const sharedHeaders = {
  ...etagHeader,
  'Cache-Control': { description: `\`${MAP_TILE_CACHE_CONTROL}\``, schema: { type: 'string', const: MAP_TILE_CACHE_CONTROL } },
};

function operation(name: RouteName) {
  const route = routes[name] as Route;
  const op = OPERATIONS[name];
  const tag: Tag = op?.tag ?? (route.auth === 'staff' ? 'staff' : 'public');
  const responses: Record<string, unknown> = {};
  for (const status of statusesOf(name)) {
    if (status < 300) {
      const type = route.contentType ?? 'application/json';
      responses[status] = {
        description: status === route.status ? 'Success.' : 'Success (see the summary).',
        ...(route.etag ? { headers: route.shared ? sharedHeaders : etagHeader } : {}),
        content: { [type]: { schema: jsonSchema(route.answer, 'output') } },
      };
    } else if (status < 304) {
      responses[status] = {
        description: 'Redirect (see the summary).',
        headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } },
      };
    } else if (status === 304) {
      responses[status] = { description: 'Not modified: `If-None-Match` names the current ETag.', headers: etagHeader };
    } else {
      responses[status] = errorAnswer(ERROR_OVERRIDES[name]?.[status] ?? ERRORS[status] ?? 'Error.');
    }
  }
  const params = parameters(route);
  if (route.etag) {
    params.push({ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } });
  }
  if (route.idempotent) params.push(idempotencyHeader);
  return {
    operationId: name,
    summary: op?.summary ?? name,
    tags: [tag],
    // Public operations need nothing: `security: []` says so (Redocly's security-defined).
    security: route.auth === 'staff' ? [{ staffBearer: [] }, { staffSession: [] }] : [],
    ...(params.length > 0 ? { parameters: params } : {}),
    // Every write is JSON (a write that needs no fields still sends `{}`), but photo uploads
    // (forms) and DELETE (no body).
    ...(route.bodyType
      ? { requestBody: { required: true, content: { [route.bodyType]: photoForm(route.body) } } }
      : route.method !== 'GET' && route.method !== 'DELETE'
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: route.body ? jsonSchema(route.body, 'input') : { type: 'object' } } },
            },
          }
        : {}),
    responses,
  };
}

/** A photo upload's form: the text fields' schema and the file in `photo`. */
function photoForm(fields: z.ZodType | undefined) {
  const schema = (fields ? jsonSchema(fields, 'input') : { type: 'object', properties: {} }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return {
    schema: {
      ...schema,
      properties: {
        ...schema.properties,
        photo: {
          type: 'string',
          contentMediaType: 'application/octet-stream',
          description: `The image file: JPEG, PNG or WebP (told by its bytes), at most ${PHOTO_RULES.maxBytes / 1024 / 1024} MB and ${PHOTO_RULES.maxPixels / 1_000_000} megapixels.`,
        },
      },
      required: [...(schema.required ?? []), 'photo'],
    },
    encoding: { photo: { contentType: PHOTO_RULES.types.join(', ') } },
  };
}

/** The statuses an Open311 operation answers: its 200, GeoReport's errors, and the API's 429 and 503. */
export function open311StatusesOf(name: Open311RouteName): number[] {
  const route = open311Routes[name] as Open311Route;
  return [200, ...(route.params || route.query ? [400] : []), ...(route.params ? [404] : []), 429, 503];
}

function open311Operation(name: Open311RouteName, format: Open311Format) {
  const route = open311Routes[name] as Open311Route;
  const type = OPEN311_FORMATS[format];
  // XML carries the JSON's fields as elements (a root, one child per item); described as its text.
  const body = (schema: z.ZodType, what: string) =>
    format === 'json'
      ? { [type]: { schema: jsonSchema(schema, 'output') } }
      : { [type]: { schema: { type: 'string', description: `GeoReport v2 XML: ${what}` } } };
  const responses: Record<string, unknown> = {};
  for (const status of open311StatusesOf(name)) {
    if (status === 200) {
      const what = {
        discovery: '<discovery>',
        services: '<services><service>…',
        requests: '<service_requests><request>…',
        request: '<service_requests><request>',
      }[name];
      responses[status] = { description: 'Success.', content: body(route.answer, what) };
    } else if (status === 400 || status === 404) {
      responses[status] = {
        description: status === 400 ? 'A parameter cannot be read: each is named in the list.' : 'No such public proposal.',
        content: body(Open311Errors, '<errors><error><code>…</code><description>…</description></error></errors>'),
      };
    } else {
      responses[status] = errorAnswer(ERRORS[status] ?? 'Error.');
    }
  }
  const params = parameters(route);
  return {
    operationId: open311OperationId(name, format),
    summary: `${route.summary} (${format.toUpperCase()})`,
    tags: ['open311'],
    security: [],
    ...(params.length > 0 ? { parameters: params } : {}),
    responses,
  };
}

export function openApiDocument(publicUrl: string, product: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const name of Object.keys(routes) as RouteName[]) {
    const route = routes[name];
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation(name);
  }
  for (const name of Object.keys(open311Routes) as Open311RouteName[]) {
    for (const format of Object.keys(OPEN311_FORMATS) as Open311Format[]) {
      paths[openApiPath(open311Path(name, format))] = { get: open311Operation(name, format) };
    }
  }
  return {
    openapi: '3.1.1',
    servers: [{ url: publicUrl, description: 'This deployment (its PUBLIC_URL).' }],
    info: {
      title: `${product} API`,
      version: '1',
      // What the API serves is open data under CC BY 4.0 (the exports name it in their Link header).
      license: { name: 'CC BY 4.0 (the data it serves)', identifier: 'CC-BY-4.0' },
      description:
        `The REST API of ${product}: monuments, proposals (the spec's interventions), votes and reports; ` +
        'the figures and open data; the city staff’s endpoints. Errors answer `ErrorBody` as JSON. ' +
        `Generated from the zod schemas in packages/contract; a readable page is at ${PATHS.docs}.`,
    },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(ErrorBody, 'output') },
      securitySchemes: {
        staffBearer: { type: 'http', scheme: 'bearer', description: 'A staff token (`pnpm staff add <name>`).' },
        staffSession: { type: 'apiKey', in: 'cookie', name: 'staff_session', description: 'The /admin sign-in session.' },
      },
    },
  };
}
export type OpenApiDocument = ReturnType<typeof openApiDocument>;
