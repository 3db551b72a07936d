// Drizzle schema: Staff, their sessions and audit log, citizens' reports, the word screen and feedback.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { outboxColumns } from './columns.js';

/**
 * Staff members; only the sha256 of their access token is stored. A member who came through the
 * city's identity provider (OpenID Connect) has no token but its issuer and subject (`sub`, the
 * provider's stable id of the account, not a secret); nothing else of the account is kept.
 */
export const staff = pgTable(
  'staff',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    tokenHash: text('token_hash').unique(),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    unique('staff_oidc_account').on(t.oidcIssuer, t.oidcSubject),
    check(
      'staff_token_or_oidc',
      sql`${t.tokenHash} IS NOT NULL OR (${t.oidcIssuer} IS NOT NULL AND ${t.oidcSubject} IS NOT NULL)`,
    ),
  ],
);

/** Signed-in browsers of staff; the cookie holds a random id, the row only its sha256. */
export const staffSessions = pgTable('staff_sessions', {
  idHash: text('id_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): every staff action and automatic hiding. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: text('item_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_item_idx').on(t.itemKind, t.itemId)],
);

/** Failed staff sign-ins per address hash, for the limit (429); old rows are deleted on the way. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ipHash: text('ip_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_attempts_ip_idx').on(t.ipHash, t.at)],
);

/** The canned reasons staff pick when they hide an item (docs/staff.md); staff edit them in /admin. */
export const moderationReasons = pgTable('moderation_reasons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  de: text('de').notNull(),
  en: text('en').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The word screen's lists (docs/screening.md): a new proposal or monument whose name contains one
 * of these (whole words, folded) is held for staff. Shipped lists are inserted by migration 0012;
 * staff edit them in /admin.
 */
export const screenWords = pgTable(
  'screen_words',
  {
    lang: text('lang', { enum: ['de', 'en'] }).notNull(),
    word: text('word').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.word] })],
);

/**
 * The word screen's allow-list (docs/screening.md): words that contain a listed word innocently
 * (place names, ordinary compounds) and so are never held for it. Staff edit it in /admin.
 */
export const screenAllow = pgTable('screen_allow', {
  word: text('word').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Citizens' reports: one per browser (keyed hash of its voter cookie) and item. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemKind: text('item_kind', { enum: ['monument', 'proposal'] }).notNull(),
    itemId: text('item_id').notNull(),
    reporterHash: text('reporter_hash').notNull(),
    reason: text('reason').notNull(),
    comment: text('comment'),
    /** Keyed hash of the address: reports count toward the connection's create limit. */
    creatorIpHash: text('creator_ip_hash'),
    /** Keyed hash of the network (as votes': identity.ts networkOf): hiding counts networks; blanked after RETENTION_DAYS. */
    netHash: text('net_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff restored or rejected the item: the report is then no longer open. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [unique('reports_once_per_browser').on(t.itemKind, t.itemId, t.reporterHash)],
);

/**
 * Barriers reported through the accessibility statement's form. The row is also the
 * staff mail's outbox entry (the same claim columns as follow_mails). The address is kept only to
 * answer and blanked after FEEDBACK_EMAIL_DAYS; the row goes after FEEDBACK_KEEP_DAYS (retention.ts).
 */
export const accessibilityFeedback = pgTable(
  'accessibility_feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    message: text('message').notNull(),
    email: text('email'),
    page: text('page'),
    /** Keyed hash of the sender's address, for the create limit (blanked with the others after RETENTION_DAYS). */
    creatorIpHash: text('creator_ip_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** listed: over the mail caps (domain/site/accessibility-feedback.ts), shown in /admin only. */
    ...outboxColumns(['listed']),
  },
  (t) => [
    index('accessibility_feedback_due_idx').on(t.status, t.nextAttemptAt),
    index('accessibility_feedback_ip_idx').on(t.creatorIpHash, t.createdAt),
  ],
);
