// Builds the per-request context shared by the tRPC adapter and the REST façade.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keyedHash } from '../domain/identity.js';
import type { Services } from '../services.js';
import type { Context } from '../trpc/init.js';

export const VOTER_COOKIE = 'voter';
const YEAR_SECONDS = 365 * 24 * 3600;

export function contextFor(services: Services, secret: string, req: FastifyRequest, reply: FastifyReply): Context {
  let voterHash: string | undefined;
  return {
    ...services,
    voterHash() {
      if (voterHash) return voterHash;
      const raw = req.cookies[VOTER_COOKIE];
      const signed = raw ? req.unsignCookie(raw) : undefined;
      let id = signed?.valid ? signed.value : null;
      if (!id) {
        id = randomUUID();
        reply.setCookie(VOTER_COOKIE, id, {
          signed: true,
          httpOnly: true,
          sameSite: 'lax',
          secure: req.protocol === 'https',
          path: '/',
          maxAge: YEAR_SECONDS,
        });
      }
      voterHash = keyedHash(`voter:${secret}`, id);
      return voterHash;
    },
    ipHash: () => services.hashIp(req.ip),
    answered: () => reply.sent,
  };
}
