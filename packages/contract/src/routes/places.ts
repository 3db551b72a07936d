// "Wo ist das?": the commemorations without a place, a citizen's suggestion where one stands, and
// the staff's view of the suggestions.
import { NewPlaceSuggestion, PlaceSuggestionAnswer, StaffPlaces, UnplacedList } from '../commemoration.js';
import { PATHS } from '../facts.js';
import { MonumentRef } from '../monument.js';
import type { Route } from './route.js';

export const placesRoutes = {
  /** Every public commemoration without a place yet, with what is known. */
  unplaced: { method: 'GET', path: PATHS.unplaced, answer: UnplacedList, status: 200 },
  /** A citizen's suggestion where it stands: waits for staff (within the create limit, screened). */
  suggestPlace: {
    method: 'POST',
    path: PATHS.suggestPlace,
    params: MonumentRef,
    body: NewPlaceSuggestion,
    answer: PlaceSuggestionAnswer,
    status: 201,
  },
  /** Staff: the suggestions by item, with agreement, and the placed points by how sure they are. */
  staffPlaces: {
    auth: 'staff',
    method: 'GET',
    path: PATHS.staffPlaces,
    answer: StaffPlaces,
    status: 200,
  },
} as const satisfies Record<string, Route>;
