// Builds the per-request context shared by the tRPC adapter and the REST façade, and owns the
// anonymous voter cookie (the one place that reads or issues it).
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keyedHash } from '../domain/identity.js';
import type { Services } from '../services.js';
import type { Context } from '../trpc/init.js';

export const VOTER_COOKIE = 'voter';
const YEAR_SECONDS = 365 * 24 * 3600;

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
export function voterIdFor(req: FastifyRequest, reply: FastifyReply): string {
  const known = signedVoterId(req);
  if (known) return known;
  const id = randomUUID();
  reply.setCookie(VOTER_COOKIE, id, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    path: '/',
    maxAge: YEAR_SECONDS,
  });
  return id;
}

export function contextFor(services: Services, secret: string, req: FastifyRequest, reply: FastifyReply): Context {
  let voterHash: string | undefined;
  return {
    ...services,
    voterHash() {
      // An API client without a cookie still votes; it gets its cookie with this answer.
      voterHash ??= keyedHash(`voter:${secret}`, voterIdFor(req, reply));
      return voterHash;
    },
    ipHash: () => services.hashIp(req.ip),
    answered: () => reply.sent,
  };
}
