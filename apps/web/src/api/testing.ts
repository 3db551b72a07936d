// For unit tests: a `call` (client.ts) that answers as the server would, without a network. A
// success is the body parsed with the route's schema from the contract (parse.ts), anything else
// the error reader's ApiError (errors.ts); a thrown Error is thrown as it is.
import type { call } from './client';
import { errorOfAnswer, succeeded } from './errors';
import { parseAnswer } from './parse';

export type Answer = { status: number; json: unknown };

export function answering(answer: Answer | Error | ((route: string) => Answer)) {
  const sent: { route: string; options: unknown }[] = [];
  const fake = (route: string, options: unknown = {}) => {
    sent.push({ route, options });
    return Promise.resolve().then(() => {
      if (answer instanceof Error) throw answer;
      const { status, json } = typeof answer === 'function' ? answer(route) : answer;
      if (!succeeded(status)) throw errorOfAnswer(status, json);
      return parseAnswer(route as never, json);
    });
  };
  return { call: fake as typeof call, sent };
}
