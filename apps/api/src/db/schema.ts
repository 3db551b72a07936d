// Drizzle schema: the tables behind monuments, proposals, votes and the mayor's outbox.
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Namesake, Placement } from '@linz/contract';

/**
 * visible: public; hidden: by citizens' reports until staff decide; rejected: by staff (kept);
 * pending: waiting for staff under MODERATION=pre; held: the word screen matched (docs/screening.md).
 */
const moderation = () =>
  text('moderation', { enum: ['visible', 'hidden', 'rejected', 'pending', 'held'] })
    .notNull()
    .default('visible');

/** Why staff hid the item (moderation 'rejected'), in both languages: its author reads it. */
const moderationReason = () => ({
  moderationReasonDe: text('moderation_reason_de'),
  moderationReasonEn: text('moderation_reason_en'),
});

/** A line as GeoJSON has it: [longitude, latitude] positions. */
export type LineGeometry =
  { type: 'LineString'; coordinates: [number, number][] } | { type: 'MultiLineString'; coordinates: [number, number][][] };

export const monuments = pgTable(
  'monuments',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    /** Null for a commemoration not yet placed (no marker until staff confirm a place; migration 0019). */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
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
    moderation: moderation(),
    /** Set when staff merged this monument into another: its old id then opens that one. */
    mergedInto: text('merged_into'),
    /** Keyed hash of the adding browser's voter id: it sees its monument while staff review it. */
    creatorVoterHash: text('creator_voter_hash'),
    ...moderationReason(),
    /** The seed's key ('register:strasse_918', 'public-art:new-bahr'): the seed adds each row once. */
    seedKey: text('seed_key'),
    /** Whom it honours, from the city's street-name register (db/commemorations.ts). */
    namesake: jsonb('namesake').$type<Namesake>(),
    /** Where its point came from (a source record, or citizens' suggestion confirmed by staff). */
    placement: jsonb('placement').$type<Placement>(),
    /** A street's line for drawing (GeoJSON LineString or MultiLineString); null for a point. */
    geometry: jsonb('geometry').$type<LineGeometry>(),
    /** What `pnpm city import` found it under (e.g. `street:<folded name>`, `id:<id>`); null if not imported. */
    importKey: text('import_key'),
    /** The values the last import wrote: a field that differs from them now was corrected by staff and is kept. */
    imported: jsonb('imported').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('monuments_creator_idx').on(t.creatorIpHash, t.createdAt),
    uniqueIndex('monuments_seed_key_idx').on(t.seedKey),
    uniqueIndex('monuments_import_key_idx').on(t.importKey),
    check('monuments_place_whole', sql`(${t.lat} IS NULL) = (${t.lng} IS NULL)`),
  ],
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
    /** Counted votes (db/functions/votes.sql keeps it), and of those the e-mail-confirmed ones. */
    votes: integer('votes').notNull().default(0),
    confirmedVotes: integer('confirmed_votes').notNull().default(0),
    creatorIpHash: text('creator_ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    moderation: moderation(),
    status: text('status', { enum: ['open', 'in_review', 'planned', 'declined', 'done'] })
      .notNull()
      .default('open'),
    answerDe: text('answer_de'),
    answerEn: text('answer_en'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Keyed hash of the creating browser's voter id, for "mine" (rows made before "mine" existed have none). */
    creatorVoterHash: text('creator_voter_hash'),
    /** Set when staff merged this proposal into another: its old id then leads to that one. */
    mergedInto: integer('merged_into'),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    ...moderationReason(),
  },
  (t) => [
    index('interventions_monument_idx').on(t.monumentId),
    index('interventions_creator_idx').on(t.creatorIpHash, t.createdAt),
  ],
);

/** Every change of a proposal's status, with staff's short public note; never edited. */
export const statusHistory = pgTable(
  'status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id),
    status: text('status', { enum: ['open', 'in_review', 'planned', 'declined', 'done'] }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('status_history_intervention_idx').on(t.interventionId, t.at)],
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
    primaryKey({ columns: [t.interventionId, t.voterHash] }),
    index('votes_ip_idx').on(t.interventionId, t.ipHash, t.createdAt),
    uniqueIndex('votes_email_once').on(t.interventionId, t.emailHash),
    index('votes_net_time_idx').on(t.netHash, t.createdAt),
    index('votes_time_idx').on(t.interventionId, t.createdAt),
  ],
);

/** The outbox columns a row needs to be a mail of its own (mail/outbox.ts claims and marks them). */
const outboxColumns = () => ({
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** A vote's confirmation by e-mail under way: the address is kept until it is confirmed or expires (48 h). */
export const voteConfirmations = pgTable(
  'vote_confirmations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id),
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
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    ...outboxColumns(),
  },
  (t) => [index('vote_confirmations_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Alerts for staff about a proposal's votes; each is mailed once to the site's staff address. */
export const voteAlerts = pgTable(
  'vote_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id),
    kind: text('kind', { enum: ['burst', 'regular', 'few_networks', 'few_areas', 'quick', 'few_domains'] }).notNull(),
    netHash: text('net_hash'),
    votes: integer('votes').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by'),
    status: text('status', { enum: ['none', 'pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    ...outboxColumns(),
  },
  (t) => [
    uniqueIndex('vote_alerts_open_once')
      .on(t.interventionId, t.kind, sql`coalesce(${t.netHash}, '')`)
      .where(sql`${t.closedAt} IS NULL`),
    index('vote_alerts_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Transactional outbox: written by the vote that reaches the threshold, drained by the mail sender. */
export const mayorNotifications = pgTable(
  'mayor_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id),
    kind: text('kind', { enum: ['threshold', 'correction'] })
      .notNull()
      .default('threshold'),
    voteCount: integer('vote_count').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'withheld', 'held'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('mayor_notifications_due_idx').on(t.status, t.nextAttemptAt),
    unique('mayor_notifications_once').on(t.interventionId, t.kind),
  ],
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

/** Citizens' reports: one per browser (keyed hash of its voter cookie) and item. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemKind: text('item_kind', { enum: ['monument', 'intervention'] }).notNull(),
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

/**
 * "Wo ist das?": a citizen's suggestion of where a commemoration without a place stands (migration
 * 0020). It waits for staff; the address is kept only to tell the suggester once it is placed.
 */
export const placeSuggestions = pgTable(
  'place_suggestions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    monumentId: text('monument_id')
      .notNull()
      .references(() => monuments.id),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    note: text('note'),
    email: text('email'),
    lang: text('lang', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    creatorIpHash: text('creator_ip_hash').notNull(),
    creatorVoterHash: text('creator_voter_hash'),
    /** Keyed hash of the network: agreement counts different networks. */
    netHash: text('net_hash').notNull(),
    moderation: text('moderation', { enum: ['visible', 'pending', 'held'] })
      .notNull()
      .default('visible'),
    decision: text('decision', { enum: ['open', 'confirmed', 'closed', 'rejected'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The mail to the suggester once staff confirmed (the outbox's states; 'none' without an address). */
    status: text('status', { enum: ['none', 'pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('none'),
    ...outboxColumns(),
  },
  (t) => [
    index('place_suggestions_monument_idx').on(t.monumentId, t.decision),
    index('place_suggestions_creator_idx').on(t.creatorIpHash, t.createdAt),
    index('place_suggestions_mail_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * The city's street-name register (the city profile's seed.streets, e.g. Stadt Linz – data.linz.gv.at,
 * CC BY 4.0), loaded at seed time; the dashboard counts streets from here, never from typed-in figures.
 */
export const streetNames = pgTable('street_names', {
  /** The register's id (`strasse_918`). */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The cadastral community (katastralgemeinde). */
  district: text('district').notNull(),
  personName: text('person_name'),
  /** Of the namesake: `unknown` when the street is not named after a person of known sex. */
  sex: text('sex', { enum: ['female', 'male', 'unknown'] }).notNull(),
  streetWikidataId: text('street_wikidata_id'),
  /** The namesake's Wikidata id first, then any further persons the register names. */
  personWikidataIds: jsonb('person_wikidata_ids')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

/**
 * E-mail follows of a proposal (double opt-in). The address is kept only to send to it; limits and
 * "does this address follow already" use its keyed hash. Tokens are stored as SHA-256 only.
 */
export const follows = pgTable(
  'follows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id),
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
    unique('follows_once_per_address').on(t.interventionId, t.emailHash),
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
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
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

/** Writes per household and area in the last minutes (domain/limits.ts), kept a day; keyed hashes only. */
export const writeMarks = pgTable(
  'write_marks',
  { key: text('key').notNull(), at: timestamp('at', { withTimezone: true }).notNull().defaultNow() },
  (t) => [index('write_marks_key_idx').on(t.key, t.at)],
);

/** A browser following a proposal without e-mail (shown on "mine"). */
export const watches = pgTable(
  'watches',
  {
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id),
    voterHash: text('voter_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.interventionId, t.voterHash] }), index('watches_voter_idx').on(t.voterHash)],
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
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'listed'] })
      .notNull()
      .default('pending'),
    ...outboxColumns(),
  },
  (t) => [
    index('accessibility_feedback_due_idx').on(t.status, t.nextAttemptAt),
    index('accessibility_feedback_ip_idx').on(t.creatorIpHash, t.createdAt),
  ],
);

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
/** The canned reasons staff pick when they hide an item (docs/staff.md); staff edit them in /admin. */
export const moderationReasons = pgTable('moderation_reasons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  de: text('de').notNull(),
  en: text('en').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Binary bytes (PostgreSQL bytea). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Photos of monuments and sketches of proposals: only the re-encoded WebP (no
 * metadata) and its thumbnail are kept, never the bytes as sent. Public once approved; the
 * uploading browser sees its own pending ones. Removing deletes the row (its URLs then 404).
 */
export const photos = pgTable(
  'photos',
  {
    id: text('id').primaryKey(),
    monumentId: text('monument_id')
      .notNull()
      .references(() => monuments.id),
    /** Set for a proposal's sketch. */
    interventionId: integer('intervention_id').references(() => interventions.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    alt: text('alt').notNull(),
    credit: text('credit'),
    licence: text('licence').notNull(),
    /** SHA-256 (hex) of `image`: its URL, and so immutable. */
    hash: text('hash').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    image: bytea('image').notNull(),
    thumb: bytea('thumb').notNull(),
    /** Keyed hashes of the uploading browser and connection (limits, "mine"); none for staff. */
    uploaderVoterHash: text('uploader_voter_hash'),
    uploaderIpHash: text('uploader_ip_hash'),
    /** The uploader's network (identity.ts networkHashOf): pending photos are capped per network. */
    uploaderNetHash: text('uploader_net_hash'),
    byStaff: boolean('by_staff').notNull().default(false),
    rejectReason: text('reject_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('photos_hash_idx').on(t.hash),
    index('photos_monument_idx').on(t.monumentId),
    index('photos_intervention_idx').on(t.interventionId),
    index('photos_status_idx').on(t.status, t.createdAt),
    index('photos_voter_idx').on(t.uploaderVoterHash, t.createdAt),
    index('photos_ip_idx').on(t.uploaderIpHash, t.createdAt),
    index('photos_net_idx').on(t.uploaderNetHash, t.status),
  ],
);
