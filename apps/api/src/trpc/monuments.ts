// Monument procedures: each a use case (domain/use-cases/) or a cached list.
import {
  CreatedMonument,
  MonumentDetail,
  MonumentPage,
  MonumentPageQuery,
  MonumentRef,
  NewMonument,
  NewReport,
  ReportAnswer,
} from '@linz/contract';
import { z } from 'zod';
import { snapshotOf } from '../domain/read-cache.js';
import { getPublicMonument } from '../domain/monuments.js';
import { monumentPage } from '../domain/finder.js';
import { addMonumentAsVisitor } from '../domain/use-cases/monuments.js';
import { fileReport } from '../domain/use-cases/proposals.js';
import { idempotentWrite } from './idempotency.js';
import { publicProcedure, router } from './init.js';

export const monumentsRouter = router({
  // The cached snapshot's data, validated once when the cache was built (domain/read-cache.ts).
  list: publicProcedure.query(async ({ ctx }) => (await ctx.lists.monuments.get()).data),
  /** A page of the list, searched and filtered on the server; a snapshot's data, for the REST ETag. */
  page: publicProcedure.input(MonumentPageQuery).query(async ({ ctx, input }) => {
    const list = (await ctx.lists.monuments.get()).data;
    return snapshotOf(MonumentPage, monumentPage(list, input.filters, input.page)).data;
  }),
  /** One public monument; a merged id answers the kept one. */
  get: publicProcedure
    .input(MonumentRef)
    .output(MonumentDetail)
    .query(({ ctx, input }) => getPublicMonument(ctx.database, input.monumentId)),
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
