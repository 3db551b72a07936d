// Drizzle schema: Following a proposal: by e-mail (with its mails and limits) or in this browser.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { proposals } from './items.js';
import { outboxColumns } from './columns.js';

/**
 * E-mail follows of a proposal (double opt-in). The address is kept only to send to it; limits and
 * "does this address follow already" use its keyed hash. Tokens are stored as SHA-256 only.
 */
export const follows = pgTable(
  'follows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id),
    email: text('email').notNull(),
    emailHash: text('email_hash').notNull(),
    lang: text('lang', { enum: ['de', 'en'] }).notNull(),
    status: text('status', { enum: ['pending', 'confirmed'] })
      .notNull()
      .default('pending'),
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull().unique(),
    /** Random; with the server secret it gives this follow's tokens again when a mail is written. */
    tokenSeed: text('token_seed').notNull(),
    /** Keyed hash of the voter id of the browser that asked, for "mine". */
    voterHash: text('voter_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When its proposal reached a final status (declined, done, merged, removed); retention counts from here. */
    finalAt: timestamp('final_at', { withTimezone: true }),
  },
  (t) => [
    unique('follows_once_per_address').on(t.proposalId, t.emailHash),
    index('follows_email_idx').on(t.emailHash),
    index('follows_voter_idx').on(t.voterHash),
  ],
);

/**
 * The follower side of the outbox: one row per follow and event (the event key makes it at most
 * once), claimed, leased, retried and fenced exactly as the mayor's notifications are.
 */
export const followMails = pgTable(
  'follow_mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    followId: integer('follow_id')
      .notNull()
      .references(() => follows.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirm', 'threshold', 'status', 'merged', 'removed'] }).notNull(),
    eventKey: text('event_key').notNull(),
    /** What the mail says beyond the proposal (status and statement, the proposal it continues as, a token seed). */
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...outboxColumns(),
  },
  (t) => [
    unique('follow_mails_once_per_event').on(t.followId, t.eventKey),
    index('follow_mails_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Follow requests of the last day, for the limits (keyed hashes only; older rows are deleted on the way). */
export const followRequests = pgTable(
  'follow_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ipHash: text('ip_hash').notNull(),
    voterHash: text('voter_hash').notNull(),
    emailHash: text('email_hash').notNull(),
    /** A confirmation mail was queued for this request. */
    mailed: boolean('mailed').notNull().default(false),
    /** Keyed hash of the asking household (domain/actor.ts netHash): its share of the inbox's mails. */
    netHash: text('net_hash'),
  },
  (t) => [
    index('follow_requests_email_net_idx').on(t.emailHash, t.netHash, t.at),
    index('follow_requests_ip_idx').on(t.ipHash, t.at),
    index('follow_requests_voter_idx').on(t.voterHash, t.at),
    index('follow_requests_email_idx').on(t.emailHash, t.at),
  ],
);

/** A browser following a proposal without e-mail (shown on "mine"). */
export const watches = pgTable(
  'watches',
  {
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id),
    voterHash: text('voter_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.proposalId, t.voterHash] }), index('watches_voter_idx').on(t.voterHash)],
);
