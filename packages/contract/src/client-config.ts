// Deployment settings the browser needs (one web build serves any city's tile server).
import { z } from 'zod';

export const ClientConfig = z.object({
  tileUrl: z.string(),
  tileAttribution: z.string(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
