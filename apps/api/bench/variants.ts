// The API without one of its mechanisms, for the with/without figures (`pnpm bench -- --only
// mechanisms`): the same source, started with loadConfig options that switch the mechanism off
// (config.ts DEFAULTS: ballotBatch, ballotsInFlight, withdrawAnsweredVotes, readCache).
import type { ConfigOptions } from '../src/config.js';

export type Variant = 'current' | 'no-batch' | 'no-withdrawal' | 'no-cache';

export const VARIANTS: Record<Variant, ConfigOptions> = {
  current: {},
  // Each vote its own cast_votes call, as many at once as the pool (10) allows (PGlite: one at a time).
  'no-batch': { ballotBatch: 1, ballotsInFlight: 10 },
  // A vote still queued when its request's deadline answered 503 is cast anyway.
  'no-withdrawal': { withdrawAnsweredVotes: false },
  // Every list read runs its query; no NOTIFY either (nothing to invalidate).
  'no-cache': { readCache: false },
};
