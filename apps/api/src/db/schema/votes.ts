// Drizzle schema: Votes, their confirmation by e-mail, staff alerts and the mayor's outbox.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { outboxColumns } from './columns.js';
import { proposals } from './items.js';

/** One row per browser and proposal; the primary key is the server-side uniqueness of a vote. */
export const votes = pgTable(
  'votes',
  {
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id),
    voterHash: text('voter_hash').notNull(),
    ipHash: text('ip_hash').notNull(),
    /** Keyed hash of the network (IPv4 /24, IPv6 /56: config.ts ADDRESS_PREFIXES) under the server secret; 'expired' after retention. */
    netHash: text('net_hash').notNull().default('expired'),
    /** The same of its wider network (IPv4 /24, IPv6 /48: ADDRESS_PREFIXES.area); 'expired' after retention. */
    areaHash: text('area_hash').notNull().default('expired'),
    status: text('status', { enum: ['counted', 'held', 'invalidated'] })
      .notNull()
      .default('counted'),
    /** Keyed hash of the confirming address, normalised (one confirmed vote per address and proposal). */
    emailHash: text('email_hash'),
    emailDomain: text('email_domain'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.proposalId, t.voterHash] }),
    index('votes_ip_idx').on(t.proposalId, t.ipHash, t.createdAt),
    uniqueIndex('votes_email_once').on(t.proposalId, t.emailHash),
    index('votes_net_time_idx').on(t.netHash, t.createdAt),
    index('votes_time_idx').on(t.proposalId, t.createdAt),
  ],
);

/** A vote's confirmation by e-mail under way: the address is kept until it is confirmed or expires (48 h). */
export const voteConfirmations = pgTable(
  'vote_confirmations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id),
    voterHash: text('voter_hash').notNull(),
    email: text('email'),
    emailHash: text('email_hash').notNull(),
    emailDomain: text('email_domain').notNull(),
    lang: text('lang', { enum: ['de', 'en'] }).notNull(),
    tokenSeed: text('token_seed').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its vote was confirmed (by this link or another of the same vote): the row stays, without its address, until it expires. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...outboxColumns(),
  },
  (t) => [index('vote_confirmations_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Alerts for staff about a proposal's votes; each is mailed once to the site's staff address. */
export const voteAlerts = pgTable(
  'vote_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id),
    kind: text('kind', { enum: ['burst', 'regular', 'few_networks', 'few_areas', 'quick', 'few_domains'] }).notNull(),
    netHash: text('net_hash'),
    votes: integer('votes').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by'),
    ...outboxColumns(['none']),
  },
  (t) => [
    uniqueIndex('vote_alerts_open_once')
      .on(t.proposalId, t.kind, sql`coalesce(${t.netHash}, '')`)
      .where(sql`${t.closedAt} IS NULL`),
    index('vote_alerts_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Transactional outbox: written by the vote that reaches the threshold, drained by the mail sender. */
export const mayorNotifications = pgTable(
  'mayor_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id),
    kind: text('kind', { enum: ['threshold', 'correction'] })
      .notNull()
      .default('threshold'),
    voteCount: integer('vote_count').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
    ...outboxColumns(['withheld', 'held']),
  },
  (t) => [
    index('mayor_notifications_due_idx').on(t.status, t.nextAttemptAt),
    unique('mayor_notifications_once').on(t.proposalId, t.kind),
  ],
);
