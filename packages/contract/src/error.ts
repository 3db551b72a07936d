// The JSON body of every 4xx/5xx answer. Its `code` comes from the one vocabulary of what went
// wrong (error-codes.ts: code → HTTP status).
import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

export { ERROR_CODES, ERROR_STATUS, errorCodeOfStatus, type ErrorCode } from './error-codes.js';

export const ErrorBody = z.object({
  message: z.string(),
  /** What went wrong, for a program: stable across versions and languages (ERROR_STATUS). */
  code: z.enum(ERROR_CODES),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
  /** 409 on a new monument: the id of the monument within 50 m that already has this name. */
  existingId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
