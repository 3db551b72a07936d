// Following a proposal: by e-mail (double opt-in, one-click unsubscribe), in this browser alone,
// and "mine". Each procedure is a use case (domain/follows/use-cases.ts).
import { z } from 'zod';
import {
  ConfirmFollowRequest,
  FollowConfirmed,
  FollowPending,
  FollowRequest,
  ProposalId,
  Mine,
  Unsubscribed,
  UnsubscribeQuery,
  Watching,
} from '@linz/contract';
import {
  confirmFollowing,
  followByMail,
  mineOf,
  unsubscribeByLink,
  unwatchProposal,
  watchProposal,
} from '../domain/follows/use-cases.js';
import { publicProcedure, router } from './init.js';

const ProposalRef = z.object({ proposalId: ProposalId });

export const followsRouter = router({
  request: publicProcedure
    .input(ProposalRef.extend({ body: FollowRequest }))
    .output(FollowPending)
    .mutation(({ ctx, input }) => followByMail(ctx, input, ctx)),
  confirm: publicProcedure
    .input(ConfirmFollowRequest)
    .output(FollowConfirmed)
    .mutation(({ ctx, input }) => confirmFollowing(ctx, input)),
  unsubscribe: publicProcedure
    .input(UnsubscribeQuery)
    .output(Unsubscribed)
    .mutation(({ ctx, input }) => unsubscribeByLink(ctx, input)),
  watch: publicProcedure
    .input(ProposalRef)
    .output(Watching)
    .mutation(({ ctx, input }) => watchProposal(ctx, input, ctx)),
  unwatch: publicProcedure
    .input(ProposalRef)
    .output(Watching)
    .mutation(({ ctx, input }) => unwatchProposal(ctx, input, ctx)),
  /** Reads the voter cookie without issuing one: a browser without it has no activity. */
  mine: publicProcedure.output(Mine).query(({ ctx }) => mineOf(ctx, undefined, ctx)),
});
