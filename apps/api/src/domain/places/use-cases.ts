// Use cases of "Wo ist das?" (issue 54): the list of commemorations without a place, a citizen's
// suggestion (inside the city, within the create limit, its note screened), and staff's decision.
import type { ConfirmPlace, NewPlaceSuggestion } from '@linz/contract';
import { createWithinLimit, writerOf } from '../limits.js';
import { refuseOutside } from '../monuments/monuments.js';
import { listsChanged } from '../read-cache.js';
import { admissionRules } from '../moderation/screen.js';
import { staffName, type Actor, type App } from '../app.js';
import { confirmPlace, listUnplaced, rejectPlaces, staffPlaces, suggestPlace } from './places.js';

export const unplacedCommemorations = (app: App) => listUnplaced(app.database);

export async function suggestPlaceAsCitizen(app: App, input: { monumentId: string; body: NewPlaceSuggestion }, actor: Actor) {
  refuseOutside(app.config.city.area, input.body.lat, input.body.lng);
  const who = await writerOf(actor);
  return createWithinLimit(app.database, who, app.config.limits.createsPer5Minutes, (tx) =>
    suggestPlace(
      app.database,
      tx,
      input.monumentId,
      input.body,
      {
        ipHash: who.ipHash,
        voterHash: actor.voterHash(),
        netHash: actor.netHash(),
      },
      admissionRules(app.config).cityNames,
    ),
  );
}

export const placeSuggestionsForStaff = (app: App) => staffPlaces(app.database);

/** The item is placed (inside the city): a marker everywhere at once; the suggesters' mails go out. */
export async function confirmSuggestedPlace(app: App, input: ConfirmPlace, actor: Actor) {
  refuseOutside(app.config.city.area, input.lat, input.lng);
  const confirmed = await confirmPlace(app.database, await staffName(actor), input);
  await listsChanged(app, 'monuments', 'proposals');
  app.mailQueued();
  return confirmed;
}

export async function rejectSuggestedPlaces(app: App, input: { monumentId: string }, actor: Actor) {
  await staffName(actor);
  return rejectPlaces(app.database, input.monumentId);
}
