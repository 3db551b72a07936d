// Use cases of the legal pages: the accessibility statement's feedback form.
import type { NewAccessibilityFeedback } from '@linz/contract';
import type { z } from 'zod';
import { storeFeedback } from './accessibility-feedback.js';
import { createWithinLimit } from '../limits.js';
import type { Actor, App } from '../app.js';

/** A reported barrier: stored within the connection's create limit, then mailed to the feedback
 * address by the outbox (the sender is woken). */
export async function reportBarrier(app: App, input: z.infer<typeof NewAccessibilityFeedback>, actor: Actor) {
  const ipHash = await actor.ipHash();
  await createWithinLimit(app.database, ipHash, app.config.limits.createsPer5Minutes, (tx) =>
    storeFeedback(app.database, tx, input, ipHash),
  );
  app.mailQueued();
  return { received: true as const };
}
