// Security headers, the cross-site write guard and the general per-IP rate limit.
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** CSP source for the tile server: "https://{s}.tile.example.org/..." -> "https://*.tile.example.org". */
export function tileSource(tileUrl: string): string {
  const m = /^(https?:\/\/)([^/]+)/.exec(tileUrl);
  if (!m) return "'self'";
  return `${m[1]}${m[2]?.replace(/\{[a-z]+\}/g, '*')}`;
}

function crossSite(req: FastifyRequest, publicOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  return origin !== publicOrigin && origin !== `${req.protocol}://${req.host}`;
}

export async function security(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', tileSource(config.tileUrl)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  if (config.hsts) {
    app.addHook('onSend', async (req, reply) => {
      if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  }

  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (crossSite(req, publicOrigin)) {
      return reply.code(403).send({ message: 'Cross-site requests are not allowed.' });
    }
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      return reply.code(415).send({ message: 'Send the body as application/json.' });
    }
  });

  if (config.limits.requestsPerMinute > 0) {
    await app.register(rateLimit, {
      max: config.limits.requestsPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        message: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      }),
    });
  }
}
