// Votes the mayor can trust: confirming a vote by e-mail, and staff's check of the votes. Each
// procedure is a use case (domain/votes/use-cases.ts).
import { z } from 'zod';
import {
  ConfirmVoteRequest,
  ProposalId,
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
import {
  askToConfirmVote,
  confirmVoteByLink,
  decideProposalVotes,
  openVoteAlerts,
  previewVoteDecision,
  releaseHeldMail,
  reviewProposalVotes,
} from '../domain/votes/use-cases.js';
import { publicProcedure, router, staffProcedure } from './init.js';

const ProposalRef = z.object({ proposalId: ProposalId });

export const votesRouter = router({
  requestConfirmation: publicProcedure
    .input(ProposalRef.extend({ body: ConfirmVoteRequest }))
    .output(VoteConfirmPending)
    .mutation(({ ctx, input }) => askToConfirmVote(ctx, input, ctx)),
  confirm: publicProcedure
    .input(VoteConfirmToken)
    .output(VoteConfirmed)
    .mutation(({ ctx, input }) => confirmVoteByLink(ctx, input)),
  alerts: staffProcedure.output(VoteAlertList).query(({ ctx }) => openVoteAlerts(ctx)),
  review: staffProcedure
    .input(ProposalRef)
    .output(VoteReview)
    .query(({ ctx, input }) => reviewProposalVotes(ctx, input)),
  preview: staffProcedure
    .input(ProposalRef.extend({ body: VotePreviewRequest }))
    .output(VoteDecisionAnswer)
    .mutation(({ ctx, input }) => previewVoteDecision(ctx, input)),
  decide: staffProcedure
    .input(ProposalRef.extend({ body: VoteDecision }))
    .output(VoteDecisionAnswer)
    .mutation(({ ctx, input }) => decideProposalVotes(ctx, input, ctx)),
  releaseMail: staffProcedure
    .input(NotificationRef)
    .output(OutboxEntry)
    .mutation(({ ctx, input }) => releaseHeldMail(ctx, input, ctx)),
});
