// The staff side. Every procedure but signIn and signOut needs a signed-in staff member; each is a
// use case (domain/moderation/use-cases.ts and staff.ts): one transaction with its audit entry, then
// the public lists change on every instance.
import {
  AccessibilityFeedbackList,
  AnswerInput,
  AuditCsvQuery,
  AuditRedaction,
  AuditRedactionResult,
  AuditFilter,
  AuditPage,
  FollowerCounts,
  Intervention,
  ProposalHide,
  ProposalMerge,
  ProposalRef,
  ProposalUpdate,
  MergeResult,
  ModerationReason,
  ModerationReasonList,
  ModerationReasonRef,
  ModerationReasonUpdate,
  MonumentHide,
  MonumentMerge,
  MonumentUpdate,
  NewModerationReason,
  NotificationRef,
  OutboxEntry,
  OutboxList,
  QueueProposal,
  ScreenWord,
  ScreenAllowList,
  ScreenAllowWord,
  ScreenWordChange,
  ScreenWordList,
  SignedOut,
  SignIn,
  StaffMe,
  StaffMonument,
  StaffMonumentRef,
  StaffQueue,
} from '@linz/contract';
import { z } from 'zod';
import {
  answerProposal,
  correctMonument,
  hideMonument,
  hideProposal,
  markMonumentValidated,
  mergeMonuments,
  mergeProposals,
  monumentCategories,
  proposalFollowerCounts,
  publishMonument,
  publishProposal,
  renameProposal,
  restoreHiddenMonument,
  restoreHiddenProposal,
  reviewQueueOf,
  staffMonument,
  staffProposal,
} from '../domain/moderation/use-cases.js';
import {
  accessibilityReports,
  addModerationReason,
  addToScreen,
  allowWord,
  auditCsvExport,
  auditPage,
  redactAuditEntries,
  disallowWord,
  moderationReasons,
  outbox,
  removeFromScreen,
  removeModerationReason,
  retryFailedMail,
  screenAllowList,
  screenWords,
  signedInMember,
  signInWithToken,
  signOutSession,
  updateModerationReason,
} from '../domain/staff/use-cases.js';
import { publicProcedure, router, staffProcedure } from './init.js';
import { staffPlacesRouter } from './places.js';
import { staffPhotosRouter } from './photos.js';

export const staffRouter = router({
  /** "Wo ist das?": suggestions by item with agreement, confirm or reject; the placed points by how sure they are. */
  places: staffPlacesRouter,
  session: router({
    signIn: publicProcedure
      .input(SignIn)
      .output(StaffMe)
      .mutation(({ ctx, input }) => signInWithToken(ctx, input, ctx)),
    signOut: publicProcedure.output(SignedOut).mutation(({ ctx }) => signOutSession(ctx, { sessionId: ctx.endStaffSession() })),
    me: staffProcedure.output(StaffMe).query(({ ctx }) => signedInMember(ctx, undefined, ctx)),
  }),
  queue: staffProcedure.output(StaffQueue).query(({ ctx }) => reviewQueueOf(ctx)),
  /** The categories a monument may have: the contract's, then the site profile's own. */
  categories: staffProcedure.output(z.array(z.string())).query(({ ctx }) => monumentCategories(ctx)),
  /** The canned reasons for hiding; each change is in the audit log. */
  reasons: router({
    list: staffProcedure.output(ModerationReasonList).query(({ ctx }) => moderationReasons(ctx)),
    add: staffProcedure
      .input(NewModerationReason)
      .output(ModerationReason)
      .mutation(({ ctx, input }) => addModerationReason(ctx, input, ctx)),
    update: staffProcedure
      .input(ModerationReasonUpdate)
      .output(ModerationReason)
      .mutation(({ ctx, input }) => updateModerationReason(ctx, input, ctx)),
    remove: staffProcedure
      .input(ModerationReasonRef)
      .output(ModerationReason)
      .mutation(({ ctx, input }) => removeModerationReason(ctx, input, ctx)),
  }),
  monuments: router({
    get: staffProcedure
      .input(StaffMonumentRef)
      .output(StaffMonument)
      .query(({ ctx, input }) => staffMonument(ctx, input)),
    update: staffProcedure
      .input(MonumentUpdate)
      .output(StaffMonument)
      .mutation(({ ctx, input }) => correctMonument(ctx, input, ctx)),
    validate: staffProcedure
      .input(StaffMonumentRef)
      .output(StaffMonument)
      .mutation(({ ctx, input }) => markMonumentValidated(ctx, input, ctx)),
    /** "Ausblenden (Moderation)": hidden from the public with a reason its author reads. */
    reject: staffProcedure
      .input(MonumentHide)
      .output(StaffMonument)
      .mutation(({ ctx, input }) => hideMonument(ctx, input, ctx)),
    restore: staffProcedure
      .input(StaffMonumentRef)
      .output(StaffMonument)
      .mutation(({ ctx, input }) => restoreHiddenMonument(ctx, input, ctx)),
    /** Publishes a monument held by the word screen or waiting under MODERATION=pre. */
    approve: staffProcedure
      .input(StaffMonumentRef)
      .output(StaffMonument)
      .mutation(({ ctx, input }) => publishMonument(ctx, input, ctx)),
    merge: staffProcedure
      .input(MonumentMerge)
      .output(MergeResult)
      .mutation(({ ctx, input }) => mergeMonuments(ctx, input, ctx)),
  }),
  proposals: router({
    get: staffProcedure
      .input(ProposalRef)
      .output(QueueProposal)
      .query(({ ctx, input }) => staffProposal(ctx, input)),
    /** How many confirmed e-mail followers each proposal has (the queue's cards carry theirs already). */
    followers: staffProcedure.output(FollowerCounts).query(({ ctx }) => proposalFollowerCounts(ctx)),
    update: staffProcedure
      .input(ProposalUpdate)
      .output(QueueProposal)
      .mutation(({ ctx, input }) => renameProposal(ctx, input, ctx)),
    /** "Ausblenden (Moderation)": hidden from the public with a reason its author reads. */
    reject: staffProcedure
      .input(ProposalHide)
      .output(QueueProposal)
      .mutation(({ ctx, input }) => hideProposal(ctx, input, ctx)),
    restore: staffProcedure
      .input(ProposalRef)
      .output(QueueProposal)
      .mutation(({ ctx, input }) => restoreHiddenProposal(ctx, input, ctx)),
    /** Publishes a proposal held by the word screen or waiting under MODERATION=pre (then it takes votes). */
    approve: staffProcedure
      .input(ProposalRef)
      .output(QueueProposal)
      .mutation(({ ctx, input }) => publishProposal(ctx, input, ctx)),
    answer: staffProcedure
      .input(AnswerInput)
      .output(Intervention)
      .mutation(({ ctx, input }) => answerProposal(ctx, input, ctx)),
    /** Merges a proposal into a similar one (votes once per browser, followers, old links); answers the kept one. */
    merge: staffProcedure
      .input(ProposalMerge)
      .output(QueueProposal)
      .mutation(({ ctx, input }) => mergeProposals(ctx, input, ctx)),
  }),
  /** The word screen's lists (docs/screening.md); a change applies to texts sent from then on. */
  screen: router({
    list: staffProcedure.output(ScreenWordList).query(({ ctx }) => screenWords(ctx)),
    add: staffProcedure
      .input(ScreenWord)
      .output(ScreenWordChange)
      .mutation(({ ctx, input }) => addToScreen(ctx, input, ctx)),
    remove: staffProcedure
      .input(ScreenWord)
      .output(ScreenWordChange)
      .mutation(({ ctx, input }) => removeFromScreen(ctx, input, ctx)),
    /** The allow-list: words that contain a listed word innocently (place names and the like). */
    allowList: staffProcedure.output(ScreenAllowList).query(({ ctx }) => screenAllowList(ctx)),
    allowAdd: staffProcedure
      .input(ScreenAllowWord)
      .output(ScreenWordChange)
      .mutation(({ ctx, input }) => allowWord(ctx, input, ctx)),
    allowRemove: staffProcedure
      .input(ScreenAllowWord)
      .output(ScreenWordChange)
      .mutation(({ ctx, input }) => disallowWord(ctx, input, ctx)),
  }),
  photos: staffPhotosRouter,
  audit: router({
    list: staffProcedure
      .input(AuditFilter)
      .output(AuditPage)
      .query(({ ctx, input }) => auditPage(ctx, input)),
    /** The same filters as CSV, in the staff member's language (the built web app's locales). */
    csv: staffProcedure
      .input(AuditCsvQuery)
      .output(z.string())
      .query(({ ctx, input }) => auditCsvExport(ctx, input)),
    /** Personal data out of the values the log recorded for an entry's item; itself logged. */
    redact: staffProcedure
      .input(AuditRedaction)
      .output(AuditRedactionResult)
      .mutation(({ ctx, input }) => redactAuditEntries(ctx, input, ctx)),
  }),
  /** Barriers reported through the accessibility statement's form, newest first. */
  accessibilityFeedback: router({
    list: staffProcedure.output(AccessibilityFeedbackList).query(({ ctx }) => accessibilityReports(ctx)),
  }),
  outbox: router({
    list: staffProcedure.output(OutboxList).query(({ ctx }) => outbox(ctx)),
    retry: staffProcedure
      .input(NotificationRef)
      .output(OutboxEntry)
      .mutation(({ ctx, input }) => retryFailedMail(ctx, input, ctx)),
  }),
});
