// Security headers, load shedding, the general per-connection rate limit and the cross-site
// write guard, in that order: every answer (even a 429 or 503) carries the headers, and junk
// requests count against the rate limit before they are refused. Pages and scripts get helmet's
// document headers; the API's data answers a short set that lets a browser do nothing with them.
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { OPEN311_BASE } from '@linz/contract';
import {
  isApiPath,
  isPhotoUploadPath,
  PATHS,
  PHOTO_UPLOAD_MAX_REQUEST_BYTES,
  PHOTO_UPLOAD_TRPC_PATH,
} from '@linz/contract/facts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { connectionOf } from '../domain/identity.js';
import { connectionGuards } from './connections.js';
import { refuse } from './errors.js';
import { pressure } from './pressure.js';

const isApi = isApiPath;

function crossSite(req: FastifyRequest, publicOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  return origin !== publicOrigin && origin !== `${req.protocol}://${req.host}`;
}

const LIMIT_WINDOW_MS = 60_000;

/** How many calls a request makes: a tRPC batch (`/trpc/a,b,c?batch=1`) one per procedure, anything else one. */
export function callsOf(url: string): number {
  if (!url.startsWith('/trpc/')) return 1;
  const procedures = (url.slice('/trpc/'.length).split('?')[0] ?? '').split(',').length;
  return Math.max(1, procedures);
}

/**
 * @fastify/rate-limit's store, counting a request by its calls: the key is `client` or
 * `client#calls` (keyGenerator below), and the count is the client's. The least recently seen
 * clients go first beyond `size`.
 */
function weightedStore(size: number) {
  type Count = { current: number; start: number };
  const kept = new Map<string, Count>();
  const split = (key: string): [string, number] => {
    const at = key.lastIndexOf('#');
    return at < 0 ? [key, 1] : [key.slice(0, at), Number(key.slice(at + 1)) || 1];
  };
  type Answer = (err: Error | null, res: { current: number; ttl: number }) => void;
  return class WeightedStore {
    incr(key: string, answer: Answer, timeWindow: number) {
      const [client, calls] = split(key);
      const now = Date.now();
      let count = kept.get(client);
      if (!count || count.start + timeWindow <= now) count = { current: 0, start: now };
      count.current += calls;
      kept.delete(client);
      kept.set(client, count);
      if (kept.size > size) kept.delete(kept.keys().next().value as string);
      answer(null, { current: count.current, ttl: count.start + timeWindow - now });
    }
    read(key: string, answer: Answer, timeWindow: number) {
      const count = kept.get(split(key)[0]);
      const now = Date.now();
      if (!count || count.start + timeWindow <= now) answer(null, { current: 0, ttl: 0 });
      else answer(null, { current: count.current, ttl: count.start + timeWindow - now });
    }
    child() {
      return this;
    }
  };
}

/** A map data tile of the unfiltered map (no query string). */
const PLAIN_MAP_TILE = /^\/api\/map\/\d+\/\d+\/\d+\.json$/;

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The API's answers are data (JSON, CSV, feeds, images), never a page, except its HTML description:
 * as a document they may load nothing and be framed nowhere, and no other site may read them.
 * A third of the headers of a page's set (about 150 bytes instead of 880): nginx keeps them with every
 * cached answer and reads them again at each hit (docs/performance.md).
 */
const DATA_HEADERS: [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['cross-origin-resource-policy', 'same-origin'],
];
const isDataAnswer = (url: string) => isApi(url) && url.split('?')[0] !== PATHS.docs;

export async function security(app: FastifyInstance, config: Config): Promise<void> {
  // Helmet as the middleware it is, on the response Fastify sends (headers a route sets take precedence).
  const headers = helmet({
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
    if (hsts && req.protocol === 'https') reply.header('strict-transport-security', hsts);
    if (!isDataAnswer(req.url)) return headers(req.raw, reply.raw, (err) => done(err as Error | undefined));
    for (const [name, value] of DATA_HEADERS) reply.raw.setHeader(name, value);
    done();
  });

  connectionGuards(app, config);
  await pressure(app, config, app.services.database);

  if (config.limits.requestsPerMinute > 0) {
    await app.register(rateLimit, {
      max: config.limits.requestsPerMinute,
      timeWindow: LIMIT_WINDOW_MS,
      // In memory, least recently seen connections first out beyond this many; a tRPC batch counts each call.
      store: weightedStore(10_000),
      // req.ip honours X-Forwarded-For only as far as TRUST_PROXY allows.
      keyGenerator: (req) => {
        const calls = callsOf(req.url);
        return calls > 1 ? `${connectionOf(req.ip)}#${calls}` : connectionOf(req.ip);
      },
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
      return void refuse(reply, 'FORBIDDEN', 'Cross-site requests are not allowed.');
    }
    const type = req.headers['content-type'] ?? '';
    // Photo uploads are forms, and only they.
    if (isPhotoUploadPath(req.url.split('?')[0] ?? '')) {
      if (!/^multipart\/form-data\s*;/i.test(type)) {
        return void refuse(reply, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data.');
      }
      const length = req.headers['content-length'];
      if (length === undefined && req.url.startsWith(PHOTO_UPLOAD_TRPC_PATH)) {
        return void refuse(reply, 'LENGTH_REQUIRED', 'Send the photo with a Content-Length.');
      }
      if (Number(length) > PHOTO_UPLOAD_MAX_REQUEST_BYTES) {
        return void refuse(reply, 'TOO_LARGE', 'The photo is larger than 12 MB.');
      }
      return done();
    }
    // A DELETE carries no body: it needs no type.
    if (req.method === 'DELETE' && !type && !Number(req.headers['content-length'] ?? 0)) return done();
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      return void refuse(reply, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
    }
    done();
  });
}
