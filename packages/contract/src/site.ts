// The site profile: who runs this deployment and what the legal pages say about them (Impressum,
// accessibility statement, privacy page). One JSON file per operator (SITE_PROFILE), validated
// with this schema at start; the text frames live in the web app's locales.
import { z } from 'zod';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_PAGE_MAX } from './facts.js';
import { CATEGORY_TOKEN } from './filters.js';
import { EmailAddress } from './follow.js';
import { paragraphText, userText } from './text.js';

/** A text the operator writes in both languages. */
const Localised = z.object({ de: z.string().trim().min(1), en: z.string().trim().min(1) });
// Patterns rather than string formats: the OpenAPI description's validator (strict) knows none.
const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'a date as YYYY-MM-DD' })
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'not a calendar date' });
const Email = EmailAddress;
const WebAddress = z.string().regex(/^https?:\/\/\S+$/, { message: 'an http(s) address' });
const Address = z.object({
  street: z.string().trim().min(1),
  postalCode: z.string().trim().min(1),
  city: z.string().trim().min(1),
  country: Localised,
});
/** Someone personal data is passed to (Art. 13(1)(e) GDPR). */
const Recipient = z.object({ name: z.string().trim().min(1), purpose: Localised, location: Localised });

export const SiteProfile = z.object({
  /**
   * The shipped profile is an example: its addresses and numbers reach no one. A start that would
   * publish refuses it (apps/api/src/config.ts), and the legal pages say so while it is set.
   */
  example: z.boolean().optional(),
  /** Medieninhaber / Herausgeber (§ 5 ECG, § 25 MedienG), also the controller under the GDPR. */
  operator: z.object({
    name: z.string().trim().min(1),
    address: Address,
    email: Email,
    phone: z.string().trim().min(1),
    /** The operator's own web address (a portfolio, the city's site); shown on /impressum and /about when set. */
    website: WebAddress.optional(),
    /** The operator's account on a social network, shown on /about when set (e.g. "@denkmal.example"). */
    social: z.object({ label: z.string().trim().min(1).max(60), url: WebAddress }).optional(),
    /** Unternehmensgegenstand / line of business. */
    lineOfBusiness: Localised,
    /** Grundlegende Richtung (§ 25 (4) MedienG). */
    editorialLine: Localised,
    /** Supervisory authority or register entry, if any (§ 5 ECG). */
    register: Localised.optional(),
  }),
  /**
   * The city's staff (the people at /admin): the mayor's office's reply to its mail goes here
   * (Reply-To), and so do the alerts about unusual votes.
   */
  staffEmail: Email,
  /** A public body processes under Art. 6(1)(e) GDPR (a public task); others under (f), legitimate interests. */
  publicBody: z.boolean(),
  /** Who is responsible for the content. */
  responsible: z.object({ name: z.string().trim().min(1), role: Localised }),
  dataProtectionOfficer: z.object({ name: z.string().trim().min(1), email: Email, address: z.string().trim().min(1).optional() }),
  recipients: z.object({ hosting: Recipient, mail: Recipient, tiles: Recipient }),
  /** Who makes and keeps the database's backups, where, and for how long (the privacy page's backup row). */
  backups: z.object({ keeper: z.string().trim().min(1), location: Localised, retention: Localised }),
  accessibility: z.object({
    /** Where the accessibility feedback form's messages are mailed. */
    feedbackEmail: Email,
    conformance: z.enum(['full', 'partial', 'none']),
    preparedOn: IsoDate,
    /** The last review of the statement; /admin warns once it is more than a year old. */
    reviewedOn: IsoDate,
    /** The enforcement procedure's complaint office and the law that names it. */
    complaintOffice: z.object({
      name: z.string().trim().min(1),
      address: z.string().trim().min(1),
      email: Email,
      phone: z.string().trim().min(1).optional(),
      url: WebAddress,
      law: Localised,
    }),
  }),
  /** The privacy page's date. */
  privacyUpdatedOn: IsoDate,
  /**
   * Categories this city adds to the contract's list (MONUMENT_CATEGORIES): a new category is the
   * operator's decision here, not a word typed while editing a monument.
   */
  categories: z.array(z.string().regex(CATEGORY_TOKEN, { message: 'letters, digits, spaces, - and _ (1–60)' })).default([]),
});
export type SiteProfile = z.infer<typeof SiteProfile>;

/**
 * How long the server keeps each kind of data: the numbers its retention job and rules enforce
 * (apps/api/src/domain/site/retention.ts), sent to the privacy page so it never states others.
 */
export const RetentionFacts = z.object({
  addressHashDays: z.number().int(),
  settledReportDays: z.number().int(),
  followUnconfirmedHours: z.number().int(),
  followEndedDays: z.number().int(),
  staffSessionHours: z.number().int(),
  signInWindowMinutes: z.number().int(),
  idempotencyHours: z.number().int(),
  feedbackDays: z.number().int(),
  feedbackEmailDays: z.number().int(),
});
export type RetentionFacts = z.infer<typeof RetentionFacts>;

/** GET /api/site: the profile and the retention facts, fixed at start. */
export const SiteInfo = z.object({ profile: SiteProfile, retention: RetentionFacts });
export type SiteInfo = z.infer<typeof SiteInfo>;

/** An empty optional field is no field. */
const optional = <S extends z.ZodType<unknown, string>>(schema: S) =>
  z
    .string()
    .optional()
    .transform((s) => (s === undefined || s.trim() === '' ? undefined : s.trim()))
    .pipe(schema.optional());

/** POST /api/accessibility-feedback: what is hard to use, and an address only if the sender wants an answer. */
export const NewAccessibilityFeedback = z.strictObject({
  message: paragraphText(FEEDBACK_MESSAGE_MAX),
  email: optional(EmailAddress),
  /** The page the problem is on (a path or address). */
  page: optional(userText(FEEDBACK_PAGE_MAX)),
});
export type NewAccessibilityFeedback = z.infer<typeof NewAccessibilityFeedback>;

export const AccessibilityFeedbackReceived = z.object({ received: z.literal(true) });

/** One message as staff see it in /admin. */
export const AccessibilityFeedbackEntry = z.object({
  id: z.number().int(),
  message: z.string(),
  email: z.string().nullable(),
  page: z.string().nullable(),
  receivedAt: z.string(),
  /** listed: over the mail caps, not mailed (shown here only). */
  mailStatus: z.enum(['pending', 'sending', 'sent', 'failed', 'listed']),
});
export type AccessibilityFeedbackEntry = z.infer<typeof AccessibilityFeedbackEntry>;
export const AccessibilityFeedbackList = z.array(AccessibilityFeedbackEntry);
