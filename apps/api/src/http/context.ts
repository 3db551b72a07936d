// Builds the per-request context shared by the tRPC adapter and the REST façade, and owns the
// anonymous voter cookie (the one place that reads or issues it).
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IdempotencyKey } from '@linz/contract';
import { COOKIES } from '@linz/contract/facts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Unauthorized } from '../domain/errors.js';
import { areaHashOf, householdHashOf, keyedHash, networkHashOf } from '../domain/identity.js';
import { staffBySession, staffByToken, type StaffMember } from '../domain/staff/staff.js';
import type { Services } from '../services.js';
import type { Context } from '../trpc/init.js';

export const VOTER_COOKIE = COOKIES.voter.name;

/** The request's voter id when it carries a validly signed cookie. */
function signedVoterId(req: FastifyRequest): string | undefined {
  const raw = req.cookies[VOTER_COOKIE];
  const signed = raw ? req.unsignCookie(raw) : undefined;
  return signed?.valid && signed.value ? signed.value : undefined;
}

/**
 * This browser's voter id: the signed cookie's, or a new one issued with this answer. An answer
 * that may issue it must never be stored by a shared cache (callers mark it `private`).
 */
export function voterIdFor(req: FastifyRequest, reply: FastifyReply, newId: () => string = randomUUID): string {
  const known = signedVoterId(req);
  if (known) return known;
  const id = newId();
  reply.setCookie(VOTER_COOKIE, id, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    path: '/',
    maxAge: COOKIES.voter.seconds,
  });
  return id;
}

export const STAFF_COOKIE = COOKIES.staffSession.name;

const staffCookieOptions = (req: FastifyRequest) =>
  ({ httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https', path: '/' }) as const;

/** Puts a new staff session into the browser's cookie (token sign-in and the city's accounts alike). */
export function setStaffSessionCookie(req: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(STAFF_COOKIE, sessionId, { ...staffCookieOptions(req), maxAge: COOKIES.staffSession.seconds });
}

/**
 * The staff member of a request: `Authorization: Bearer <token>` first (a present but wrong
 * header is refused, not passed over), else the staff_session cookie. The voter cookie grants nothing.
 */
async function staffOf(services: Services, req: FastifyRequest): Promise<StaffMember> {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(header);
    const member = match?.[1] ? await staffByToken(services.database, match[1]) : null;
    if (!member) throw new Unauthorized('Unknown or revoked access token.');
    return member;
  }
  const session = req.cookies[STAFF_COOKIE];
  const member = session ? await staffBySession(services.database, session) : null;
  if (!member) throw new Unauthorized();
  return member;
}

type RequestContext = Context & {
  readonly req: FastifyRequest;
  readonly reply: FastifyReply;
  hash?: string;
  staff?: Promise<StaffMember>;
};

/**
 * Makes the per-request contexts of one app. A context is a small object whose prototype carries
 * the services and the methods: every API request builds one, so it copies and allocates nothing
 * else (a spread of the services and fresh closures per request cost a measurable share of a read).
 */
export type ContextFor = (req: FastifyRequest, reply: FastifyReply) => Context;

export function contextFactory(services: Services, secret: string): ContextFor {
  const shared: ThisType<RequestContext> &
    Pick<
      Context,
      | 'voterHash'
      | 'knownVoterHash'
      | 'ipHash'
      | 'ipHashes'
      | 'netHash'
      | 'householdHash'
      | 'areaHash'
      | 'answered'
      | 'staffMember'
      | 'startStaffSession'
      | 'endStaffSession'
      | 'idempotencyKey'
    > = {
    voterHash() {
      // An API client without a cookie still votes; it gets its cookie with this answer. With an
      // Idempotency-Key its new id follows from the key, so a retry whose first answer (and cookie)
      // was lost is the same voter and gets the first answer, not a second vote.
      const key = IdempotencyKey.safeParse(this.idempotencyKey()).data;
      const newId = key ? () => keyedHash(`voter-of-key:${secret}`, key) : undefined;
      this.hash ??= keyedHash(`voter:${secret}`, voterIdFor(this.req, this.reply, newId));
      return this.hash;
    },
    knownVoterHash() {
      if (this.hash !== undefined) return this.hash;
      const known = signedVoterId(this.req);
      return known === undefined ? null : (this.hash = keyedHash(`voter:${secret}`, known));
    },
    idempotencyKey() {
      const raw = this.req.headers[IDEMPOTENCY_HEADER];
      // Sent twice it is no key at all (an array fails the UUID check).
      return raw as string | undefined;
    },
    ipHash() {
      return services.hashIp(this.req.ip);
    },
    ipHashes() {
      return services.hashIp.recent(this.req.ip);
    },
    netHash() {
      return networkHashOf(secret, this.req.ip);
    },
    householdHash() {
      return householdHashOf(secret, this.req.ip);
    },
    areaHash() {
      return areaHashOf(secret, this.req.ip);
    },
    answered() {
      return this.reply.sent;
    },
    staffMember() {
      this.staff ??= staffOf(services, this.req);
      return this.staff;
    },
    startStaffSession(sessionId) {
      setStaffSessionCookie(this.req, this.reply, sessionId);
    },
    endStaffSession() {
      const session = this.req.cookies[STAFF_COOKIE];
      if (session !== undefined) this.reply.clearCookie(STAFF_COOKIE, staffCookieOptions(this.req));
      return session;
    },
  };
  const proto: object = Object.assign(Object.create(services) as object, shared);
  return (req, reply) => {
    const ctx = Object.create(proto) as { req: FastifyRequest; reply: FastifyReply };
    ctx.req = req;
    ctx.reply = reply;
    return ctx as unknown as Context;
  };
}
