// Following a proposal (issue 17): by e-mail (double opt-in, one-click unsubscribe), in this
// browser alone, and "mine". The rules are in domain/follows.ts; this wires the request's identity.
import { z } from 'zod';
import {
  ConfirmFollowRequest,
  FollowConfirmed,
  FollowPending,
  FollowRequest,
  InterventionId,
  Mine,
  Unsubscribed,
  UnsubscribeQuery,
  Watching,
} from '@linz/contract';
import { confirmFollow, mine, requestFollow, unsubscribe, unwatch, watch } from '../domain/follows.js';
import { publicProcedure, router } from './init.js';

const ProposalRef = z.object({ interventionId: InterventionId });

export const followsRouter = router({
  request: publicProcedure
    .input(ProposalRef.extend({ body: FollowRequest }))
    .output(FollowPending)
    .mutation(async ({ ctx, input }) => {
      const queued = await requestFollow(ctx.database, ctx.followSecret, {
        interventionId: input.interventionId,
        email: input.body.email,
        lang: input.body.lang,
        ipHash: await ctx.ipHash(),
        voterHash: ctx.voterHash(),
        limit: ctx.config.limits.createsPer5Minutes,
      });
      if (queued) ctx.mailQueued();
      return { pending: true as const };
    }),
  confirm: publicProcedure
    .input(ConfirmFollowRequest)
    .output(FollowConfirmed)
    .mutation(async ({ ctx, input }) => ({ following: true as const, ...(await confirmFollow(ctx.database, input.token)) })),
  unsubscribe: publicProcedure
    .input(UnsubscribeQuery)
    .output(Unsubscribed)
    .mutation(async ({ ctx, input }) => {
      const all = input.all === '1';
      await unsubscribe(ctx.database, input.token, all);
      return { unsubscribed: true as const, all };
    }),
  watch: publicProcedure
    .input(ProposalRef)
    .output(Watching)
    .mutation(async ({ ctx, input }) => {
      await watch(ctx.database, input.interventionId, ctx.voterHash());
      return { watching: true };
    }),
  unwatch: publicProcedure
    .input(ProposalRef)
    .output(Watching)
    .mutation(async ({ ctx, input }) => {
      const voter = ctx.knownVoterHash();
      if (voter !== null) await unwatch(ctx.database, input.interventionId, voter);
      return { watching: false };
    }),
  /** Reads the voter cookie without issuing one: a browser without it has no activity. */
  mine: publicProcedure.output(Mine).query(({ ctx }) => mine(ctx.database, ctx.knownVoterHash())),
});
