// Drizzle schema: the tables behind monuments, proposals, votes and the mayor's outbox.
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const monuments = pgTable(
  'monuments',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    category: text('category').notNull(),
    sex: text('sex').notNull(),
    validated: boolean('validated').notNull().default(false),
    shortDescription: text('short_description').notNull().default(''),
    shortDescriptionEn: text('short_description_en').notNull().default(''),
    image: text('image').notNull().default('default-placeholder.jpg'),
    alternatives: jsonb('alternatives')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    source: text('source'),
    creatorIpHash: text('creator_ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('monuments_creator_idx').on(t.creatorIpHash, t.createdAt)],
);

export const interventions = pgTable(
  'interventions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    monumentId: text('monument_id')
      .notNull()
      .references(() => monuments.id),
    name: text('name').notNull(),
    emoji: text('emoji').notNull(),
    shortDescriptionEn: text('short_description_en'),
    votes: integer('votes').notNull().default(0),
    creatorIpHash: text('creator_ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interventions_monument_idx').on(t.monumentId),
    index('interventions_creator_idx').on(t.creatorIpHash, t.createdAt),
  ],
);

/** One row per browser and proposal; the primary key is the server-side uniqueness of a vote. */
export const votes = pgTable(
  'votes',
  {
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id),
    voterHash: text('voter_hash').notNull(),
    ipHash: text('ip_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.interventionId, t.voterHash] }),
    index('votes_ip_idx').on(t.interventionId, t.ipHash, t.createdAt),
  ],
);

/** Transactional outbox: written by the vote that reaches the threshold, drained by the mail sender. */
export const mayorNotifications = pgTable(
  'mayor_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    interventionId: integer('intervention_id')
      .notNull()
      .unique()
      .references(() => interventions.id),
    voteCount: integer('vote_count').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('mayor_notifications_due_idx').on(t.status, t.nextAttemptAt)],
);

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
