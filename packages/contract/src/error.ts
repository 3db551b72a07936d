// The JSON body of every 4xx/5xx answer.
import { z } from 'zod';

export const ErrorBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
  /** 409 on a new monument: the id of the monument within 50 m that already has this name. */
  existingId: z.string().optional(),
  /** A stable name for a refusal a client branches on (e.g. OUTSIDE_AREA); the message may change. */
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
