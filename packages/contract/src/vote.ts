// Vote payloads (spec section 3) and the threshold that notifies the mayor.
import { z } from 'zod';
import { MonumentId } from './monument.js';

export const VoteRequest = z.object({ monumentId: MonumentId, action: z.literal('vote') });
export type VoteRequest = z.infer<typeof VoteRequest>;

export const VoteAnswer = z.object({ newVoteCount: z.number().int().positive() });
export type VoteAnswer = z.infer<typeof VoteAnswer>;
