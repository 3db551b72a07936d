// Drizzle schema: Columns several tables share: moderation, the outbox, a line, bytes.
import { customType, integer, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * visible: public; hidden: by citizens' reports until staff decide; rejected: by staff (kept);
 * pending: waiting for staff under MODERATION=pre; held: the word screen matched (docs/screening.md).
 */
export const moderation = () =>
  text('moderation', { enum: ['visible', 'hidden', 'rejected', 'pending', 'held'] })
    .notNull()
    .default('visible');

/** Why staff hid the item (moderation 'rejected'), in both languages: its author reads it. */
export const moderationReason = () => ({
  moderationReasonDe: text('moderation_reason_de'),
  moderationReasonEn: text('moderation_reason_en'),
});

/** A line as GeoJSON has it: [longitude, latitude] positions. */
export type LineGeometry =
  { type: 'LineString'; coordinates: [number, number][] } | { type: 'MultiLineString'; coordinates: [number, number][][] };

const MAIL_STATES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * The outbox columns a row needs to be a mail of its own (mail/outbox.ts claims and marks them):
 * its state (the mail's four, and `also` the table's own), its attempts, lease and last error.
 */
export const outboxColumns = <const E extends string = never>(
  also: readonly E[] = [],
  initial: (typeof MAIL_STATES)[number] | E = 'pending',
) => ({
  status: text('status', { enum: [...MAIL_STATES, ...also] as [...typeof MAIL_STATES, ...E[]] })
    .notNull()
    .default(initial),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** Binary bytes (PostgreSQL bytea). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
