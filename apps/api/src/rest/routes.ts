// The spec's REST paths: one adapter serves every row of the contract's route table
// (packages/contract/src/routes.ts) that rest/bindings.ts binds to a tRPC procedure; the photo
// uploads and this API's description have handlers here of their own (bindings.ts says why).
import multipart from '@fastify/multipart';
import {
  MAP_TILE_CACHE_CONTROL,
  PHOTO_RULES,
  PHOTO_UPLOAD_MAX_REQUEST_BYTES,
  routes,
  type Route,
  type RouteName,
  type SentUpload,
} from '@linz/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serialised, snapshotOf, textSnapshot, type Snapshot } from '../domain/read-cache.js';
import type { ContextFor } from '../http/context.js';
import { JSON_TYPE, snapshotAnswer } from '../http/snapshot-answer.js';
import { createCaller } from '../trpc/router.js';
import { bindings, type InputShape, type Own, type Served } from './bindings.js';
import { docsPage } from './docs-page.js';
import { openApiDocument } from './openapi.js';

const invalidInput = (issues: unknown[]) => Object.assign(new Error('Invalid input.'), { statusCode: 400, issues });

/**
 * Path and query parameters validated with the contract before anything else is done: a failure is
 * one 400 naming every parameter that could not be read. Their parsed values (ids as numbers).
 */
function readParams(route: Route, req: FastifyRequest): { params: unknown; query: unknown } {
  const params = route.params?.safeParse(req.params);
  const query = route.query?.safeParse(req.query ?? {});
  const issues = [...(params?.error?.issues ?? []), ...(query?.error?.issues ?? [])];
  if (issues.length > 0) throw invalidInput(issues);
  return { params: params ? params.data : req.params, query: query ? query.data : (req.query ?? {}) };
}

/** A part's fields, to spread (nothing when it is not an object). */
const fieldsOf = (value: unknown): object => (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {});

/** The procedure's input as the binding's `input` says: parts spread (body, query, path: the path's id wins) or under a key. */
function inputOf(shape: InputShape | undefined, req: FastifyRequest, read: { query: unknown; params: unknown }): unknown {
  if (!shape) return undefined;
  const sent = { query: req.query ?? {}, params: req.params };
  const parts = { body: req.body, ...(shape.sent ? sent : read) };
  const used = (['body', 'query', 'params'] as const).filter((part) => shape[part] !== undefined);
  // One part spread is passed as it is: the procedure's own check names what is wrong with it.
  const [only] = used;
  if (used.length === 1 && only && shape[only] === true) return parts[only];
  const input: Record<string, unknown> = {};
  for (const part of used) {
    const key = shape[part];
    if (key === true) Object.assign(input, fieldsOf(parts[part]));
    else if (key !== undefined) input[key] = parts[part];
  }
  return input;
}

/**
 * The one place for cacheable reads: the procedure's answer is a snapshot's data
 * (domain/read-cache.ts), sent as its pre-serialised bytes (gzipped once per snapshot when the
 * client takes it) with its ETag; a matching If-None-Match gets 304. Revalidated on each use
 * (`no-cache`), so a write shows at once.
 */
async function sendCacheable(req: FastifyRequest, reply: FastifyReply, read: Promise<unknown>, cacheControl: string) {
  const data = await read;
  if (reply.sent) return undefined; // the request's deadline has answered 503 meanwhile
  const snap = serialised(data);
  if (!snap) throw new Error('a cacheable read must answer a snapshot');
  return sendSnapshot(req, reply, snap, JSON_TYPE, cacheControl);
}

function sendSnapshot(
  req: FastifyRequest,
  reply: FastifyReply,
  snap: Snapshot<unknown>,
  type: string,
  cacheControl = 'no-cache',
) {
  const answer = snapshotAnswer(snap, type, cacheControl, req.headers['accept-encoding'], req.headers['if-none-match']);
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/**
 * Awaits a procedure call for a REST route. When the request's deadline has already answered 503
 * (http/pressure.ts), the late outcome has no one to go to: it is noted, not sent or logged as a failure.
 */
async function unlessAnswered<T>(req: FastifyRequest, reply: FastifyReply, work: Promise<T>): Promise<T | undefined> {
  let outcome: 'done' | 'failed' = 'failed';
  try {
    const result = await work;
    outcome = 'done';
    return reply.sent ? undefined : result;
  } catch (err) {
    if (!reply.sent) throw err;
    return undefined;
  } finally {
    if (reply.sent) req.log.info({ outcome }, 'finished after the deadline had answered 503');
  }
}

/** The procedure answered `created` too (a write this browser may repeat). */
const withCreated = (answer: unknown): answer is { created: boolean } =>
  typeof answer === 'object' && answer !== null && 'created' in answer && typeof answer.created === 'boolean';

/**
 * The adapter: one handler per route bound to a procedure. It checks the path and query, builds the
 * procedure's input, calls it with the request's context and answers with the route's status and
 * caching (an ETag'd snapshot, or the route's Cache-Control).
 */
function adapterHandler(route: Route, served: Served, contextFor: ContextFor) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const input = inputOf(served.input, req, readParams(route, req));
    const work = served.procedure(createCaller(contextFor(req, reply)))(input);
    if (route.etag) return sendCacheable(req, reply, work, route.shared ? MAP_TILE_CACHE_CONTROL : 'no-cache');
    const answer = await unlessAnswered(req, reply, work);
    if (answer === undefined) return undefined;
    if (route.cacheControl) reply.header('cache-control', route.cacheControl);
    if (route.download) reply.header('content-disposition', 'attachment');
    if (route.contentType) reply.type(route.contentType);
    if (route.repeatStatus !== undefined && withCreated(answer)) {
      const { created, ...rest } = answer;
      return reply.code(created ? route.status : route.repeatStatus).send(rest);
    }
    return reply.code(route.status).send(answer);
  };
}

const isRouteName = (name: string): name is RouteName => name in routes;

export function restRoutes(app: FastifyInstance, contextFor: ContextFor) {
  for (const name of Object.keys(routes).filter(isRouteName)) {
    const route: Route = routes[name];
    const binding: Served | Own = bindings[name];
    if (!('procedure' in binding)) continue;
    const handler = adapterHandler(route, binding, contextFor);
    if (binding.formBody) formBodyRoute(app, route, handler);
    else app.route({ method: route.method, url: route.path, handler });
  }
  const call = (req: FastifyRequest, reply: FastifyReply) => createCaller(contextFor(req, reply));
  photoUploadRoutes(app, call);

  // This API's description (rest/openapi.ts) and its page, made once, on first request.
  let described: { json: Snapshot<unknown>; page: Snapshot<string> } | undefined;
  const description = () => {
    if (described) return described;
    const doc = openApiDocument(app.services.config.publicUrl, app.services.config.city.productName);
    return (described = { json: snapshotOf(routes.openapi.answer, doc), page: textSnapshot(docsPage(doc)) });
  };
  app.get(routes.openapi.path, (req, reply) => sendSnapshot(req, reply, description().json, 'application/json; charset=utf-8'));
  app.get(routes.docs.path, (req, reply) => sendSnapshot(req, reply, description().page, 'text/html; charset=utf-8'));
}

type Call = (req: FastifyRequest, reply: FastifyReply) => ReturnType<typeof createCaller>;

/**
 * Photo uploads: `multipart/form-data` with the file in `photo` and the text fields `alt`, `credit`,
 * `licence`. Read into memory up to the size limit (a larger file is 413 before more is read), then
 * handed to the procedure as they came (its input checks the subject, the fields and the file once);
 * the use case checks and re-encodes the bytes and never keeps them as sent.
 */
function photoUploadRoutes(app: FastifyInstance, call: Call) {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PHOTO_RULES.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 2000, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    const options = { bodyLimit: PHOTO_UPLOAD_MAX_REQUEST_BYTES };
    for (const route of [routes.uploadMonumentPhoto, routes.uploadProposalPhoto]) {
      scope.post(route.path, options, async (req, reply) => {
        readParams(route, req);
        // The subject's id as the path sent it (the procedure reads it as a form's field).
        const upload = await readUpload(req, subjectOf(req.params));
        const answer = await unlessAnswered(req, reply, call(req, reply).photos.upload(upload));
        if (answer) reply.code(route.status);
        return answer;
      });
    }
  });
}

/** The path's parameters as sent, as the form's text fields. */
const subjectOf = (params: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(fieldsOf(params)).map(([key, value]) => [key, String(value)]));

const invalid = (path: string, message: string) => invalidInput([{ path: [path], message }]);

/** The upload's text fields and file bytes as sent, the path's subject among the fields. */
async function readUpload(req: FastifyRequest, subject: Record<string, string>): Promise<SentUpload> {
  const text: Record<string, string> = {};
  let bytes: Buffer | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'photo') {
        part.file.resume();
        throw invalid(part.fieldname, 'not a known parameter or field');
      }
      bytes = await part.toBuffer();
    } else if (part.fieldname in subject) {
      throw invalid(part.fieldname, 'not a known parameter or field'); // the path names the subject
    } else if (typeof part.value === 'string' && part.value !== '') {
      if (part.valueTruncated) throw invalid(part.fieldname, 'too long');
      text[part.fieldname] = part.value;
    }
  }
  return { text: { ...text, ...subject }, bytes };
}

/**
 * RFC 8058: mail providers POST the form body `List-Unsubscribe=One-Click`; the page's button sends
 * JSON. Only such a route takes the form encoding, so its parser lives in its own scope.
 */
function formBodyRoute(app: FastifyInstance, route: Route, handler: ReturnType<typeof adapterHandler>) {
  void app.register((scope, _opts, done) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.route({ method: route.method, url: route.path, handler });
    done();
  });
}
