// The staff side (issue 11). Every procedure but signIn and signOut needs a signed-in staff
// member; each action runs in the domain (one transaction with its audit entry), then the public
// read caches are refreshed on every instance.
import {
  AccessibilityFeedbackList,
  AnswerInput,
  AuditCsvQuery,
  AuditFilter,
  AuditPage,
  FollowerCounts,
  Intervention,
  InterventionHide,
  InterventionMerge,
  InterventionRef,
  InterventionUpdate,
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
  QueueIntervention,
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
import { categoriesOf } from '../domain/categories.js';
import { addReason, listReasons, removeReason, updateReason } from '../domain/moderation-reasons.js';
import { listFeedback } from '../domain/accessibility-feedback.js';
import { auditCsv, listAudit } from '../domain/audit.js';
import { NotFound } from '../domain/errors.js';
import { textAt, translationOf } from '../http/locale.js';
import {
  answerIntervention,
  approveIntervention,
  approveMonument,
  mergeIntervention,
  mergeMonument,
  rejectIntervention,
  rejectMonument,
  renameIntervention,
  restoreIntervention,
  restoreMonument,
  updateMonument,
  validateMonument,
} from '../domain/moderation.js';
import { listOutbox, retryMail } from '../domain/outbox.js';
import { announceChange } from '../domain/read-cache.js';
import {
  addScreenAllow,
  addScreenWord,
  listScreenAllow,
  listScreenWords,
  removeScreenAllow,
  removeScreenWord,
} from '../domain/screen.js';
import { signIn, signOut } from '../domain/staff.js';
import { followerCounts, loadIntervention, loadMonument, reviewQueue } from '../domain/staff-views.js';
import { publicProcedure, router, staffProcedure, type Context } from './init.js';
import { staffPhotosRouter } from './photos.js';

/** After any moderation change: both public lists are rebuilt, here and on every other instance. */
async function changed(ctx: Context) {
  ctx.lists.monuments.invalidate();
  ctx.lists.interventions.invalidate();
  await announceChange(ctx.database, 'monuments');
  await announceChange(ctx.database, 'interventions');
}

const actor = async (ctx: Context) => (await ctx.staffMember()).name;

/** Runs a staff action as the signed-in member and refreshes the public lists. */
const act =
  <I, O>(run: (ctx: Context, name: string, input: I) => Promise<O>) =>
  async ({ ctx, input }: { ctx: Context; input: I }): Promise<O> => {
    const result = await run(ctx, await actor(ctx), input);
    await changed(ctx);
    return result;
  };

export const staffRouter = router({
  session: router({
    signIn: publicProcedure
      .input(SignIn)
      .output(StaffMe)
      .mutation(async ({ ctx, input }) => {
        const { member, sessionId } = await signIn(ctx.database, input.token, await ctx.ipHash());
        ctx.startStaffSession(sessionId);
        return { name: member.name };
      }),
    signOut: publicProcedure.output(SignedOut).mutation(async ({ ctx }) => {
      const session = ctx.endStaffSession();
      if (session !== undefined) await signOut(ctx.database, session);
      return { ok: true as const };
    }),
    me: staffProcedure.output(StaffMe).query(async ({ ctx }) => ({ name: await actor(ctx) })),
  }),
  queue: staffProcedure.output(StaffQueue).query(({ ctx }) => reviewQueue(ctx.database)),
  /** The categories a monument may have: the contract's, then the site profile's own (issue 38). */
  categories: staffProcedure.output(z.array(z.string())).query(({ ctx }) => categoriesOf(ctx.config.site.categories)),
  /** The canned reasons for hiding; each change is in the audit log. */
  reasons: router({
    list: staffProcedure.output(ModerationReasonList).query(({ ctx }) => listReasons(ctx.database)),
    add: staffProcedure
      .input(NewModerationReason)
      .output(ModerationReason)
      .mutation(async ({ ctx, input }) => addReason(ctx.database, await actor(ctx), input)),
    update: staffProcedure
      .input(ModerationReasonUpdate)
      .output(ModerationReason)
      .mutation(async ({ ctx, input }) => updateReason(ctx.database, await actor(ctx), input.id, { de: input.de, en: input.en })),
    remove: staffProcedure
      .input(ModerationReasonRef)
      .output(ModerationReason)
      .mutation(async ({ ctx, input }) => removeReason(ctx.database, await actor(ctx), input.id)),
  }),
  monuments: router({
    get: staffProcedure
      .input(StaffMonumentRef)
      .output(StaffMonument)
      .query(async ({ ctx, input }) => {
        const found = await loadMonument(ctx.database, ctx.database.db, input.monumentId);
        if (!found) throw new NotFound('Unknown monument.');
        return found;
      }),
    update: staffProcedure
      .input(MonumentUpdate)
      .output(StaffMonument)
      .mutation(
        act((ctx, name, i) =>
          updateMonument(ctx.database, name, i.monumentId, i.patch, {
            area: ctx.config.site.area,
            categories: categoriesOf(ctx.config.site.categories),
          }),
        ),
      ),
    validate: staffProcedure
      .input(StaffMonumentRef)
      .output(StaffMonument)
      .mutation(act((ctx, name, i) => validateMonument(ctx.database, name, i.monumentId))),
    /** "Ausblenden (Moderation)": hidden from the public with a reason its author reads. */
    reject: staffProcedure
      .input(MonumentHide)
      .output(StaffMonument)
      .mutation(act((ctx, name, i) => rejectMonument(ctx.database, name, i.monumentId, i.reason))),
    restore: staffProcedure
      .input(StaffMonumentRef)
      .output(StaffMonument)
      .mutation(act((ctx, name, i) => restoreMonument(ctx.database, name, i.monumentId))),
    /** Publishes a monument held by the word screen or waiting under MODERATION=pre. */
    approve: staffProcedure
      .input(StaffMonumentRef)
      .output(StaffMonument)
      .mutation(act((ctx, name, i) => approveMonument(ctx.database, name, i.monumentId))),
    merge: staffProcedure
      .input(MonumentMerge)
      .output(MergeResult)
      .mutation(act((ctx, name, i) => mergeMonument(ctx.database, name, i.monumentId, i.into))),
  }),
  interventions: router({
    get: staffProcedure
      .input(InterventionRef)
      .output(QueueIntervention)
      .query(async ({ ctx, input }) => {
        const found = await loadIntervention(ctx.database, ctx.database.db, input.interventionId);
        if (!found) throw new NotFound('Unknown proposal.');
        return found;
      }),
    /** How many confirmed e-mail followers each proposal has (the queue's cards carry theirs already). */
    followers: staffProcedure.output(FollowerCounts).query(({ ctx }) => followerCounts(ctx.database)),
    update: staffProcedure
      .input(InterventionUpdate)
      .output(QueueIntervention)
      .mutation(act((ctx, name, i) => renameIntervention(ctx.database, name, i.interventionId, i.name))),
    /** "Ausblenden (Moderation)": hidden from the public with a reason its author reads. */
    reject: staffProcedure
      .input(InterventionHide)
      .output(QueueIntervention)
      .mutation(
        act(async (ctx, name, i) => {
          const rejected = await rejectIntervention(ctx.database, name, i.interventionId, i.reason);
          ctx.mailQueued(); // followers' "removed" mails
          return rejected;
        }),
      ),
    restore: staffProcedure
      .input(InterventionRef)
      .output(QueueIntervention)
      .mutation(act((ctx, name, i) => restoreIntervention(ctx.database, name, i.interventionId))),
    /** Publishes a proposal held by the word screen or waiting under MODERATION=pre (then it takes votes). */
    approve: staffProcedure
      .input(InterventionRef)
      .output(QueueIntervention)
      .mutation(act((ctx, name, i) => approveIntervention(ctx.database, name, i.interventionId))),
    answer: staffProcedure
      .input(AnswerInput)
      .output(Intervention)
      .mutation(
        act(async (ctx, name, i) => {
          const answered = await answerIntervention(ctx.database, name, i.interventionId, i);
          ctx.mailQueued(); // followers' mails
          return answered;
        }),
      ),
    /** Merges a proposal into a similar one (votes once per browser, followers, old links); answers the kept one. */
    merge: staffProcedure
      .input(InterventionMerge)
      .output(QueueIntervention)
      .mutation(
        act(async (ctx, name, i) => {
          const kept = await mergeIntervention(ctx.database, name, i.interventionId, i.into, ctx.voteRules);
          ctx.mailQueued();
          return kept;
        }),
      ),
  }),
  /** The word screen's lists (docs/screening.md); a change applies to texts sent from then on. */
  screen: router({
    list: staffProcedure.output(ScreenWordList).query(({ ctx }) => listScreenWords(ctx.database)),
    add: staffProcedure
      .input(ScreenWord)
      .output(ScreenWordChange)
      .mutation(async ({ ctx, input }) => addScreenWord(ctx.database, await actor(ctx), input)),
    remove: staffProcedure
      .input(ScreenWord)
      .output(ScreenWordChange)
      .mutation(async ({ ctx, input }) => removeScreenWord(ctx.database, await actor(ctx), input)),
    /** The allow-list: words that contain a listed word innocently (place names and the like). */
    allowList: staffProcedure.output(ScreenAllowList).query(({ ctx }) => listScreenAllow(ctx.database)),
    allowAdd: staffProcedure
      .input(ScreenAllowWord)
      .output(ScreenWordChange)
      .mutation(async ({ ctx, input }) => addScreenAllow(ctx.database, await actor(ctx), input.word)),
    allowRemove: staffProcedure
      .input(ScreenAllowWord)
      .output(ScreenWordChange)
      .mutation(async ({ ctx, input }) => removeScreenAllow(ctx.database, await actor(ctx), input.word)),
  }),
  photos: staffPhotosRouter,
  audit: router({
    list: staffProcedure
      .input(AuditFilter)
      .output(AuditPage)
      .query(({ ctx, input }) => listAudit(ctx.database, input)),
    /** The same filters as CSV, in the staff member's language (the built web app's locales). */
    csv: staffProcedure
      .input(AuditCsvQuery)
      .output(z.string())
      .query(async ({ ctx, input: { lang, ...filter } }) => {
        const texts = await translationOf(ctx.config.webDist, lang);
        return auditCsv(ctx.database, filter, lang, (key) => textAt(texts, key));
      }),
  }),
  /** Barriers reported through the accessibility statement's form, newest first. */
  accessibilityFeedback: router({
    list: staffProcedure.output(AccessibilityFeedbackList).query(({ ctx }) => listFeedback(ctx.database)),
  }),
  outbox: router({
    list: staffProcedure.output(OutboxList).query(({ ctx }) => listOutbox(ctx.database)),
    retry: staffProcedure
      .input(NotificationRef)
      .output(OutboxEntry)
      .mutation(async ({ ctx, input }) => {
        const entry = await retryMail(ctx.database, await actor(ctx), input.notificationId);
        ctx.mailQueued();
        return entry;
      }),
  }),
});
