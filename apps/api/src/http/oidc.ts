// The browser's side of the staff sign-in with the city's accounts: two navigations, not API calls.
// /api/oidc/start sends the browser to the city's identity provider; the provider sends it back
// to /api/oidc/callback, which signs the member in (the same staff_session cookie as a token
// sign-in) and goes on to /admin, or goes to /admin?oidc=denied|failed, where the page says why.
// The state, nonce and PKCE verifier travel in a signed HttpOnly cookie that only the callback
// path receives, lives ten minutes (COOKIES.staffSignIn) and is cleared on first use.
import { APP_PATHS, COOKIES, PATHS } from '@linz/contract/facts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OidcRefused, type OidcTransaction } from '../domain/staff/oidc.js';
import { beginCityAccountSignIn, finishCityAccountSignIn } from '../domain/staff/use-cases.js';
import type { ContextFor } from './context.js';

export const OIDC_COOKIE = COOKIES.staffSignIn.name;

/** The /admin address that says why a sign-in did not happen (the web app reads `oidc`). */
export const refusedAt = (reason: OidcRefused['reason']) => `${APP_PATHS.admin}?oidc=${reason}`;

const transactionCookie = (req: FastifyRequest) =>
  ({
    signed: true,
    httpOnly: true,
    // The provider sends the browser back with a top-level GET from its own site: Lax lets the
    // cookie come along, Strict would not.
    sameSite: 'lax',
    secure: req.protocol === 'https',
    path: PATHS.oidcCallback,
  }) as const;

function transactionOf(req: FastifyRequest): OidcTransaction | undefined {
  const raw = req.cookies[OIDC_COOKIE];
  const signed = raw ? req.unsignCookie(raw) : undefined;
  if (!signed?.valid || !signed.value) return undefined;
  try {
    const t = JSON.parse(signed.value) as Partial<OidcTransaction>;
    return typeof t.state === 'string' && typeof t.nonce === 'string' && typeof t.verifier === 'string'
      ? { state: t.state, nonce: t.nonce, verifier: t.verifier }
      : undefined;
  } catch {
    return undefined;
  }
}

export function oidcRoutes(app: FastifyInstance, contextFor: ContextFor) {
  // Only on a refusal: the reason and the failed check's code, never a token, code or claim.
  const refusal = (req: FastifyRequest, reply: FastifyReply, err: OidcRefused) => {
    req.log.info({ reason: err.reason, code: err.providerCode }, `staff sign-in refused: ${err.message}`);
    return reply.header('cache-control', 'no-store').redirect(refusedAt(err.reason), 302);
  };

  app.get(PATHS.oidcStart, async (req, reply) => {
    const ctx = contextFor(req, reply);
    try {
      const { url, transaction } = await beginCityAccountSignIn(ctx);
      reply.setCookie(OIDC_COOKIE, JSON.stringify(transaction), {
        ...transactionCookie(req),
        maxAge: COOKIES.staffSignIn.seconds,
      });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    } catch (err) {
      if (err instanceof OidcRefused) return refusal(req, reply, err);
      throw err;
    }
  });

  app.get(PATHS.oidcCallback, async (req, reply) => {
    const ctx = contextFor(req, reply);
    const transaction = transactionOf(req);
    // One use: a second visit of this address (a replayed code) finds no transaction.
    if (req.cookies[OIDC_COOKIE] !== undefined) reply.clearCookie(OIDC_COOKIE, transactionCookie(req));
    try {
      const search = new URL(req.url, 'http://x').search;
      const { created } = await finishCityAccountSignIn(ctx, { search, transaction }, ctx);
      req.log.info({ created }, 'staff signed in with a city account');
      return reply.header('cache-control', 'no-store').redirect(APP_PATHS.admin, 302);
    } catch (err) {
      if (err instanceof OidcRefused) return refusal(req, reply, err);
      throw err;
    }
  });
}
