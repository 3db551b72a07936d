// Votes the mayor can trust (issue 27): confirming a vote by e-mail, and staff's check of the
// votes. The rules are in domain/vote-confirm.ts, domain/vote-review.ts and db/functions/votes.sql.
import { z } from 'zod';
import {
  ConfirmVoteRequest,
  InterventionId,
  NotificationRef,
  OutboxEntry,
  VoteAlertList,
  VoteConfirmed,
  VoteConfirmPending,
  VoteConfirmToken,
  VoteDecision,
  VoteDecisionAnswer,
  VotePreviewRequest,
  VoteReview,
} from '@linz/contract';
import { NotFound } from '../domain/errors.js';
import { announceChange } from '../domain/read-cache.js';
import { confirmVote, requestVoteConfirmation } from '../domain/vote-confirm.js';
import { decideVotes, listOpenAlerts, previewVotes, releaseMail, reviewVotes } from '../domain/vote-review.js';
import { publicProcedure, router, staffProcedure, type Context } from './init.js';

const ProposalRef = z.object({ interventionId: InterventionId });

/** A vote count changed: the public lists are rebuilt here and on every other instance. */
async function countsChanged(ctx: Context) {
  ctx.lists.interventions.invalidate();
  await announceChange(ctx.database, 'interventions');
}

export const votesRouter = router({
  requestConfirmation: publicProcedure
    .input(ProposalRef.extend({ body: ConfirmVoteRequest }))
    .output(VoteConfirmPending)
    .mutation(async ({ ctx, input }) => {
      const voterHash = ctx.knownVoterHash();
      if (voterHash === null) throw new NotFound('This browser has not voted for this proposal.');
      const queued = await requestVoteConfirmation(ctx.database, ctx.followSecret, {
        interventionId: input.interventionId,
        email: input.body.email,
        lang: input.body.lang,
        ipHash: await ctx.ipHash(),
        voterHash,
        limit: ctx.config.limits.createsPer5Minutes,
      });
      if (queued) ctx.mailQueued();
      return { pending: true as const };
    }),
  confirm: publicProcedure
    .input(VoteConfirmToken)
    .output(VoteConfirmed)
    .mutation(async ({ ctx, input }) => {
      const { interventionId, queued, already } = await confirmVote(ctx.database, ctx.voteRules, input.token);
      if (!already) await countsChanged(ctx);
      if (queued) ctx.mailQueued();
      return { confirmed: true as const, interventionId, already };
    }),
  alerts: staffProcedure.output(VoteAlertList).query(({ ctx }) => listOpenAlerts(ctx.database)),
  review: staffProcedure
    .input(ProposalRef)
    .output(VoteReview)
    .query(({ ctx, input }) => reviewVotes(ctx.database, input.interventionId)),
  preview: staffProcedure
    .input(ProposalRef.extend({ body: VotePreviewRequest }))
    .output(VoteDecisionAnswer)
    .mutation(({ ctx, input }) => previewVotes(ctx.database, input.interventionId, input.body)),
  decide: staffProcedure
    .input(ProposalRef.extend({ body: VoteDecision }))
    .output(VoteDecisionAnswer)
    .mutation(async ({ ctx, input }) => {
      const actor = (await ctx.staffMember()).name;
      const { mailQueued, ...answer } = await decideVotes(ctx.database, actor, input.interventionId, input.body, ctx.voteRules);
      await countsChanged(ctx);
      if (mailQueued) ctx.mailQueued();
      return answer;
    }),
  releaseMail: staffProcedure
    .input(NotificationRef)
    .output(OutboxEntry)
    .mutation(async ({ ctx, input }) => {
      const entry = await releaseMail(ctx.database, (await ctx.staffMember()).name, input.notificationId);
      await countsChanged(ctx);
      ctx.mailQueued();
      return entry;
    }),
});
