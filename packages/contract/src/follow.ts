// Following a proposal without an account: by e-mail (double opt-in, one-click unsubscribe) or by
// this browser alone, and "mine", what this browser proposed, voted for and follows.
import { z } from 'zod';
import { Intervention, ProposalId } from './proposal.js';
import { ModerationReasonText } from './staff.js';

/** Longest e-mail address accepted (RFC 5321's path limit is 256 with brackets). */
export const EMAIL_MAX = 254;

/**
 * An e-mail address as a citizen types it: trimmed, ASCII only (a look-alike letter from another
 * script is refused, not silently mapped), no whitespace or control characters (so no header
 * injection), one `@`, a dotted domain.
 */
export const EmailAddress = z
  .string()
  .trim()
  .max(EMAIL_MAX, { message: `at most ${EMAIL_MAX} characters` })
  .regex(
    /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
    {
      message: 'invalid e-mail address',
    },
  );

/** The languages a follower can get mail in. */
export const MailLang = z.enum(['de', 'en']);
export type MailLang = z.infer<typeof MailLang>;

/** `POST /api/interventions/:proposalId/follow`. */
export const FollowRequest = z.strictObject({ email: EmailAddress, lang: MailLang });
export type FollowRequest = z.infer<typeof FollowRequest>;

/** 202 whether or not the address already follows: nobody learns who follows what. */
export const FollowPending = z.object({ pending: z.literal(true) });
export type FollowPending = z.infer<typeof FollowPending>;

/** A confirmation or unsubscribe token as it appears in a link (base64url). */
export const FollowToken = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, { message: 'invalid token' });

/** `POST /api/follow/confirm`. */
export const ConfirmFollowRequest = z.strictObject({ token: FollowToken });
export const FollowConfirmed = z.object({ following: z.literal(true), proposalId: ProposalId });
export type FollowConfirmed = z.infer<typeof FollowConfirmed>;

/** `POST /api/follow/unsubscribe?token=…` (RFC 8058 one-click: form body `List-Unsubscribe=One-Click`). */
export const UnsubscribeQuery = z.object({ token: FollowToken, all: z.enum(['1']).optional() });
export const Unsubscribed = z.object({ unsubscribed: z.literal(true), all: z.boolean() });
export type Unsubscribed = z.infer<typeof Unsubscribed>;

/** `POST /api/interventions/:proposalId/watch` and `/unwatch`: follow in this browser only, no e-mail. */
export const Watching = z.object({ watching: z.boolean() });
export type Watching = z.infer<typeof Watching>;

/** One proposal on "Meine Beteiligung", with its monument's name for the list. */
export const MineItem = z.object({
  proposal: Intervention,
  monument: z.object({ id: z.string(), name: z.string(), name_en: z.string().nullable() }),
  /** This browser's own proposal that others do not see yet: staff have to approve it (docs/screening.md). */
  underReview: z.boolean(),
  /** This browser's vote for it is confirmed by e-mail: there is nothing more to confirm. */
  voteConfirmed: z.boolean(),
});
export type MineItem = z.infer<typeof MineItem>;

/** A monument this browser added: in `added` public, in `reviewing` waiting for staff. */
export const MineMonument = z.object({ id: z.string(), name: z.string(), geoLocX: z.number(), geoLocY: z.number() });
export type MineMonument = z.infer<typeof MineMonument>;

/** This browser's own proposal or monument that staff hid, with their reason. */
export const MineHidden = z.object({
  kind: z.enum(['monument', 'proposal']),
  name: z.string(),
  /** The monument it was at (a monument: itself). */
  monumentId: z.string(),
  monumentName: z.string(),
  reason: ModerationReasonText,
});
export type MineHidden = z.infer<typeof MineHidden>;

/**
 * `GET /api/mine`: this browser's own activity only (no voter cookie: empty lists). `reviewing`:
 * its monuments still under review (its proposals under review are in `proposed`, marked), `added`
 * its monuments on the map.
 */
export const Mine = z.object({
  proposed: z.array(MineItem),
  voted: z.array(MineItem),
  following: z.array(MineItem),
  reviewing: z.array(MineMonument),
  /** Its monuments that are on the map (verified by staff or not yet), newest first. */
  added: z.array(MineMonument),
  hidden: z.array(MineHidden),
  /**
   * Counts as this browser sees them, where they differ from the public lists' (its own or its
   * network's held votes, issue 56): the lists, shared by everyone and cached, show these instead,
   * so that one browser reads one count for a proposal on every screen.
   */
  seen: z.array(z.object({ id: z.number().int(), votes: z.number().int(), confirmedVotes: z.number().int() })),
});
export type Mine = z.infer<typeof Mine>;

/** /mine for a browser with nothing of its own yet (no voter cookie). */
export const emptyMine = (): Mine => ({ proposed: [], voted: [], following: [], reviewing: [], added: [], hidden: [], seen: [] });
