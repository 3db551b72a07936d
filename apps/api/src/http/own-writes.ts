// A write's author sees it at once, behind nginx's cache and on any instance. A successful write
// marks its author's browser for 2 s (this cookie); nginx neither answers nor keeps that browser's
// reads from its cache meanwhile (deploy/nginx/denkmal.conf `$denkmal_no_cache`), and the instance
// that gets such a read first catches up with the changes committed before it (read-cache.ts
// createCatchUp; several instances on PostgreSQL only).
import { COOKIES } from '@linz/contract/facts';
import type { FastifyInstance } from 'fastify';
import type { CatchUp } from '../domain/read-cache.js';

/** The mark's name: nginx's configuration reads it by this name (`$cookie_denkmal_wrote`). */
export const AUTHOR_MARK = COOKIES.authorMark.name;
const MARK = `${AUTHOR_MARK}=1; Max-Age=${COOKIES.authorMark.seconds}; Path=/; HttpOnly; SameSite=Lax`;
const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Registered after the cookie plugin and the limits (security.ts): a marked read pays like any other. */
export function ownWrites(app: FastifyInstance, catchUp: CatchUp | undefined): void {
  // Set on the answer itself (nginx only passes it on): nginx used to add it to every answer it
  // gave, cached reads included, which with its X-Cache header cost its cache hits 3-5 %
  // (docs/performance.md).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!reads.has(req.method) && reply.statusCode < 400) reply.header('set-cookie', MARK);
    done(null, payload);
  });
  // A callback hook, not an async one: unmarked reads (most requests) pass without a promise.
  if (catchUp)
    app.addHook('preHandler', (req, _reply, done) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || req.cookies[AUTHOR_MARK] === undefined) return done();
      void catchUp.caughtUp().then(() => done());
    });
}
