// The city's staff side: sign-in, the review queue, corrections, answers, audit, outbox.
// The tRPC router `staff` takes and returns exactly these; the staff REST paths adapt them.
import { z } from 'zod';
import { MODERATION_REASON_MAX, NAME_MAX, REDACT_MIN, SEXES, STATEMENT_MAX, STATUS_NOTE_MAX } from './facts.js';
import { Intervention, ProposalId, ProposalStatus } from './proposal.js';
import { Monument, MonumentId } from './monument.js';
import { ReportReason } from './report.js';
import { nameText, paragraphText, userText } from './text.js';

export const SignIn = z.object({ token: z.string().min(1).max(200) });
export const StaffMe = z.object({ name: z.string() });
export type StaffMe = z.infer<typeof StaffMe>;
export const SignedOut = z.object({ ok: z.literal(true) });

/**
 * visible: public; hidden: taken down by reports until staff decide; rejected: by staff (kept);
 * pending: new under MODERATION=pre, waiting for staff to approve; held: new, its text matched the
 * word screen, waiting for staff (docs/screening.md). Only `visible` is public (domain/moderation/visibility.ts).
 */
export const MODERATION_STATES = ['visible', 'hidden', 'rejected', 'pending', 'held'] as const;
export const Moderation = z.enum(MODERATION_STATES);
export type Moderation = z.infer<typeof Moderation>;

/** Why staff hid an item, in both languages (its author reads it in theirs). */
export const ModerationReasonText = z.object({ de: z.string(), en: z.string() });
export type ModerationReasonText = z.infer<typeof ModerationReasonText>;

/** Who reported an item, as counts only: open reports and the distinct networks they came from. */
export const Reporters = z.object({ reports: z.number().int().nonnegative(), networks: z.number().int().nonnegative() });
export type Reporters = z.infer<typeof Reporters>;

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
  reporters: Reporters,
  /** Why staff hid it (set while it is hidden by staff, else null). */
  moderationReason: ModerationReasonText.nullable(),
});
export type QueueMonument = z.infer<typeof QueueMonument>;

export const StaffMonument = QueueMonument.extend({ mergedInto: z.string().nullable() });
export type StaffMonument = z.infer<typeof StaffMonument>;

export const QueueProposal = Intervention.extend({
  moderation: Moderation,
  /** The word screen's matches in the name (by today's lists; empty when none). */
  screen: z.array(ScreenHit),
  createdAt: z.string(),
  monumentName: z.string(),
  /** The monument's place and context, so staff decide without opening it. */
  monument: z.object({
    geoLocX: z.number(),
    geoLocY: z.number(),
    category: z.string(),
    sex: z.string(),
    shortDescription: z.string(),
    shortDescription_en: z.string(),
  }),
  reports: z.array(QueueReport),
  reporters: Reporters,
  /** Why staff hid it (set while it is hidden by staff, else null). */
  moderationReason: ModerationReasonText.nullable(),
  /** Confirmed e-mail followers (a number only; staff never see addresses). */
  followers: z.number().int().nonnegative(),
});
export type QueueProposal = z.infer<typeof QueueProposal>;

/** Confirmed e-mail followers per proposal, for the list of every proposal in /admin (proposals without any are left out). */
export const FollowerCounts = z.array(z.object({ proposalId: ProposalId, followers: z.number().int().positive() }));
export type FollowerCounts = z.infer<typeof FollowerCounts>;

export const StaffQueue = z.object({ monuments: z.array(QueueMonument), proposals: z.array(QueueProposal) });
export type StaffQueue = z.infer<typeof StaffQueue>;

export const CATEGORY_MAX = 60;

/** A canned reason for hiding, staff-edited; each text 1–MODERATION_REASON_MAX characters. */
export const ModerationReasonId = z.number().int().positive().max(2_147_483_647);
export const ModerationReason = z.object({ id: ModerationReasonId, de: z.string(), en: z.string() });
export type ModerationReason = z.infer<typeof ModerationReason>;
export const ModerationReasonList = z.array(ModerationReason);
export const NewModerationReason = z.object({ de: userText(MODERATION_REASON_MAX), en: userText(MODERATION_REASON_MAX) });
export const ModerationReasonUpdate = NewModerationReason.extend({ id: ModerationReasonId });
export const ModerationReasonRef = z.object({ id: ModerationReasonId });

/** Why staff hide an item: a canned reason (both its languages are kept), or a text of their own (shown in both). */
export const HideReason = z.union([
  z.object({ reasonId: ModerationReasonId }).strict(),
  z.object({ text: userText(MODERATION_REASON_MAX) }).strict(),
]);
export type HideReason = z.infer<typeof HideReason>;
export const DESCRIPTION_MAX = 2000;

/** Text staff may also clear: empty after trimming, or user text. */
const clearableText = (max: number) =>
  z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), userText(max)]));

export const MonumentPatch = z
  .object({
    name: nameText(NAME_MAX),
    name_en: clearableText(NAME_MAX),
    geoLocX: z.number().finite().min(-90).max(90),
    geoLocY: z.number().finite().min(-180).max(180),
    /** One of the contract's categories or the site profile's (checked by the server: UNKNOWN_CATEGORY). */
    category: userText(CATEGORY_MAX),
    sex: z.enum(SEXES),
    shortDescription: clearableText(DESCRIPTION_MAX),
    shortDescription_en: clearableText(DESCRIPTION_MAX),
  })
  .partial()
  .strict();
export type MonumentPatch = z.infer<typeof MonumentPatch>;

export const StaffMonumentRef = z.object({ monumentId: MonumentId });
/** Hiding by staff ("Ausblenden (Moderation)") needs a reason. */
export const MonumentHide = StaffMonumentRef.extend({ reason: HideReason });
export const MonumentUpdate = z.object({ monumentId: MonumentId, patch: MonumentPatch });
export const MonumentMerge = z.object({ monumentId: MonumentId, into: MonumentId });
export const MergeResult = z.object({
  kept: StaffMonument,
  movedProposals: z.number().int().nonnegative(),
  movedVotes: z.number().int().nonnegative(),
});
export type MergeResult = z.infer<typeof MergeResult>;

export const ProposalRef = z.object({ proposalId: ProposalId });
export const ProposalHide = ProposalRef.extend({ reason: HideReason });
/** Staff merge a proposal into a similar one: votes (one per browser), followers and links go over. */
export const ProposalMerge = z.object({ proposalId: ProposalId, into: ProposalId });
export const ProposalUpdate = z.object({ proposalId: ProposalId, name: nameText(NAME_MAX) });

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
export const AnswerInput = AnswerBody.extend({ proposalId: ProposalId });
export type AnswerInput = z.infer<typeof AnswerInput>;

export const AUDIT_ACTIONS = [
  'monument.validate',
  'monument.update',
  'monument.merge',
  'monument.reject',
  'monument.restore',
  'monument.dismissReports',
  'monument.hide',
  'proposal.update',
  'proposal.reject',
  'proposal.restore',
  'proposal.dismissReports',
  'proposal.answer',
  'proposal.hide',
  'proposal.merge',
  'proposal.approve',
  'proposal.hold',
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
  'reason.add',
  'reason.update',
  'reason.remove',
  'audit.redact',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const ITEM_KINDS = ['monument', 'proposal', 'mail', 'staff', 'retention', 'screen', 'photo', 'reason'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const AuditFilter = z.object({
  /** Part of the staff member's name (or "system"), in any case. */
  actor: z.string().trim().min(1).max(NAME_MAX).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  itemKind: z.enum(ITEM_KINDS).optional(),
  itemId: z.string().trim().min(1).max(64).optional(),
  /** An item's id, or part of its name (today's, or as the entry recorded it), in any case. */
  item: z.string().trim().min(1).max(NAME_MAX).optional(),
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
  /** The item's name today (a monument, a proposal, a mail's proposal), or null. */
  itemName: z.string().nullable(),
  /** The whole records before and after the action. */
  before: z.unknown(),
  after: z.unknown(),
  /** Only the fields the action changed (`auditChanges` in ./audit.ts). */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({ entries: z.array(AuditEntry), next: z.number().int().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

/** The staff member's languages for the CSV export's words. */
export const AUDIT_CSV_LANGS = ['de', 'en'] as const;
/** The query of `GET /api/staff/audit.csv`: the list's filters (no paging) and the language of its words. */
export const AuditCsvQuery = AuditFilter.omit({ before: true, limit: true })
  .extend({ lang: z.enum(AUDIT_CSV_LANGS).default('de') })
  .strict();
export type AuditCsvQuery = z.input<typeof AuditCsvQuery>;

/**
 * Personal data removed from the audit log (GDPR Art. 17): `text` is taken out of every value the
 * log recorded for the item of entry `entryId`, wherever it stands, in any case. Itself audited.
 */
export const AuditRedaction = z.object({
  entryId: z.number().int().positive(),
  text: z.string().trim().min(REDACT_MIN).max(NAME_MAX),
});
export type AuditRedaction = z.infer<typeof AuditRedaction>;
/** How many of the item's entries held the text (each now says "[…]" there). */
export const AuditRedactionResult = z.object({ entries: z.number().int().positive() });

/**
 * withheld: its proposal is no longer public, so the mail is held back (restoring it queues it again);
 * held: the votes that reached the threshold wait for a staff check (released, or invalidated below it).
 */
export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed', 'withheld', 'held'] as const;
/** threshold: the proposal reached the threshold; correction: staff invalidated votes of a sent one below it. */
export const MAYOR_MAIL_KINDS = ['threshold', 'correction'] as const;
export const OutboxEntry = z.object({
  id: z.number().int(),
  proposalId: z.number().int(),
  proposalName: z.string(),
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
