// Photos' bytes: `/media/<sha256>.webp` and `/media/<sha256>-480.webp`. The name is
// the hash of the bytes, so an approved photo's answer never changes: `immutable` at the client.
// Every request reads the database: a removed photo 404s at once on every instance (no cache here).
import { MEDIA_PREFIX } from '@linz/contract/facts';
import type { FastifyInstance } from 'fastify';
import { photoFile } from '../domain/photos/use-cases.js';
import type { ContextFor } from './context.js';
import { refuse } from './errors.js';

const NAME = /^([0-9a-f]{64})(-480)?\.webp$/;
export const MEDIA_CACHE_PUBLIC = 'public, max-age=31536000, immutable';

export function mediaRoutes(app: FastifyInstance, contextFor: ContextFor) {
  app.get(`${MEDIA_PREFIX}:name`, async (req, reply) => {
    const match = NAME.exec((req.params as { name: string }).name);
    if (!match?.[1]) return refuse(reply, 'NOT_FOUND', 'Not found.');
    const ctx = contextFor(req, reply);
    // Staff see pending photos in /admin (their session cookie); the voter cookie shows one's own.
    const asStaff = req.headers.authorization !== undefined || req.cookies.staff_session !== undefined;
    const media = await photoFile(ctx, { hash: match[1], thumb: match[2] !== undefined, asStaff }, ctx);
    if (!media) return refuse(reply, 'NOT_FOUND', 'Not found.');
    const etag = `"${match[1]}${match[2] ?? ''}"`;
    reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      .header('etag', etag)
      // Not yet approved: only this browser (or staff) may see it, and it may still go.
      .header('cache-control', media.public ? MEDIA_CACHE_PUBLIC : 'private, no-cache')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(media.bytes);
  });
}
