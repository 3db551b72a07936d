// Drizzle schema: Server secrets, daily address keys, write marks and idempotency keys.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Server secrets generated once (cookie signing key) so every instance and restart agrees. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/** Daily random keys for hashing IP addresses; old days are deleted so old hashes cannot be linked. */
export const ipKeys = pgTable('ip_keys', {
  day: text('day').primaryKey(),
  key: text('key').notNull(),
});

/** Writes per household and area in the last minutes (domain/limits.ts), kept a day; keyed hashes only. */
export const writeMarks = pgTable(
  'write_marks',
  { key: text('key').notNull(), at: timestamp('at', { withTimezone: true }).notNull().defaultNow() },
  (t) => [index('write_marks_key_idx').on(t.key, t.at)],
);

/**
 * The answers to writes sent with an Idempotency-Key, per voter (keyed hash) and key, for 24 hours:
 * a repeat gets the stored answer instead of acting again. The row is inserted first (status null,
 * "running") so the primary key decides which of concurrent repeats acts, on any instance.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    voterHash: text('voter_hash').notNull(),
    key: text('key').notNull(),
    /** Hash of the route and its input: the same key with another request is refused (422). */
    fingerprint: text('fingerprint').notNull(),
    /** The answer's HTTP status; null while the first request is still running. */
    status: integer('status'),
    /** `{ ok: true, data }` or `{ ok: false, error }` (a domain refusal, see domain/idempotency.ts). */
    outcome: jsonb('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.voterHash, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
