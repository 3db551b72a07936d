// The Idempotency-Key of a public write, for the tRPC procedures (and so for their REST routes):
// validated (INVALID), then the write runs once per voter and key (domain/idempotency.ts).
import { ERROR_STATUS, IdempotencyKey, routes } from '@linz/contract';
import { Invalid } from '../domain/errors.js';
import { fingerprintOf, idempotent } from '../domain/idempotency.js';
import type { Context } from './init.js';

export type IdempotentRoute = 'castVote' | 'createProposal' | 'addMonument';

/** Runs `act`, once per voter and key when the request carries an Idempotency-Key. */
export function idempotentWrite<T>(ctx: Context, route: IdempotentRoute, input: unknown, act: () => Promise<T>): Promise<T> {
  const raw = ctx.idempotencyKey();
  if (raw === undefined) return act();
  const key = IdempotencyKey.safeParse(raw);
  if (!key.success) throw new Invalid('Idempotency-Key must be a UUID.');
  return idempotent(
    ctx.database,
    {
      voterHash: ctx.voterHash(),
      key: key.data.toLowerCase(),
      fingerprint: fingerprintOf(route, input),
      successStatus: routes[route].status,
      statusOf: (code) => ERROR_STATUS[code],
      waitMs: ctx.config.idempotencyWaitMs,
      answered: () => ctx.answered(),
    },
    act,
  );
}
