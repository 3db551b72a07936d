// Deployment settings the browser needs (one web build serves any city's tile server).
import { z } from 'zod';

export const ClientConfig = z.object({
  tileUrl: z.string(),
  tileAttribution: z.string(),
  /** /admin offers the sign-in with the city's accounts (OpenID Connect is configured). */
  staffOidc: z.boolean(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
