// Monument procedures.
import { MonumentList, Monument, NewMonument } from '@linz/contract';
import { announceChange } from '../domain/read-cache.js';
import { assertCreateAllowed } from '../domain/limits.js';
import { addMonument } from '../domain/monuments.js';
import { publicProcedure, router } from './init.js';

export const monumentsRouter = router({
  list: publicProcedure.output(MonumentList).query(async ({ ctx }) => (await ctx.lists.monuments.get()).data),
  add: publicProcedure
    .input(NewMonument)
    .output(Monument)
    .mutation(async ({ ctx, input }) => {
      const ipHash = await ctx.ipHash();
      await assertCreateAllowed(ctx.database, ipHash, ctx.config.limits.createsPer5Minutes);
      const monument = await addMonument(ctx.database, input, ipHash);
      ctx.lists.monuments.invalidate();
      await announceChange(ctx.database, 'monuments');
      return monument;
    }),
});
