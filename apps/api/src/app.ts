// Builds the Fastify app from a config: database, security, REST façade, tRPC and the web app.
// It knows nothing of ports; server.ts starts it.
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { MonumentId } from '@linz/contract';
import { APP_PATHS, PATHS, pathOf } from '@linz/contract/facts';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seedCity } from './db/seed.js';
import { CHANGE_CHANNEL } from './domain/read-cache.js';
import { runRetention, scheduleRetention } from './domain/site/retention.js';
import { cookieSecret } from './domain/secrets.js';
import { contextFactory } from './http/context.js';
import { retryAfterOf, sendError } from './http/errors.js';
import { mediaRoutes } from './http/media.js';
import { metricsRoutes } from './http/metrics.js';
import { ops } from './http/ops.js';
import { ownWrites } from './http/own-writes.js';
import { warmUp } from './domain/lists/use-cases.js';
import { oidcRoutes } from './http/oidc.js';
import { security } from './http/security.js';
import { sharePage } from './http/share-page.js';
import { statsPage } from './http/stats-page.js';
import { tileRoutes, type TileOptions } from './http/tiles.js';
import { webApp } from './http/web.js';
import { outboxSenderFor, runOutboxSender, type MailOptions } from './mail/mailer.js';
import { exportRoutes } from './rest/exports.js';
import { open311Routes } from './rest/open311.js';
import { restRoutes } from './rest/routes.js';
import { requestLogController } from './logging.js';
import { createServices, invalidateList, type Services } from './services.js';
import { answeredError } from './trpc/errors.js';
import { appRouter, type AppRouter } from './trpc/router.js';

export const BODY_LIMIT = 16 * 1024;

export type BuildOptions = {
  logger?: FastifyServerOptions['logger'];
  /** An already opened database (tests); otherwise the config's database is opened and closed with the app. */
  database?: Database;
  /** Test hooks for the mayor's mail sender (clock, transport, poll interval). */
  mail?: MailOptions;
  /** Test hook: sees every route as it is registered (the OpenAPI test lists them with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Test hooks for the tile cache (clock, upstream time limit). */
  tiles?: TileOptions;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export async function buildApp(config: Config, opts: BuildOptions = {}) {
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    }));
  await seedCity(database, config.city);
  const secret = await cookieSecret(database, config.cookieSecret);

  const app: FastifyInstance = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // Node's own limit for a whole request, behind the body deadlines (http/connections.ts).
    requestTimeout: config.pressure.uploadBodyDeadlineMs + 10_000,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    // One line per request instead of Fastify's two (logging.ts).
    logController: requestLogController(),
    // A request that reached this instance while it closes (behind a balancer: sent just before the
    // drain ended) is served, not refused with 503; the database closes after the server has.
    return503OnClosing: false,
    // The router's own refusals (an address that is not valid UTF-8, a path segment too long) answer
    // the contract's error body like every other.
    frameworkErrors: (error, req, reply) => void sendError(error, req, reply),
  });
  const mailer = outboxSenderFor({ config, database, secret, log: app.log }, opts.mail);
  const services = createServices({ config, database, secret, mailer });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.decorate('services', services);
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler(sendError);

  const unlisten = await database.listen(CHANGE_CHANNEL, (list) => invalidateList(services, list));
  app.addHook('onClose', async () => {
    await unlisten().catch(() => {});
    if (!opts.database) await database.close();
  });
  // Registered after the database's hook: onClose runs in reverse, so the sender stops first.
  runOutboxSender(app, mailer);
  // The daily retention job (domain/site/retention.ts); stopped, and awaited, before the database closes.
  const stopRetention = scheduleRetention(() =>
    runRetention(database, { now: new Date(), retentionDays: config.retentionDays }).then(
      (run) => void (run && app.log.info({ retention: run.counts }, 'retention job ran')),
      (err: unknown) => app.log.error({ err }, 'retention job failed'),
    ),
  );
  app.addHook('onClose', stopRetention);

  ops(app, database, () => warmUp(services));
  metricsRoutes(app, services.metrics, config.metrics.token);
  await security(app, config);
  await app.register(cookie, { secret });
  ownWrites(app, services.catchUp);
  const contextFor = contextFactory(services, secret);
  restRoutes(app, contextFor);
  mediaRoutes(app, contextFor);
  exportRoutes(app, services);
  open311Routes(app, services);
  tileRoutes(app, config, opts.tiles);
  oidcRoutes(app, contextFor);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      // A batch of more calls is refused (400); each call counts towards the request limit (http/security.ts).
      maxBatchSize: config.pressure.trpcBatchMax,
      createContext: ({ req, res }) => contextFor(req, res),
      onError: ({ error, req }) => {
        if (getHTTPStatusCodeFromError(answeredError(error)) >= 500) req.log.error({ err: error }, 'trpc request failed');
      },
      // A limit reached says when to try again, over tRPC as over REST.
      responseMeta: ({ errors }) => {
        const limited = errors.map(answeredError).find((e) => e.code === 'TOO_MANY_REQUESTS');
        return limited ? { headers: { 'retry-after': String(retryAfterOf(limited)) } } : {};
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  const statsHead = statsPage(app, {
    webDist: config.webDist,
    publicUrl: config.publicUrl,
    figures: async () => (await services.stats.get()).data,
    city: config.city,
  });
  const proposalHead = sharePage(app, { webDist: config.webDist, publicUrl: config.publicUrl, services });
  await webApp(
    app,
    config.webDist,
    config.city,
    { [APP_PATHS.stats]: statsHead, [APP_PATHS.home]: proposalHead, [APP_PATHS.monument]: proposalHead },
    {
      // A monument's view shows the monument first (its LCP is the description), with its proposals,
      // its photos and what this browser has done there.
      [APP_PATHS.monument]: (req) => {
        const id = MonumentId.safeParse((req.params as { monumentId?: unknown }).monumentId);
        if (!id.success) return [];
        const monumentId = id.data;
        return [
          pathOf(PATHS.monument, { monumentId }),
          pathOf(PATHS.monumentProposals, { monumentId }),
          pathOf(PATHS.monumentPhotos, { monumentId }),
          PATHS.mine,
        ];
      },
    },
  );
  return app;
}
