// Intervention and vote procedures.
import { z } from 'zod';
import {
  AwaitingAnswerList,
  CreatedIntervention,
  InterventionId,
  InterventionPage,
  InterventionPageQuery,
  MonumentInterventionList,
  MonumentRef,
  NewIntervention,
  NewReport,
  ReportAnswer,
  VoteAnswer,
  VoteRequest,
} from '@linz/contract';
import { createIntervention, listAwaitingAnswer, listMonumentInterventions } from '../domain/interventions.js';
import { createWithinLimit } from '../domain/limits.js';
import { announceChange, snapshotOf } from '../domain/read-cache.js';
import { interventionPage } from '../domain/finder.js';
import { castVote } from '../domain/votes.js';
import { NotFound } from '../domain/errors.js';
import { continuationOf } from '../domain/follows.js';
import { idempotentWrite } from './idempotency.js';
import { publicProcedure, router } from './init.js';
import { fileReport } from './reports.js';

export const interventionsRouter = router({
  // The cached snapshot's data, validated once when the cache was built (domain/read-cache.ts).
  all: publicProcedure.query(async ({ ctx }) => (await ctx.lists.interventions.get()).data),
  /** A page of the list, searched and filtered on the server (issue 20); a snapshot's data, for the REST ETag. */
  page: publicProcedure.input(InterventionPageQuery).query(async ({ ctx, input }) => {
    const [list, monuments] = await Promise.all([ctx.lists.interventions.get(), ctx.lists.monuments.get()]);
    return snapshotOf(InterventionPage, interventionPage(list.data, monuments.data, input.search, input.page)).data;
  }),
  /** Proposals at the threshold still waiting for the city's answer (issue 38); the staff area shows it first too. */
  awaitingAnswer: publicProcedure.output(AwaitingAnswerList).query(({ ctx }) => listAwaitingAnswer(ctx.database)),
  ofMonument: publicProcedure
    .input(MonumentRef)
    .output(MonumentInterventionList)
    .query(({ ctx, input }) =>
      listMonumentInterventions(ctx.database, input.monumentId, { netHash: ctx.netHash(), voterHash: ctx.knownVoterHash() }),
    ),
  create: publicProcedure
    .input(MonumentRef.extend({ body: NewIntervention }))
    .output(CreatedIntervention)
    .mutation(({ ctx, input }) =>
      idempotentWrite(ctx, 'createIntervention', input, async () => {
        const ipHash = await ctx.ipHash();
        const created = await createWithinLimit(ctx.database, ipHash, ctx.config.limits.createsPer5Minutes, (tx) =>
          createIntervention(ctx.database, input.monumentId, input.body, ipHash, tx, ctx.voterHash(), ctx.config.moderation),
        );
        // The monuments list counts each monument's proposals.
        ctx.lists.interventions.invalidate();
        ctx.lists.monuments.invalidate();
        await announceChange(ctx.database, 'interventions');
        await announceChange(ctx.database, 'monuments');
        ctx.metrics?.proposalCreated();
        return created;
      }),
    ),
  /** `created` is false for this browser's repeat (REST answers 200 instead of 201). */
  report: publicProcedure
    .input(z.object({ interventionId: InterventionId, body: NewReport }))
    .output(ReportAnswer.extend({ created: z.boolean() }))
    .mutation(({ ctx, input }) => fileReport(ctx, { kind: 'intervention', id: input.interventionId }, input.body)),
  vote: publicProcedure
    .input(z.object({ interventionId: InterventionId, body: VoteRequest }))
    .output(VoteAnswer)
    .mutation(({ ctx, input }) =>
      idempotentWrite(ctx, 'castVote', input, async () => {
        const ip = await ctx.ipHashes();
        const ballot = {
          interventionId: input.interventionId,
          monumentId: input.body.monumentId,
          voterHash: ctx.voterHash(),
          ipHash: ip.current,
          ipHashBefore: ip.previous,
          netHash: ctx.netHash(),
        };
        const cast = (b: typeof ballot) => castVote(ctx.ballots, b, () => ctx.answered());
        const { newVoteCount, queued } = await cast(ballot).catch(async (err: unknown) => {
          // A merged proposal's old id (an old link or page) votes for the one it continues as.
          const next = err instanceof NotFound ? await continuationOf(ctx.database, ballot.interventionId) : null;
          if (!next) throw err;
          return cast({ ...ballot, interventionId: next.id, monumentId: next.monumentId });
        });
        ctx.lists.interventions.invalidate();
        ctx.metrics?.voteCounted();
        if (queued) ctx.mailQueued();
        return { newVoteCount };
      }),
    ),
});
