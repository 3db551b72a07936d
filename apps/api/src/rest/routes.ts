// The spec's REST paths (packages/contract routes), each a thin adapter over a tRPC procedure.
import multipart from '@fastify/multipart';
import { EXPORT_TYPES, MAP_TILE_CACHE_CONTROL, PHOTO_RULES, PHOTO_UPLOAD_MAX_REQUEST_BYTES, routes } from '@linz/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { serialised, snapshotOf, textSnapshot, type Snapshot } from '../domain/read-cache.js';
import type { ContextFor } from '../http/context.js';
import { JSON_TYPE, snapshotAnswer } from '../http/snapshot-answer.js';
import { appRouter, createCaller, runQuery } from '../trpc/router.js';
import { docsPage } from './docs-page.js';
import { openApiDocument } from './openapi.js';

/** Path (or query) parameters validated with the contract; a failure is a 400 with the issues. */
function paramsOf<S extends z.ZodType>(schema: S, req: FastifyRequest, from: 'params' | 'query' = 'params'): z.infer<S> {
  const parsed = schema.safeParse(req[from]);
  if (!parsed.success) throw Object.assign(new Error('Invalid input.'), { statusCode: 400, issues: parsed.error.issues });
  return parsed.data;
}

/**
 * Path and query parameters validated together with the contract, before anything else is done:
 * a failure is one 400 naming every parameter that could not be read.
 */
function checkInput(route: { params?: z.ZodType; query?: z.ZodType }, req: FastifyRequest): void {
  const issues = [
    ...(route.params?.safeParse(req.params).error?.issues ?? []),
    ...(route.query?.safeParse(req.query ?? {}).error?.issues ?? []),
  ];
  if (issues.length > 0) throw Object.assign(new Error('Invalid input.'), { statusCode: 400, issues });
}

/**
 * The one place for cacheable reads: the procedure's answer is a snapshot's data
 * (domain/read-cache.ts), sent as its pre-serialised bytes (gzipped once per snapshot when the
 * client takes it) with its ETag; a matching If-None-Match gets 304. Revalidated on each use
 * (`no-cache`), so a write shows at once.
 */
async function sendCacheable(req: FastifyRequest, reply: FastifyReply, read: Promise<unknown>, cacheControl = 'no-cache') {
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

export function restRoutes(app: FastifyInstance, contextFor: ContextFor) {
  const call = (req: FastifyRequest, reply: FastifyReply) => createCaller(contextFor(req, reply));

  // The cacheable reads run their procedure directly (see runQuery); the rest through createCaller.
  const read = (procedure: Parameters<typeof runQuery>[0], path: string) => (req: FastifyRequest, reply: FastifyReply) =>
    sendCacheable(req, reply, runQuery(procedure, path, contextFor(req, reply)));
  app.get(routes.listMonuments.path, read(appRouter.monuments.list, 'monuments.list'));
  app.get(routes.allInterventions.path, read(appRouter.interventions.all, 'interventions.all'));
  app.get(routes.clientConfig.path, read(appRouter.config, 'config'));
  app.get(routes.stats.path, read(appRouter.stats, 'stats'));
  app.get(routes.site.path, read(appRouter.site.info, 'site.info'));
  app.post(routes.accessibilityFeedback.path, async (req, reply) => {
    const answer = await unlessAnswered(req, reply, call(req, reply).site.accessibilityFeedback(req.body as never));
    if (answer) reply.code(routes.accessibilityFeedback.status);
    return answer;
  });

  // The map by tile and the lists by page. A tile's URL is a CDN's cache key: its
  // parameters are all checked before any work, and its answer may be kept by a shared cache.
  app.get(routes.mapTile.path, (req, reply) => {
    checkInput(routes.mapTile, req);
    const input = { tile: req.params, filters: req.query ?? {} } as never;
    return sendCacheable(req, reply, call(req, reply).map.tile(input), MAP_TILE_CACHE_CONTROL);
  });
  app.get(routes.monumentsPage.path, (req, reply) =>
    sendCacheable(req, reply, call(req, reply).monuments.page((req.query ?? {}) as never)),
  );
  app.get(routes.interventionsPage.path, (req, reply) =>
    sendCacheable(req, reply, call(req, reply).interventions.page((req.query ?? {}) as never)),
  );

  app.get(routes.awaitingAnswer.path, (req, reply) =>
    unlessAnswered(req, reply, call(req, reply).interventions.awaitingAnswer()),
  );
  app.get(routes.monumentInterventions.path, (req, reply) =>
    unlessAnswered(req, reply, call(req, reply).interventions.ofMonument(paramsOf(routes.monumentInterventions.params, req))),
  );
  app.post(routes.createIntervention.path, async (req, reply) => {
    const { monumentId } = paramsOf(routes.createIntervention.params, req);
    const created = await unlessAnswered(
      req,
      reply,
      call(req, reply).interventions.create({ monumentId, body: req.body as never }),
    );
    if (created) reply.code(routes.createIntervention.status);
    return created;
  });
  app.post(routes.castVote.path, (req, reply) => {
    const { interventionId } = paramsOf(routes.castVote.params, req);
    return unlessAnswered(req, reply, call(req, reply).interventions.vote({ interventionId, body: req.body as never }));
  });
  app.get(routes.monument.path, (req, reply) =>
    unlessAnswered(req, reply, call(req, reply).monuments.get(paramsOf(routes.monument.params, req))),
  );
  // A new report is 201; this browser's repeat is 200 and changes nothing.
  const reported = (reply: FastifyReply, answer: { created: boolean } | undefined) => {
    if (!answer) return undefined;
    reply.code(answer.created ? routes.reportMonument.status : 200);
    return { reported: true };
  };
  app.post(routes.reportMonument.path, async (req, reply) => {
    const { monumentId } = paramsOf(routes.reportMonument.params, req);
    const body = req.body as never;
    return reported(reply, await unlessAnswered(req, reply, call(req, reply).monuments.report({ monumentId, body })));
  });
  app.post(routes.reportIntervention.path, async (req, reply) => {
    const { interventionId } = paramsOf(routes.reportIntervention.params, req);
    const body = req.body as never;
    return reported(reply, await unlessAnswered(req, reply, call(req, reply).interventions.report({ interventionId, body })));
  });
  staffRestRoutes(app, call);
  followRestRoutes(app, call);
  voteRestRoutes(app, call);
  photoRestRoutes(app, call);

  // This API's description (rest/openapi.ts) and its page, made once, on first request.
  let described: { json: Snapshot<unknown>; page: Snapshot<string> } | undefined;
  const description = () => {
    if (described) return described;
    const doc = openApiDocument(app.services.config.publicUrl);
    return (described = { json: snapshotOf(routes.openapi.answer, doc), page: textSnapshot(docsPage(doc)) });
  };
  app.get(routes.openapi.path, (req, reply) => sendSnapshot(req, reply, description().json, 'application/json; charset=utf-8'));
  app.get(routes.docs.path, (req, reply) => sendSnapshot(req, reply, description().page, 'text/html; charset=utf-8'));
  app.post(routes.addMonument.path, async (req, reply) => {
    const created = await unlessAnswered(req, reply, call(req, reply).monuments.add(req.body as never));
    if (created) reply.code(routes.addMonument.status);
    return created;
  });
}

type Call = (req: FastifyRequest, reply: FastifyReply) => ReturnType<typeof createCaller>;

/** The staff REST paths for the city's systems (Authorization: Bearer <token>). */
function staffRestRoutes(app: FastifyInstance, call: Call) {
  app.put(routes.staffAnswer.path, (req, reply) => {
    const { interventionId } = paramsOf(routes.staffAnswer.params, req);
    // The body's fields and the path's id form the procedure's input (the path's id wins).
    const body: unknown = req.body;
    const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
    return call(req, reply).staff.interventions.answer({ ...fields, interventionId } as never);
  });
  app.post(routes.staffApproveIntervention.path, (req, reply) =>
    call(req, reply).staff.interventions.approve(paramsOf(routes.staffApproveIntervention.params, req)),
  );
  app.post(routes.staffApproveMonument.path, (req, reply) =>
    call(req, reply).staff.monuments.approve(paramsOf(routes.staffApproveMonument.params, req)),
  );
  app.get(routes.staffQueue.path, (req, reply) => call(req, reply).staff.queue());
  app.get(routes.staffAudit.path, (req, reply) =>
    call(req, reply).staff.audit.list(paramsOf(routes.staffAudit.query, req, 'query')),
  );
  app.get(routes.staffAuditCsv.path, async (req, reply) => {
    const csv = await unlessAnswered(
      req,
      reply,
      call(req, reply).staff.audit.csv(paramsOf(routes.staffAuditCsv.query, req, 'query')),
    );
    if (csv === undefined) return undefined;
    // A download (the link in /admin names the file in the staff member's language), never kept by a cache: it holds staff names.
    return reply
      .type(EXPORT_TYPES.csv)
      .header('content-disposition', 'attachment')
      .header('cache-control', 'private, no-store')
      .send(csv);
  });
  app.get(routes.staffOutbox.path, (req, reply) => call(req, reply).staff.outbox.list());
  app.get(routes.staffAccessibilityFeedback.path, (req, reply) => call(req, reply).staff.accessibilityFeedback.list());
  app.post(routes.staffRetryMail.path, (req, reply) =>
    call(req, reply).staff.outbox.retry(paramsOf(routes.staffRetryMail.params, req)),
  );
  // Staff's check of the votes.
  app.get(routes.staffVoteAlerts.path, (req, reply) => call(req, reply).votes.alerts());
  app.get(routes.staffVoteReview.path, (req, reply) =>
    call(req, reply).votes.review(paramsOf(routes.staffVoteReview.params, req)),
  );
  app.post(routes.staffVotePreview.path, (req, reply) => {
    const { interventionId } = paramsOf(routes.staffVotePreview.params, req);
    return call(req, reply).votes.preview({ interventionId, body: req.body as never });
  });
  app.post(routes.staffVoteDecide.path, (req, reply) => {
    const { interventionId } = paramsOf(routes.staffVoteDecide.params, req);
    return call(req, reply).votes.decide({ interventionId, body: req.body as never });
  });
  app.post(routes.staffReleaseMail.path, (req, reply) =>
    call(req, reply).votes.releaseMail(paramsOf(routes.staffReleaseMail.params, req)),
  );
}

/** Confirming a vote by e-mail. */
function voteRestRoutes(app: FastifyInstance, call: Call) {
  app.post(routes.confirmVote.path, async (req, reply) => {
    const { interventionId } = paramsOf(routes.confirmVote.params, req);
    const answer = await unlessAnswered(
      req,
      reply,
      call(req, reply).votes.requestConfirmation({ interventionId, body: req.body as never }),
    );
    if (answer) reply.code(routes.confirmVote.status);
    return answer;
  });
  app.post(routes.votesConfirm.path, (req, reply) => call(req, reply).votes.confirm(req.body as never));
  // Photos.
  app.get(routes.staffPhotos.path, (req, reply) =>
    call(req, reply).staff.photos.list(paramsOf(routes.staffPhotos.query, req, 'query')),
  );
  app.post(routes.staffApprovePhoto.path, (req, reply) =>
    call(req, reply).staff.photos.approve(paramsOf(routes.staffApprovePhoto.params, req)),
  );
  app.post(routes.staffRejectPhoto.path, (req, reply) => {
    const { photoId } = paramsOf(routes.staffRejectPhoto.params, req);
    return call(req, reply).staff.photos.reject({ ...fieldsOf(req.body), photoId } as never);
  });
  app.post(routes.staffRotatePhoto.path, (req, reply) => {
    const { photoId } = paramsOf(routes.staffRotatePhoto.params, req);
    return call(req, reply).staff.photos.rotate({ ...fieldsOf(req.body), photoId } as never);
  });
  app.delete(routes.staffDeletePhoto.path, (req, reply) =>
    call(req, reply).staff.photos.remove(paramsOf(routes.staffDeletePhoto.params, req)),
  );
}

/** A JSON body's fields (nothing when it is not an object), to join with the path's id. */
const fieldsOf = (body: unknown): object => (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {});

/**
 * Photo uploads: `multipart/form-data` with the file in `photo` and the text fields
 * `alt`, `credit`, `licence`. Read into memory up to the size limit (a larger file is 413 before
 * more is read); the procedure checks and re-encodes the bytes and never keeps them as sent.
 */
function photoRestRoutes(app: FastifyInstance, call: Call) {
  app.get(routes.photo.path, (req, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return call(req, reply).photos.get(paramsOf(routes.photo.params, req));
  });
  app.get(routes.photos.path, (req, reply) => {
    reply.header('cache-control', 'no-cache');
    return call(req, reply).photos.all();
  });
  app.get(routes.monumentPhotos.path, (req, reply) => {
    // Per browser (its own pending photos): never stored by a shared cache.
    reply.header('cache-control', 'private, no-cache');
    return call(req, reply).photos.ofMonument(paramsOf(routes.monumentPhotos.params, req));
  });
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PHOTO_RULES.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 2000, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    const upload = async (req: FastifyRequest, reply: FastifyReply, subject: Record<string, string>) => {
      const form = await readUpload(req);
      for (const [name, value] of Object.entries(subject)) form.set(name, value);
      const answer = await unlessAnswered(req, reply, call(req, reply).photos.upload(form));
      if (answer) reply.code(routes.uploadMonumentPhoto.status);
      return answer;
    };
    const options = { bodyLimit: PHOTO_UPLOAD_MAX_REQUEST_BYTES };
    scope.post(routes.uploadMonumentPhoto.path, options, (req, reply) => {
      const { monumentId } = paramsOf(routes.uploadMonumentPhoto.params, req);
      return upload(req, reply, { monumentId });
    });
    scope.post(routes.uploadInterventionPhoto.path, options, (req, reply) => {
      const { interventionId } = paramsOf(routes.uploadInterventionPhoto.params, req);
      return upload(req, reply, { interventionId: String(interventionId) });
    });
  });
}

const invalid = (path: string, message: string) =>
  Object.assign(new Error('Invalid input.'), { statusCode: 400, issues: [{ path: [path], message }] });

/** The upload's file and text fields as one form (text fields checked here: the path gives the subject). */
async function readUpload(req: FastifyRequest): Promise<FormData> {
  const form = new FormData();
  const fields: Record<string, string> = {};
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'photo') {
        part.file.resume();
        throw invalid(part.fieldname, 'not a known parameter or field');
      }
      form.set('photo', new Blob([await part.toBuffer()]));
    } else if (typeof part.value === 'string' && part.value !== '') {
      if (part.valueTruncated) throw invalid(part.fieldname, 'too long');
      fields[part.fieldname] = part.value;
      form.set(part.fieldname, part.value);
    }
  }
  const parsed = routes.uploadMonumentPhoto.body.safeParse(fields);
  if (!parsed.success) throw Object.assign(new Error('Invalid input.'), { statusCode: 400, issues: parsed.error.issues });
  if (!form.has('photo')) throw invalid('photo', 'required');
  return form;
}

/** Following a proposal and "mine". */
function followRestRoutes(app: FastifyInstance, call: Call) {
  app.post(routes.follow.path, async (req, reply) => {
    const { interventionId } = paramsOf(routes.follow.params, req);
    const answer = await unlessAnswered(
      req,
      reply,
      call(req, reply).follows.request({ interventionId, body: req.body as never }),
    );
    if (answer) reply.code(routes.follow.status);
    return answer;
  });
  app.post(routes.followConfirm.path, (req, reply) => call(req, reply).follows.confirm(req.body as never));
  app.post(routes.watch.path, (req, reply) => call(req, reply).follows.watch(paramsOf(routes.watch.params, req)));
  app.post(routes.unwatch.path, (req, reply) => call(req, reply).follows.unwatch(paramsOf(routes.unwatch.params, req)));
  app.get(routes.mine.path, (req, reply) => {
    // Per browser: never stored by a shared cache.
    reply.header('cache-control', 'private, no-store');
    return call(req, reply).follows.mine();
  });
  // RFC 8058: mail providers POST the form body `List-Unsubscribe=One-Click`; the page's button
  // sends JSON. Only this route takes the form encoding, so its parser lives in its own scope.
  void app.register((scope, _opts, done) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post(routes.followUnsubscribe.path, (req, reply) =>
      call(req, reply).follows.unsubscribe(paramsOf(routes.followUnsubscribe.query, req, 'query')),
    );
    done();
  });
}
