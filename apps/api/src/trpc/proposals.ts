// Proposal and vote procedures: each a use case (domain/proposals/use-cases.ts) or a cached list.
import { z } from 'zod';
import {
  AwaitingAnswerList,
  CreatedProposal,
  ProposalId,
  ProposalPageQuery,
  MonumentProposalList,
  MonumentRef,
  NewProposal,
  NewReport,
  ReportAnswer,
  VoteAnswer,
  VoteRequest,
} from '@linz/contract';
import { proposalsPageOf } from '../domain/lists/use-cases.js';
import {
  fileReport,
  proposalsAwaitingAnswer,
  proposalsOfMonument,
  proposeProposal,
  voteForProposal,
} from '../domain/proposals/use-cases.js';
import { idempotentWrite } from './idempotency.js';
import { publicProcedure, router } from './init.js';

export const proposalsRouter = router({
  // The cached snapshot's data, validated once when the cache was built (domain/read-cache.ts).
  all: publicProcedure.query(async ({ ctx }) => (await ctx.lists.proposals.get()).data),
  /** A page of the list, searched and filtered on the server; a snapshot's data, for the REST ETag. */
  page: publicProcedure.input(ProposalPageQuery).query(({ ctx, input }) => proposalsPageOf(ctx, input)),
  /** Proposals at the threshold still waiting for the city's answer; the staff area shows it first too. */
  awaitingAnswer: publicProcedure.output(AwaitingAnswerList).query(({ ctx }) => proposalsAwaitingAnswer(ctx)),
  ofMonument: publicProcedure
    .input(MonumentRef)
    .output(MonumentProposalList)
    .query(({ ctx, input }) => proposalsOfMonument(ctx, input, ctx)),
  create: publicProcedure
    .input(MonumentRef.extend({ body: NewProposal }))
    .output(CreatedProposal)
    .mutation(({ ctx, input }) => idempotentWrite(ctx, 'createProposal', input, () => proposeProposal(ctx, input, ctx))),
  /** `created` is false for this browser's repeat (REST answers 200 instead of 201). */
  report: publicProcedure
    .input(z.object({ proposalId: ProposalId, body: NewReport }))
    .output(ReportAnswer.extend({ created: z.boolean() }))
    .mutation(({ ctx, input }) => fileReport(ctx, { target: { kind: 'proposal', id: input.proposalId }, body: input.body }, ctx)),
  vote: publicProcedure
    .input(z.object({ proposalId: ProposalId, body: VoteRequest }))
    .output(VoteAnswer)
    .mutation(({ ctx, input }) => idempotentWrite(ctx, 'castVote', input, () => voteForProposal(ctx, input, ctx))),
});
