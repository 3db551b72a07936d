// The legal pages' procedures (issue 29): who runs the site, and the accessibility feedback form.
import { AccessibilityFeedbackReceived, NewAccessibilityFeedback } from '@linz/contract';
import { storeFeedback } from '../domain/accessibility-feedback.js';
import { createWithinLimit } from '../domain/limits.js';
import { publicProcedure, router } from './init.js';

export const siteRouter = router({
  /** The profile and retention facts (a snapshot's data, for the REST ETag). */
  info: publicProcedure.query(({ ctx }) => ctx.site.data),
  /** Stored within the connection's create limit, then mailed to the feedback address by the outbox. */
  accessibilityFeedback: publicProcedure
    .input(NewAccessibilityFeedback)
    .output(AccessibilityFeedbackReceived)
    .mutation(async ({ ctx, input }) => {
      const ipHash = await ctx.ipHash();
      await createWithinLimit(ctx.database, ipHash, ctx.config.limits.createsPer5Minutes, (tx) =>
        storeFeedback(ctx.database, tx, input, ipHash),
      );
      ctx.mailQueued();
      return { received: true as const };
    }),
});
