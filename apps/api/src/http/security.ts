// Security headers, load shedding, the general per-connection rate limit and the cross-site
// write guard, in that order: every answer (even a 429 or 503) carries the headers, and junk
// requests count against the rate limit before they are refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit, { type FastifyRateLimitStore, type RateLimitPluginOptions } from '@fastify/rate-limit';
import { OPEN311_BASE } from '@linz/contract';
import { isApiPath, isPhotoUploadPath, PATHS } from '@linz/contract/facts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { connectionOf } from '../domain/identity.js';
import { pressure } from './pressure.js';

const isApi = isApiPath;

function crossSite(req: FastifyRequest, publicOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  return origin !== publicOrigin && origin !== `${req.protocol}://${req.host}`;
}

/** The headers helmet would set, collected once. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

const LIMIT_WINDOW_MS = 60_000;

/**
 * The general limit's counts: requests per connection in fixed windows of a minute. Its own store
 * (not the plugin's) so that the lists answered beside Fastify (http/fast-reads.ts) count in it too.
 * Windows that have ended are swept once the map holds `sweepFrom` keys (at most once a window).
 */
export function windowCounter(windowMs = LIMIT_WINDOW_MS, sweepFrom = 10_000) {
  const windows = new Map<string, { count: number; ends: number }>();
  let nextSweep = 0;
  return {
    /** Counts one request of `key`: its count in the current window and when that window ends. */
    hit(key: string, now = Date.now()): { count: number; ends: number } {
      let w = windows.get(key);
      if (!w || w.ends <= now) {
        // At most one sweep per window: many live keys must not make every new one scan them all.
        if (windows.size >= sweepFrom && now >= nextSweep) {
          nextSweep = now + windowMs;
          for (const [k, old] of windows) if (old.ends <= now) windows.delete(k);
        }
        w = { count: 0, ends: now + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return w;
    },
    size: () => windows.size,
  };
}
export type WindowCounter = ReturnType<typeof windowCounter>;

/** A map data tile of the unfiltered map (no query string). */
const PLAIN_MAP_TILE = /^\/api\/map\/\d+\/\d+\/\d+\.json$/;

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * What the fast reads need of the security layer: the headers of every answer, the
 * Strict-Transport-Security value for answers over TLS (when on) and the general limit.
 */
export type Guard = { headers: Record<string, string>; hsts?: string; limit?: { counter: WindowCounter; max: number } };

export async function security(app: FastifyInstance, config: Config): Promise<Guard> {
  // Helmet's headers depend only on the config: compute them once, set them on every answer.
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Tiles come from our own origin (http/tiles.ts): no third party sees a visitor's address.
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  const hsts = config.hsts ? HSTS : undefined;
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    if (hsts && req.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });

  await pressure(app, config, app.services.database);

  const counter = config.limits.requestsPerMinute > 0 ? windowCounter() : undefined;
  if (counter) {
    const store: FastifyRateLimitStore = {
      incr(key, callback) {
        const w = counter.hit(key);
        callback(null, { current: w.count, ttl: w.ends - Date.now() });
      },
      child: () => store,
    };
    await app.register(rateLimit, {
      max: config.limits.requestsPerMinute,
      timeWindow: LIMIT_WINDOW_MS,
      // The plugin constructs its store: this one hands it the shared counter.
      store: function Store() {
        return store;
      } as unknown as RateLimitPluginOptions['store'],
      // req.ip honours X-Forwarded-For only as far as TRUST_PROXY allows.
      keyGenerator: (req) => connectionOf(req.ip),
      // Only a refused request says when to retry (Retry-After); the counters on every other answer
      // would be three more headers on the hottest reads for no reader.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      // The web app's files are cached and cheap; a class loading the map at once must not use up the API's budget.
      // So are the map's data tiles without filters (15-40 per view, one cluster index per snapshot,
      // each answer kept); filtered ones count (a new filter set builds an index). Open311 reads
      // query the database: they count like the API's.
      allowList: (req) => (!isApi(req.url) && !req.url.startsWith(`${OPEN311_BASE}/`)) || PLAIN_MAP_TILE.test(req.url),
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        message: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      }),
    });
  }

  const publicOrigin = new URL(config.publicUrl).origin;
  // A callback hook, not an async one: reads (most requests) pass without a promise.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return done();
    // RFC 8058 one-click unsubscribe: a mail provider posts a form from its own servers; the
    // token in the URL is the only authority needed, and its route parses just that form.
    if (req.url.split('?')[0] === PATHS.followUnsubscribe) return done();
    if (crossSite(req, publicOrigin)) {
      return void reply.code(403).send({ message: 'Cross-site requests are not allowed.' });
    }
    const type = req.headers['content-type'] ?? '';
    // Photo uploads are forms (issue 30), and only they.
    if (isPhotoUploadPath(req.url.split('?')[0] ?? '')) {
      if (!/^multipart\/form-data\s*;/i.test(type)) {
        return void reply.code(415).send({ message: 'Send the photo as multipart/form-data.' });
      }
      return done();
    }
    // A DELETE carries no body: it needs no type.
    if (req.method === 'DELETE' && !type && !Number(req.headers['content-length'] ?? 0)) return done();
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      return void reply.code(415).send({ message: 'Send the body as application/json.' });
    }
    done();
  });
  return { headers, hsts, limit: counter && { counter, max: config.limits.requestsPerMinute } };
}
