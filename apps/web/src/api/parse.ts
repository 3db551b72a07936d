// Parses an answer with its route's schema from the contract (zod): loaded with the first call
// that needs it, never in the first load (client.ts). A body that does not match is an ApiError.
import { routes } from '@linz/contract';
import type { ZodType } from 'zod';
import type { AnswerOf, RouteName } from './client';
import { ApiError } from './errors';

// zod parses without compiled parsers here: zodConfig.ts, imported first by main.tsx.
export function parseAnswer<N extends RouteName>(name: N, json: unknown): AnswerOf<N> {
  const parsed = routes[name].answer.safeParse(json);
  if (!parsed.success) throw new ApiError('MALFORMED');
  return parsed.data as AnswerOf<N>;
}

/** The items that match `schema`; the others are left out (the spec's lenient lists, normalise.ts). */
export const readable = <T>(schema: ZodType<T>, items: unknown[]): T[] =>
  items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
