// Monument procedures: each a use case (domain/monuments/use-cases.ts) or a cached list.
import {
  CreatedMonument,
  MonumentDetail,
  MonumentPageQuery,
  MonumentRef,
  NewMonument,
  NewReport,
  ReportAnswer,
} from '@linz/contract';
import { z } from 'zod';
import { monumentsPageOf } from '../domain/lists/use-cases.js';
import { addMonumentAsVisitor, publicMonument } from '../domain/monuments/use-cases.js';
import { fileReport } from '../domain/proposals/use-cases.js';
import { idempotentWrite } from './idempotency.js';
import { publicProcedure, router } from './init.js';

export const monumentsRouter = router({
  // The cached snapshot's data, validated once when the cache was built (domain/read-cache.ts).
  list: publicProcedure.query(async ({ ctx }) => (await ctx.lists.monuments.get()).data),
  /** A page of the list, searched and filtered on the server; a snapshot's data, for the REST ETag. */
  page: publicProcedure.input(MonumentPageQuery).query(({ ctx, input }) => monumentsPageOf(ctx, input)),
  /** One public monument; a merged id answers the kept one. */
  get: publicProcedure
    .input(MonumentRef)
    .output(MonumentDetail)
    .query(({ ctx, input }) => publicMonument(ctx, input)),
  /** `created` is false for this browser's repeat (REST answers 200 instead of 201). */
  report: publicProcedure
    .input(MonumentRef.extend({ body: NewReport }))
    .output(ReportAnswer.extend({ created: z.boolean() }))
    .mutation(({ ctx, input }) => fileReport(ctx, { target: { kind: 'monument', id: input.monumentId }, body: input.body }, ctx)),
  add: publicProcedure
    .input(NewMonument)
    .output(CreatedMonument)
    .mutation(({ ctx, input }) => idempotentWrite(ctx, 'addMonument', input, () => addMonumentAsVisitor(ctx, input, ctx))),
});
