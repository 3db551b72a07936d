// The legal pages' procedures: who runs the site, and the accessibility feedback form
// (domain/site/use-cases.ts).
import { AccessibilityFeedbackReceived, NewAccessibilityFeedback } from '@linz/contract';
import { reportBarrier } from '../domain/site/use-cases.js';
import { publicProcedure, router } from './init.js';

export const siteRouter = router({
  /** The profile and retention facts (a snapshot's data, for the REST ETag). */
  info: publicProcedure.query(({ ctx }) => ctx.site.data),
  /** Stored within the connection's create limit, then mailed to the feedback address by the outbox. */
  accessibilityFeedback: publicProcedure
    .input(NewAccessibilityFeedback)
    .output(AccessibilityFeedbackReceived)
    .mutation(({ ctx, input }) => reportBarrier(ctx, input, ctx)),
});
