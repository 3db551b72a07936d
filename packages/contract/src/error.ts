// The JSON body of every 4xx/5xx answer.
import { z } from 'zod';

export const ErrorBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
