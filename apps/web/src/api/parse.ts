// Parses an answer with its route's schema from the contract (zod): loaded with the first call
// that needs it, never in the first load (client.ts). A body that does not match is an ApiError.
import { routes } from '@linz/contract';
import type { AnswerOf, RouteName } from './client';
import { ApiError } from './errors';

export function parseAnswer<N extends RouteName>(name: N, json: unknown): AnswerOf<N> {
  const parsed = routes[name].answer.safeParse(json);
  if (!parsed.success) throw new ApiError('MALFORMED');
  return parsed.data as AnswerOf<N>;
}
