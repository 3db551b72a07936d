// The city's staff side (issue 11): sign-in, the review queue, corrections, answers, audit, outbox.
// The tRPC router `staff` takes and returns exactly these; the staff REST paths adapt them.
import { z } from 'zod';
import { NAME_MAX, SEXES, STATEMENT_MAX, STATUS_NOTE_MAX } from './facts.js';
import { Intervention, InterventionId, ProposalStatus } from './intervention.js';
import { Monument, MonumentId } from './monument.js';
import { ReportReason } from './report.js';
import { paragraphText, userText } from './text.js';

export const SignIn = z.object({ token: z.string().min(1).max(200) });
export const StaffMe = z.object({ name: z.string() });
export type StaffMe = z.infer<typeof StaffMe>;
export const SignedOut = z.object({ ok: z.literal(true) });

/**
 * visible: public; hidden: taken down by reports until staff decide; rejected: by staff (kept);
 * pending: new under MODERATION=pre, waiting for staff to approve; held: new, its text matched the
 * word screen, waiting for staff (docs/screening.md). Only `visible` is public (domain/visibility.ts).
 */
export const MODERATION_STATES = ['visible', 'hidden', 'rejected', 'pending', 'held'] as const;
export const Moderation = z.enum(MODERATION_STATES);
export type Moderation = z.infer<typeof Moderation>;

/** An open report as staff see it (never who sent it). */
export const QueueReport = z.object({ reason: ReportReason, comment: z.string().nullable(), createdAt: z.string() });
export type QueueReport = z.infer<typeof QueueReport>;

/** Where the word screen matched an item's text: `[start, end)` in UTF-16 units of `text`, and the listed word. */
export const ScreenHit = z.object({
  word: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});
export type ScreenHit = z.infer<typeof ScreenHit>;

export const QueueMonument = Monument.extend({
  moderation: Moderation,
  /** The word screen's matches in the name (by today's lists; empty when none). */
  screen: z.array(ScreenHit),
  addedByVisitor: z.boolean(),
  createdAt: z.string(),
  reports: z.array(QueueReport),
});
export type QueueMonument = z.infer<typeof QueueMonument>;

export const StaffMonument = QueueMonument.extend({ mergedInto: z.string().nullable() });
export type StaffMonument = z.infer<typeof StaffMonument>;

export const QueueIntervention = Intervention.extend({
  moderation: Moderation,
  /** The word screen's matches in the name (by today's lists; empty when none). */
  screen: z.array(ScreenHit),
  createdAt: z.string(),
  monumentName: z.string(),
  reports: z.array(QueueReport),
  /** Confirmed e-mail followers (a number only; staff never see addresses). */
  followers: z.number().int().nonnegative(),
});
export type QueueIntervention = z.infer<typeof QueueIntervention>;

/** Confirmed e-mail followers per proposal, for the list of every proposal in /admin (proposals without any are left out). */
export const FollowerCounts = z.array(z.object({ interventionId: InterventionId, followers: z.number().int().positive() }));
export type FollowerCounts = z.infer<typeof FollowerCounts>;

export const StaffQueue = z.object({ monuments: z.array(QueueMonument), interventions: z.array(QueueIntervention) });
export type StaffQueue = z.infer<typeof StaffQueue>;

export const CATEGORY_MAX = 60;
export const DESCRIPTION_MAX = 2000;

/** Text staff may also clear: empty after trimming, or user text. */
const clearableText = (max: number) =>
  z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), userText(max)]));

export const MonumentPatch = z
  .object({
    name: userText(NAME_MAX),
    name_en: clearableText(NAME_MAX),
    geoLocX: z.number().finite().min(-90).max(90),
    geoLocY: z.number().finite().min(-180).max(180),
    category: userText(CATEGORY_MAX),
    sex: z.enum(SEXES),
    shortDescription: clearableText(DESCRIPTION_MAX),
    shortDescription_en: clearableText(DESCRIPTION_MAX),
  })
  .partial()
  .strict();
export type MonumentPatch = z.infer<typeof MonumentPatch>;

export const StaffMonumentRef = z.object({ monumentId: MonumentId });
export const MonumentUpdate = z.object({ monumentId: MonumentId, patch: MonumentPatch });
export const MonumentMerge = z.object({ monumentId: MonumentId, into: MonumentId });
export const MergeResult = z.object({
  kept: StaffMonument,
  movedProposals: z.number().int().nonnegative(),
  movedVotes: z.number().int().nonnegative(),
});
export type MergeResult = z.infer<typeof MergeResult>;

export const InterventionRef = z.object({ interventionId: InterventionId });
/** Staff merge a proposal into a similar one: votes (one per browser), followers and links go over. */
export const InterventionMerge = z.object({ interventionId: InterventionId, into: InterventionId });
export const InterventionUpdate = z.object({ interventionId: InterventionId, name: userText(NAME_MAX) });

/** A statement: trimmed, 1..2000 characters; line breaks allowed (paragraphs), other controls not. */
export const Statement = paragraphText(STATEMENT_MAX);

/** A status change's short public note ("Im Kulturausschuss am 12.3. beraten"): one line. */
export const StatusNote = userText(STATUS_NOTE_MAX);

/**
 * The body of `PUT /api/staff/interventions/:id/answer`: the statement in German or English or
 * both (a language left out is shown as missing), and an optional note for the status history.
 */
export const AnswerBody = z.object({
  status: ProposalStatus,
  statement: z
    .object({ de: Statement.optional(), en: Statement.optional() })
    .refine((s) => s.de !== undefined || s.en !== undefined, { message: 'a statement in German or English is required' }),
  note: StatusNote.optional(),
});
export type AnswerBody = z.infer<typeof AnswerBody>;
export const AnswerInput = AnswerBody.extend({ interventionId: InterventionId });
export type AnswerInput = z.infer<typeof AnswerInput>;

export const AUDIT_ACTIONS = [
  'monument.validate',
  'monument.update',
  'monument.merge',
  'monument.reject',
  'monument.restore',
  'monument.hide',
  'intervention.update',
  'intervention.reject',
  'intervention.restore',
  'intervention.answer',
  'intervention.hide',
  'intervention.merge',
  'intervention.approve',
  'intervention.hold',
  'monument.approve',
  'monument.hold',
  'screen.add',
  'screen.remove',
  'screen.allow',
  'screen.disallow',
  'mail.retry',
  'mail.release',
  'votes.release',
  'votes.invalidate',
  'staff.add',
  'staff.revoke',
  'retention.run',
  'photo.approve',
  'photo.reject',
  'photo.rotate',
  'photo.remove',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const ITEM_KINDS = ['monument', 'intervention', 'mail', 'staff', 'retention', 'screen', 'photo'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const AuditFilter = z.object({
  actor: z.string().trim().min(1).max(NAME_MAX).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  itemKind: z.enum(ITEM_KINDS).optional(),
  itemId: z.string().trim().min(1).max(64).optional(),
  /** Entries with an id below this (the previous page's `next`). */
  before: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type AuditFilter = z.input<typeof AuditFilter>;

const numberParam = z
  .string()
  .regex(/^\d{1,16}$/, { message: 'a number' })
  .transform(Number);
/** The same filter as query parameters of `GET /api/staff/audit`. */
export const AuditQuery = AuditFilter.extend({ before: numberParam.optional(), limit: numberParam.optional() })
  .strict()
  .pipe(AuditFilter);

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** A staff member's name, or "system". */
  actor: z.string(),
  action: z.string(),
  itemKind: z.enum(ITEM_KINDS),
  itemId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({ entries: z.array(AuditEntry), next: z.number().int().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

/**
 * withheld: its proposal is no longer public, so the mail is held back (restoring it queues it again);
 * held: the votes that reached the threshold wait for a staff check (released, or invalidated below it).
 */
export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed', 'withheld', 'held'] as const;
/** threshold: the proposal reached the threshold; correction: staff invalidated votes of a sent one below it. */
export const MAYOR_MAIL_KINDS = ['threshold', 'correction'] as const;
export const OutboxEntry = z.object({
  id: z.number().int(),
  interventionId: z.number().int(),
  interventionName: z.string(),
  status: z.enum(OUTBOX_STATES),
  kind: z.enum(MAYOR_MAIL_KINDS),
  voteCount: z.number().int(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  reachedAt: z.string(),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;
export const OutboxList = z.array(OutboxEntry);

export const NotificationId = z.number().int().positive().max(2_147_483_647, { message: 'invalid notification id' });
export const NotificationRef = z.object({ notificationId: NotificationId });
export const NotificationIdParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { message: 'invalid notification id' })
  .transform(Number)
  .pipe(NotificationId);

/** The word screen's languages: each has its own list, and every text is checked against all of them. */
export const SCREEN_LANGS = ['de', 'en'] as const;
export const ScreenLang = z.enum(SCREEN_LANGS);
export const SCREEN_WORD_MAX = 60;
/** A listed word or phrase: 1..60 characters with at least one letter or digit, no control characters. */
export const ScreenWordText = userText(SCREEN_WORD_MAX).refine((s) => /[\p{L}\p{N}]/u.test(s), {
  message: 'must contain a letter or digit',
});
export const ScreenWord = z.object({ lang: ScreenLang, word: ScreenWordText });
export type ScreenWord = z.infer<typeof ScreenWord>;
export const ScreenWordList = z.array(z.object({ lang: ScreenLang, word: z.string() }));
export type ScreenWordList = z.infer<typeof ScreenWordList>;
/** A word of the word screen's allow-list (one list for all languages): never held for a listed word inside it. */
export const ScreenAllowWord = z.object({ word: ScreenWordText });
export type ScreenAllowWord = z.infer<typeof ScreenAllowWord>;
export const ScreenAllowList = z.array(z.string());
/** The answer to adding or removing a word: whether the list changed. */
export const ScreenWordChange = z.object({ changed: z.boolean() });
