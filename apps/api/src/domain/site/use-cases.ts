// Use cases of the legal pages: the accessibility statement's feedback form.
import type { NewAccessibilityFeedback } from '@linz/contract';
import type { z } from 'zod';
import { storeFeedback } from './accessibility-feedback.js';
import { createWithinLimit, writerOf } from '../limits.js';
import type { Actor, App } from '../app.js';

/** A reported barrier: stored within the connection's and household's create limits, then mailed to
 * the feedback address by the outbox (the sender is woken), within the mail caps (accessibility-feedback.ts). */
export async function reportBarrier(app: App, input: z.infer<typeof NewAccessibilityFeedback>, actor: Actor) {
  const who = await writerOf(actor);
  const mailed = await createWithinLimit(app.database, who, app.config.limits.createsPer5Minutes, (tx) =>
    storeFeedback(app.database, tx, input, who),
  );
  if (mailed) app.mailQueued();
  return { received: true as const };
}
