// Helpers for the dashboard and open-data tests: the writes that must change the figures.
import { Monument, MAYOR_THRESHOLD, pathOf, routes } from '@linz/contract';
import type { testApp } from './harness.js';
import { browser, expectAnswer, json, propose } from './harness.js';
import { bearer, dataOf, trpcPost } from './staff-helpers.js';

type T = Awaited<ReturnType<typeof testApp>>;

export function writes(t: T, token: string) {
  const staff = async <R>(path: string, input: unknown) => {
    const res = await t.app.inject(trpcPost(path, input, bearer(token)));
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return dataOf<R>(res);
  };
  return {
    staff,
    async addMonument(name: string, geoLocX = 48.3, geoLocY = 14.29) {
      const res = await t.app.inject({
        method: 'POST',
        url: routes.addMonument.path,
        headers: json,
        payload: { name, geoLocX, geoLocY },
      });
      return expectAnswer(res, 201, Monument);
    },
    propose: (name: string, monumentId: string) => propose(t.app, name, monumentId),
    /** Votes from `n` different browsers. */
    async votes(proposalId: number, monumentId: string, n = MAYOR_THRESHOLD) {
      for (let k = 0; k < n; k++) {
        const res = await t.app.inject({
          method: 'POST',
          url: pathOf(routes.castVote.path, { proposalId }),
          headers: { ...json, ...browser(t.app, `voter-${proposalId}-${k}`) },
          payload: { monumentId, action: 'vote' },
        });
        if (res.statusCode !== 200) throw new Error(`vote: ${res.statusCode} ${res.body}`);
      }
    },
    answer: (proposalId: number, de: string, en: string) =>
      staff('staff.proposals.answer', { proposalId, status: 'planned', statement: { de, en } }),
  };
}
