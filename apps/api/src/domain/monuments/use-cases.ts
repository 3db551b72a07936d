// Use cases of a monument a visitor adds.
import type { NewMonument } from '@linz/contract';
import { createWithinLimit, writerOf } from '../limits.js';
import { addMonument, getPublicMonument } from './monuments.js';
import { itemsChanged } from '../read-cache.js';
import { monumentViewNow } from '../lists/use-cases.js';
import { admissionRules } from '../moderation/screen.js';
import type { Actor, App } from '../app.js';

/** A visitor adds a missing monument: within the connection's create limit, inside the city's
 * area, not a duplicate of a public one nearby, screened; the monuments list changes everywhere. */
export async function addMonumentAsVisitor(app: App, input: NewMonument, actor: Actor) {
  const who = await writerOf(actor);
  const monument = await createWithinLimit(app.database, who, app.config.limits.createsPer5Minutes, (tx) =>
    addMonument(app.database, tx, input, who.ipHash, actor.voterHash(), admissionRules(app.config), app.config.city.area),
  );
  await itemsChanged(app, { monuments: [monument.id] });
  return monument;
}

/**
 * One public monument, from the lists (no read waits for a write: issue 57); an id not among them (a
 * merged id answers the monument it was merged into; an unknown one is not found) from the database.
 */
export const publicMonument = async (app: App, input: { monumentId: string }) =>
  (await monumentViewNow(app, input.monumentId)) ?? getPublicMonument(app.database, input.monumentId);
