// Monument procedures.
import { Monument, NewMonument } from '@linz/contract';
import { announceChange } from '../domain/read-cache.js';
import { createWithinLimit } from '../domain/limits.js';
import { addMonument } from '../domain/monuments.js';
import { publicProcedure, router } from './init.js';

export const monumentsRouter = router({
  // The cached snapshot's data, validated once when the cache was built (domain/read-cache.ts).
  list: publicProcedure.query(async ({ ctx }) => (await ctx.lists.monuments.get()).data),
  add: publicProcedure
    .input(NewMonument)
    .output(Monument)
    .mutation(async ({ ctx, input }) => {
      const ipHash = await ctx.ipHash();
      const monument = await createWithinLimit(ctx.database, ipHash, ctx.config.limits.createsPer5Minutes, (tx) =>
        addMonument(tx, input, ipHash),
      );
      ctx.lists.monuments.invalidate();
      await announceChange(ctx.database, 'monuments');
      return monument;
    }),
});
