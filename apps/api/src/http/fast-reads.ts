// The public lists (GET /api/monuments, /api/interventions/all) answered beside Fastify (issue 20).
//
// Their answer is the same bytes for everyone, kept in memory (domain/read-cache.ts). Through
// Fastify each one paid for the request pipeline: hooks, plugins, the rate limit's promises and a
// child logger, about twice what the answer itself costs (README, "The public lists beside
// Fastify"). So the server's request listener answers them first, with what Fastify would have
// sent: the security headers and HSTS, the snapshot's ETag, gzip and 304 (http/snapshot-answer.ts),
// one count against the same general limit, the same request log lines and metrics. Anything else
// goes to Fastify unchanged: a query string, HEAD, a list being rebuilt, a drain, load shedding, a
// reached limit.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { REQUEST_LINE } from '../logging.js';
import { connectionOf } from '../domain/identity.js';
import type { ListCache, Snapshot } from '../domain/read-cache.js';
import type { Metrics } from './metrics.js';
import type { Guard } from './security.js';
import { JSON_TYPE, SHARED_CACHE_HEADER, sharedCacheUntil, snapshotAnswer, type SnapshotAnswer } from './snapshot-answer.js';

export type FastReadOptions = {
  /** Path (exactly, without a query) to the list answered there. */
  reads: ReadonlyMap<string, ListCache<unknown>>;
  /** The security headers every answer carries and the general limit (http/security.ts). */
  guard: Guard;
  client: ClientOf;
  /** True while Fastify must answer everything (draining, shedding load). */
  passAll(): boolean;
  metrics: Metrics | undefined;
  /** The logger when it logs requests (level info or finer), as Fastify does. */
  requestLog: FastifyBaseLogger | undefined;
};

/** What Fastify's request knows of the client through TRUST_PROXY: its address (`request.ip`) and whether it came over TLS (`request.protocol`). */
export type ClientOf = { address(req: IncomingMessage): string; https(req: IncomingMessage): boolean };

/** As Fastify's request: the peer, or the X-Forwarded-For hop and X-Forwarded-Proto of a trusted proxy. */
export function clientOf(trust: Config['trustProxy']): ClientOf {
  const encrypted = (req: IncomingMessage) => (req.socket as { encrypted?: boolean }).encrypted === true;
  if (trust === false) return { address: (req) => req.socket.remoteAddress ?? '', https: encrypted };
  const trusted = typeof trust === 'function' ? trust : proxyAddr.compile(trust.split(',').map((t) => t.trim()));
  return {
    address(req) {
      const all = proxyAddr.all(req, trusted);
      return all[all.length - 1] ?? '';
    },
    https(req) {
      const proto = req.headers['x-forwarded-proto'];
      if (typeof proto === 'string' && trusted(req.socket.remoteAddress ?? '', 0))
        return proto.slice(proto.lastIndexOf(',') + 1).trim() === 'https';
      return encrypted(req);
    },
  };
}

/** Each answer's full header list, made once per snapshot and representation (as a plain server would). */
const headerLists = new WeakMap<Snapshot<unknown>, Map<string, string[]>>();

function headerList(guard: Guard, snap: Snapshot<unknown>, a: SnapshotAnswer, https: boolean): string[] {
  let lists = headerLists.get(snap);
  if (!lists) headerLists.set(snap, (lists = new Map<string, string[]>()));
  const key = `${a.status} ${a.headers.etag} ${https}`;
  let list = lists.get(key);
  if (!list) {
    const headers: Record<string, string> = { ...guard.headers, ...a.headers };
    // Changes every second: added per answer (serve below).
    delete headers[SHARED_CACHE_HEADER];
    if (https && guard.hsts) headers['strict-transport-security'] = guard.hsts;
    if (a.body) headers['content-length'] = String(a.body.length);
    lists.set(key, (list = Object.entries(headers).flat()));
  }
  return list;
}

/**
 * The server for Fastify's `serverFactory`: it asks the fast reads first. They are configured once
 * the app's plugins exist (`serve`); until then, and for every request they pass over, Fastify answers.
 */
export function fastReadServer() {
  let options: FastReadOptions | undefined;

  /** Answers `req` and returns true, or returns false having written nothing. */
  function answer(req: IncomingMessage, res: ServerResponse): boolean {
    const o = options;
    if (!o || req.method !== 'GET') return false;
    const snap = o.reads.get(req.url ?? '')?.ready();
    if (!snap || o.passAll()) return false;
    // Over the limit: Fastify counts it too and answers the 429 with its Retry-After.
    const limit = o.guard.limit;
    if (limit && limit.counter.hit(connectionOf(o.client.address(req))).count > limit.max) return false;
    const started = performance.now();
    const log = o.requestLog;
    const id = log ? randomUUID() : '';
    const a = snapshotAnswer(snap, JSON_TYPE, 'no-cache', req.headers['accept-encoding'], req.headers['if-none-match']);
    const list = headerList(o.guard, snap, a, o.guard.hsts !== undefined && o.client.https(req));
    res.writeHead(a.status, [...list, SHARED_CACHE_HEADER, a.headers[SHARED_CACHE_HEADER] ?? sharedCacheUntil()]);
    res.end(a.body);
    const ms = performance.now() - started;
    o.metrics?.observe('GET', req.url, a.status, ms / 1000);
    log?.info({ reqId: id, method: 'GET', path: req.url, status: a.status, ms: Math.round(ms * 10) / 10 }, REQUEST_LINE);
    return true;
  }

  return {
    /** Fastify's `serverFactory`: a plain HTTP/1.1 server set up as Fastify would set up its own. */
    factory(this: void, handler: RequestListener, fastify: FastifyServerOptions): Server {
      const server = createServer((req, res) => {
        if (!answer(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = fastify.keepAliveTimeout ?? 72_000;
      server.requestTimeout = fastify.requestTimeout ?? 0;
      server.setTimeout(fastify.connectionTimeout ?? 0);
      return server;
    },
    /** From now on the lists are answered here. */
    serve(o: FastReadOptions) {
      options = o;
    },
  };
}
