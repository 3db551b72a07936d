// Drizzle schema: What the map shows: monuments and streets, proposals with their history, suggested places, photos.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Namesake, Placement } from '@linz/contract';
import { moderation, moderationReason, type LineGeometry, outboxColumns, bytea } from './columns.js';

export const monuments = pgTable(
  'monuments',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    name_en: text('name_en'),
    /** Null for a commemoration not yet placed (no marker until staff confirm a place; migration 0019). */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    category: text('category').notNull(),
    sex: text('sex').notNull(),
    validated: boolean('validated').notNull().default(false),
    shortDescription: text('short_description').notNull().default(''),
    shortDescription_en: text('short_description_en').notNull().default(''),
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
    // A new monument's neighbours within 50 m (domain/monuments/duplicates.ts): a range of the index, not every row.
    index('monuments_place_idx').on(t.lat, t.lng),
    uniqueIndex('monuments_seed_key_idx').on(t.seedKey),
    uniqueIndex('monuments_import_key_idx').on(t.importKey),
    check('monuments_place_whole', sql`(${t.lat} IS NULL) = (${t.lng} IS NULL)`),
  ],
);

export const proposals = pgTable(
  'proposals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    monumentId: text('monument_id')
      .notNull()
      .references(() => monuments.id),
    name: text('name').notNull(),
    emoji: text('emoji').notNull(),
    shortDescription_en: text('short_description_en'),
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
  (t) => [index('proposals_monument_idx').on(t.monumentId), index('proposals_creator_idx').on(t.creatorIpHash, t.createdAt)],
);

/** Every change of a proposal's status, with staff's short public note; never edited. */
export const statusHistory = pgTable(
  'status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id),
    status: text('status', { enum: ['open', 'in_review', 'planned', 'declined', 'done'] }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('status_history_proposal_idx').on(t.proposalId, t.at)],
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
    ...outboxColumns(['none'], 'none'),
  },
  (t) => [
    index('place_suggestions_monument_idx').on(t.monumentId, t.decision),
    index('place_suggestions_creator_idx').on(t.creatorIpHash, t.createdAt),
    index('place_suggestions_mail_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * The city's street-name register (the city profile's seed.streets, e.g. a city's open data,
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
    proposalId: integer('proposal_id').references(() => proposals.id),
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
    index('photos_proposal_idx').on(t.proposalId),
    index('photos_status_idx').on(t.status, t.createdAt),
    index('photos_voter_idx').on(t.uploaderVoterHash, t.createdAt),
    index('photos_ip_idx').on(t.uploaderIpHash, t.createdAt),
    index('photos_net_idx').on(t.uploaderNetHash, t.status),
  ],
);
