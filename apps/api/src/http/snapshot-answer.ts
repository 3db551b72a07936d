// How a snapshot (domain/read-cache.ts) goes out over HTTP: its bytes, gzipped once when the client
// takes them, a strong ETag for each representation and 304 for a matching If-None-Match. The one rule
// for the REST routes and the exports.
import { gzippedBody, type Snapshot } from '../domain/read-cache.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Bodies smaller than this go out as they are: gzip would save next to nothing. */
export const GZIP_FROM_BYTES = 1024;

/** Whether the client takes gzip (and has not refused it with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return coding === 'gzip' && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * How long a shared cache in front (the shipped nginx, deploy/nginx/denkmal.conf) may answer with this
 * without asking again: until the end of the current second (nginx's `X-Accel-Expires: @<epoch
 * second>`; nginx does not pass it on to clients). Then it revalidates with the ETag, so a write
 * shows through it within 1 s. (nginx's own validities count whole seconds from now: up to 2 s.)
 */
export const SHARED_CACHE_HEADER = 'x-accel-expires';
export const sharedCacheUntil = (now = Date.now()) => `@${Math.floor(now / 1000)}`;

export type SnapshotAnswer = { status: 200 | 304; headers: Record<string, string>; body?: Buffer };

/** The answer to a GET of `snap`, given the request's Accept-Encoding and If-None-Match. */
export function snapshotAnswer(
  snap: Snapshot<unknown>,
  type: string,
  cacheControl: string,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): SnapshotAnswer {
  // A large body's gzip is made off the event loop: until it is there, the answer goes out plain.
  const zipped = snap.body.length >= GZIP_FROM_BYTES && acceptsGzip(acceptEncoding) ? gzippedBody(snap) : undefined;
  const gzip = zipped !== undefined;
  const etag = gzip ? `${snap.etag.slice(0, -1)}-gz"` : snap.etag;
  const until = sharedCacheUntil();
  if (ifNoneMatch === etag)
    return {
      status: 304,
      headers: { etag, 'cache-control': cacheControl, vary: 'accept-encoding', [SHARED_CACHE_HEADER]: until },
    };
  return gzip
    ? {
        status: 200,
        headers: {
          etag,
          'cache-control': cacheControl,
          vary: 'accept-encoding',
          'content-type': type,
          'content-encoding': 'gzip',
          [SHARED_CACHE_HEADER]: until,
        },
        body: zipped,
      }
    : {
        status: 200,
        headers: {
          etag,
          'cache-control': cacheControl,
          vary: 'accept-encoding',
          'content-type': type,
          [SHARED_CACHE_HEADER]: until,
        },
        body: snap.body,
      };
}
