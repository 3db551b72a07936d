// Builds the Fastify app from a config: database, security, REST façade, tRPC and the web app.
// It knows nothing of ports; server.ts starts it.
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { APP_PATHS } from '@linz/contract/facts';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seedLinz } from './db/seed.js';
import { CHANGE_CHANNEL } from './domain/read-cache.js';
import { cookieSecret } from './domain/secrets.js';
import { contextFactory } from './http/context.js';
import { retryAfterOf, sendError } from './http/errors.js';
import { security } from './http/security.js';
import { statsPage } from './http/stats-page.js';
import { webApp } from './http/web.js';
import { mayorMail, type MailOptions } from './mail/plugin.js';
import { exportRoutes } from './rest/exports.js';
import { restRoutes } from './rest/routes.js';
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
  await seedLinz(database);
  const secret = await cookieSecret(database, config.cookieSecret);
  const services = createServices(config, database);
  services.followSecret = secret;

  const app: FastifyInstance = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
  });
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
  mayorMail(app, services, opts.mail);

  await security(app, config);
  await app.register(cookie, { secret });
  const contextFor = contextFactory(services, secret);
  restRoutes(app, contextFor);
  exportRoutes(app, services);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
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
  });
  await webApp(app, config.webDist, { [APP_PATHS.stats]: statsHead });
  return app;
}
