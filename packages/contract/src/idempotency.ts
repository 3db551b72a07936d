// The Idempotency-Key header of the public writes: a UUID the client makes when the action is
// taken, so a retry (an offline queue's replay, a double tap) gets the first answer again.
import { z } from 'zod';

// The header's name is a fact the browser needs without zod.
export { IDEMPOTENCY_HEADER } from './facts.js';

/** How long the server keeps a key's answer (per voter). */
export const IDEMPOTENCY_TTL_HOURS = 24;

export const IdempotencyKey = z.uuid({ message: 'Idempotency-Key must be a UUID' });
