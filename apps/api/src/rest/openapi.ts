// The OpenAPI 3.1 description of the REST API, generated from the contract's route table and its
// zod schemas (z.toJSONSchema): no schema is written twice. It is built once, served as cached
// bytes (/api/openapi.json) and rendered as a page (/api/docs); the routes themselves stay as they
// are, so the hot reads are neither re-validated nor re-serialised for it.
import {
  ErrorBody,
  IDEMPOTENCY_TTL_HOURS,
  PHOTO_RULES,
  MAP_CLUSTER_MAX_ZOOM,
  MAP_TILE_CACHE_CONTROL,
  MAYOR_THRESHOLD,
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
  type RouteName,
} from '@linz/contract';
import { PRODUCT_NAME } from '@linz/contract/facts';
import { z } from 'zod';

type Route = (typeof routes)[RouteName] & {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  contentType?: string;
  bodyType?: 'multipart/form-data';
  auth?: 'staff';
  etag?: true;
  idempotent?: true;
  shared?: true;
};
type JsonSchema = Record<string, unknown>;

export const TAGS = {
  public: 'The map, its proposals and votes, as the web app uses them; no account.',
  'open data': 'Figures and exports under CC BY 4.0 (Stadt Linz, data.linz.gv.at; OpenStreetMap contributors).',
  staff: "The city's staff: a bearer token (`pnpm staff add`) or the /admin session cookie.",
  open311:
    'Open311 GeoReport v2 (read only), outside /api/ as the standard lays it out: the public proposals as service ' +
    'requests, each operation as `.json` and `.xml`. Status `open` is the city’s open, in_review and planned; ' +
    '`closed` is declined and done. Errors answer GeoReport’s list of `{code, description}`.',
  'sign-in':
    "Staff sign-in with the city's accounts (OpenID Connect): browser navigations answered with redirects; 404 when not configured.",
} as const;
type Tag = keyof typeof TAGS;

/** What each operation does, in a line; its tag when it is not `public` or `staff`. */
const OPERATIONS: Partial<Record<RouteName, { summary: string; tag?: Tag }>> = {
  listMonuments: { summary: 'All public monuments' },
  addMonument: {
    summary: 'Add a missing monument (unvalidated until staff check it; `underReview`: others see it once staff approve it)',
  },
  allInterventions: { summary: 'All public proposals with their votes' },
  monumentInterventions: { summary: "One monument's public proposals" },
  awaitingAnswer: {
    summary: `Proposals that reached ${MAYOR_THRESHOLD} votes and wait for the city's answer, longest waiting first, with the days waited`,
  },
  createIntervention: {
    summary: 'Propose an intervention at a monument (`underReview`: others see it once staff approve it)',
  },
  castVote: { summary: `Vote for a proposal (once per browser; ${MAYOR_THRESHOLD} votes e-mail the mayor)` },
  clientConfig: { summary: "The web app's settings (map tiles)" },
  monument: { summary: 'One public monument (a merged id answers the monument it was merged into)' },
  reportMonument: { summary: 'Report a monument to the staff (201 new, 200 this browser’s repeat)' },
  reportIntervention: { summary: 'Report a proposal to the staff (201 new, 200 this browser’s repeat)' },
  openapi: { summary: 'This description (OpenAPI 3.1)' },
  docs: { summary: 'This description as a readable page' },
  staffAnswer: { summary: "Set a proposal's status and the city's answer" },
  staffApproveIntervention: { summary: 'Publish a proposal held by the word screen or waiting for approval (MODERATION=pre)' },
  staffApproveMonument: { summary: 'Publish a monument held by the word screen or waiting for approval (MODERATION=pre)' },
  staffQueue: { summary: 'What awaits a decision: held and pending items first, new monuments, reported items' },
  staffAudit: { summary: 'The audit log, newest first, filtered and paged' },
  staffAuditCsv: { summary: 'The audit log as CSV, with the same filters, in German or English' },
  staffOutbox: { summary: "The mayor's e-mails and their delivery state" },
  staffRetryMail: { summary: 'Queue a failed e-mail to the mayor again' },
  confirmVote: {
    summary:
      'Ask for a confirmation mail for this browser’s vote (202 for any address; one confirmed vote per address and proposal)',
  },
  votesConfirm: { summary: "Confirm a vote with the confirmation mail's token" },
  staffVoteAlerts: {
    summary: "Open alerts about proposals' votes (bursts from one network, near-regular intervals, few networks)",
  },
  staffVoteReview: { summary: "Where a proposal's votes came from: networks (as labels), hours, confirmations, alerts, mails" },
  staffVotePreview: { summary: 'How many votes a release or invalidation by filter would change, and the counts after it' },
  staffVoteDecide: { summary: 'Release or invalidate the votes of a filter (audit-logged; counts recomputed exactly)' },
  staffReleaseMail: { summary: "Send a mayor's e-mail that was held for a check of its votes" },
  stats: { summary: 'The representation dashboard’s figures', tag: 'open data' },
  statsImage: { summary: 'The dashboard’s headline as an Open Graph image (1200 × 630 PNG)', tag: 'open data' },
  interventionImage: {
    summary:
      'A proposal’s Open Graph image: its name, monument and votes (1200 × 630 PNG); a merged proposal’s id: 301 to the image of the one it continues as',
  },
  monumentsGeojson: { summary: 'Public monuments as GeoJSON (RFC 7946), with a bbox and the map’s filters', tag: 'open data' },
  monumentsCsv: { summary: 'Public monuments as CSV, with a bbox and the map’s filters', tag: 'open data' },
  interventionsCsv: { summary: 'Public proposals as CSV', tag: 'open data' },
  feedInterventions: { summary: 'New proposals (Atom)', tag: 'open data' },
  feedAnswers: { summary: "Proposals that reached the threshold and the city's answers (Atom)", tag: 'open data' },
  follow: { summary: 'Follow a proposal by e-mail: sends a confirmation mail (202 whether or not the address follows already)' },
  followConfirm: { summary: "Confirm a follow with the confirmation mail's token" },
  followUnsubscribe: {
    summary:
      'End a follow (all=1: every follow of the address); RFC 8058 one-click with the form body `List-Unsubscribe=One-Click`',
  },
  watch: { summary: 'Follow a proposal in this browser only (shown on "mine")' },
  unwatch: { summary: 'Stop following a proposal in this browser' },
  mine: { summary: 'What this browser proposed, voted for and follows (no voter cookie: empty lists)' },
  oidcStart: {
    summary: "Staff sign-in with the city's accounts: a browser goes here (redirect to the provider)",
    tag: 'sign-in',
  },
  oidcCallback: { summary: 'Where the city’s identity provider sends the browser back (redirect to /admin)', tag: 'sign-in' },
  mapTile: {
    summary:
      'The map in one slippy-map tile: clusters (count, not yet reviewed, zoom to expand to) and single monuments, with ' +
      `the finder's filters; from zoom ${MAP_CLUSTER_MAX_ZOOM + 1} every monument on its own. Each cluster and monument ` +
      'lies in exactly one tile of a zoom. A shared cache (CDN) may keep it briefly; the ETag changes when its content does.',
  },
  monumentsPage: {
    summary: 'Public monuments a page at a time, searched (`q`) and filtered on the server, by name; `nextCursor` leads on',
  },
  interventionsPage: {
    summary: 'Public proposals a page at a time, with their monument, searched (`q`) and filtered; `nextCursor` leads on',
  },
  uploadMonumentPhoto: {
    summary:
      'Add a photo of a monument (multipart/form-data): JPEG, PNG or WebP, re-encoded without metadata; public once staff approve it (202 pending)',
  },
  uploadInterventionPhoto: {
    summary: 'Add the picture of a proposal (multipart/form-data, one per proposal); public once staff approve it (202 pending)',
  },
  photo: {
    summary:
      "One photo's metadata and its URLs (`/media/<sha256>.webp`, `-480.webp`); a pending one only for the browser that sent it",
  },
  photos: { summary: 'Every public photo (approved, of public monuments and proposals), oldest first' },
  monumentPhotos: {
    summary: "A monument's photos and its proposals' pictures; a pending one only for the browser that sent it (`status`)",
  },
  staffPhotos: { summary: 'Photos by status (pending first to review), oldest first' },
  staffApprovePhoto: { summary: 'Publish a photo' },
  staffRejectPhoto: { summary: 'Refuse a photo, with a reason (kept from the public)' },
  staffRotatePhoto: { summary: 'Turn a photo by 90° either way (new bytes: its URLs change)' },
  staffDeletePhoto: { summary: 'Remove a photo and its bytes: its URLs answer 404 at once' },
};

/** Routes with path parameters that never answer 404 (a tile with nothing in it is an empty tile). */
const NEVER_NOT_FOUND: readonly RouteName[] = ['mapTile'];

/** Answers other than the route's own success and the errors that follow from its shape. */
const MORE_ANSWERS: Partial<Record<RouteName, number[]>> = {
  reportMonument: [200],
  reportIntervention: [200],
  oidcStart: [404],
  oidcCallback: [404],
  addMonument: [409],
  staffRetryMail: [409],
  staffReleaseMail: [409],
  votesConfirm: [404],
  staffApproveIntervention: [409],
  staffApproveMonument: [409],
  followConfirm: [404],
  followUnsubscribe: [404],
  interventionImage: [301],
  uploadMonumentPhoto: [409, 422],
  uploadInterventionPhoto: [409, 422],
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
  createIntervention: { 409: STILL_RUNNING },
  addMonument: {
    409: `A monument of this name stands within 50 m (\`existingId\` names it), no free id was found, or: ${STILL_RUNNING}`,
  },
  staffRetryMail: { 409: 'Only a failed e-mail can be retried.' },
  staffReleaseMail: { 409: 'Only a held e-mail can be released.' },
  votesConfirm: { 404: 'The token is unknown or has expired (48 hours); a used one answers 200 with already: true.' },
  confirmVote: { 404: 'No such public proposal, or this browser has not voted for it.' },
  staffApproveIntervention: { 409: 'Only a proposal held by the word screen or waiting for approval can be approved.' },
  staffApproveMonument: { 409: 'Only a monument held by the word screen or waiting for approval can be approved.' },
  followConfirm: { 404: 'The token is unknown, was used already or has expired (48 hours).' },
  followUnsubscribe: { 404: 'The token is unknown, or the follow has ended already.' },
  follow: { 429: 'Too many requests from this connection or browser; `Retry-After` says when to try again.' },
  mapTile: {
    429: 'Too many requests from this connection (filtered tiles only: the unfiltered map’s tiles are not counted); `Retry-After` says when to try again.',
  },
  uploadMonumentPhoto: photoErrors('This monument has its three photos from visitors already.'),
  uploadInterventionPhoto: photoErrors('This proposal has its picture already.'),
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

export function openApiDocument(publicUrl: string) {
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
      title: `${PRODUCT_NAME} API`,
      version: '1',
      // What the API serves is open data under CC BY 4.0 (the exports name it in their Link header).
      license: { name: 'CC BY 4.0 (the data it serves)', identifier: 'CC-BY-4.0' },
      description:
        `The REST API of ${PRODUCT_NAME}: monuments, proposals (interventions), votes and reports; ` +
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
