// The REST adapter's bindings (src/rest/bindings.ts) are checked by the type checker: every
// `@ts-expect-error` below must be an error, or `pnpm typecheck` (tsc over test/) fails. So a
// route that names a procedure that does not exist, or one whose answer is not the route's, a route
// left unbound and a binding for a route the contract does not have all fail at type-check time.
import { routes } from '@linz/contract';
import { describe, expect, it } from 'vitest';
import { bindings, type Bindings } from '../../src/rest/bindings.js';

const { castVote: _unbound, ...missingOne } = bindings;

// @ts-expect-error a route of the contract without a binding
export const missing: Bindings = missingOne;
export const extra = {
  ...bindings,
  // @ts-expect-error a binding for a route the contract does not have
  castVotes: { own: 'no such route' },
} satisfies Bindings;
export const noSuchProcedure = {
  ...bindings,
  // @ts-expect-error a procedure that does not exist
  castVote: { procedure: (c) => c.proposals.voteTwice },
} satisfies Bindings;
export const wrongAnswer = {
  ...bindings,
  // @ts-expect-error a procedure whose answer is not the route's (a vote's route answers a vote)
  castVote: { procedure: (c) => c.monuments.list },
} satisfies Bindings;

describe('bindings', () => {
  it('bind every route of the contract, each to a procedure or to a handler of its own that says why', () => {
    expect(Object.keys(bindings).sort()).toEqual(Object.keys(routes).sort());
    for (const binding of Object.values(bindings)) {
      if ('own' in binding) expect(binding.own.length).toBeGreaterThan(20);
      else expect(typeof binding.procedure).toBe('function');
    }
  });
});
