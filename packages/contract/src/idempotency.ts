// The Idempotency-Key header of the public writes: a UUID the client makes when the action is
// taken, so a retry (an offline queue's replay, a double tap) gets the first answer again.
import { z } from 'zod';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** How long the server keeps a key's answer (per voter). */
export const IDEMPOTENCY_TTL_HOURS = 24;

export const IdempotencyKey = z.uuid({ message: 'Idempotency-Key must be a UUID' });
