// Serves the built web app on the same origin; the SPA's routes answer its index.html.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { APP_PATHS } from '@linz/contract/facts';
import type { FastifyInstance } from 'fastify';

const SPA_ROUTES = Object.values(APP_PATHS);

export async function webApp(app: FastifyInstance, webDist: string) {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(reply, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`) && /-[A-Za-z0-9_-]{8,}\.\w+$/.test(file);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  for (const route of SPA_ROUTES) {
    app.get(route, (_req, reply) => {
      if (!built) return reply.code(503).send({ message: 'The web app is not built. Run pnpm build.' });
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
}
