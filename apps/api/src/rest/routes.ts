// The spec's REST paths (packages/contract routes), each a thin adapter over a tRPC procedure.
import { routes } from '@linz/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { serialised } from '../domain/read-cache.js';
import type { ContextFor } from '../http/context.js';
import { appRouter, createCaller, runQuery } from '../trpc/router.js';

/** Path parameters validated with the contract; a failure is a 400 with the issues. */
function paramsOf<S extends z.ZodType>(schema: S, req: FastifyRequest): z.infer<S> {
  const parsed = schema.safeParse(req.params);
  if (!parsed.success) throw Object.assign(new Error('Invalid input.'), { statusCode: 400, issues: parsed.error.issues });
  return parsed.data;
}

/**
 * The one place for cacheable reads: the procedure's answer is a snapshot's data
 * (domain/read-cache.ts), sent as its pre-serialised bytes with its ETag; a matching
 * If-None-Match gets 304. Revalidated on each use (`no-cache`), so a write shows at once.
 */
async function sendCacheable(req: FastifyRequest, reply: FastifyReply, read: Promise<unknown>) {
  const data = await read;
  if (reply.sent) return undefined; // the request's deadline has answered 503 meanwhile
  const snap = serialised(data);
  if (!snap) throw new Error('a cacheable read must answer a snapshot');
  reply.header('etag', snap.etag).header('cache-control', 'no-cache');
  if (req.headers['if-none-match'] === snap.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(snap.body);
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
  app.post(routes.addMonument.path, async (req, reply) => {
    const created = await unlessAnswered(req, reply, call(req, reply).monuments.add(req.body as never));
    if (created) reply.code(routes.addMonument.status);
    return created;
  });
}
