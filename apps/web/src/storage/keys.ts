// The spec's client storage keys (section 3) and their shapes.
import { arrayOf, isNumber, isString, shape, type Check } from '../api/checks';
import { readJson, remove, writeJson } from './storage';

export type LatLng = { lat: number; lng: number };
export type MapView = { center: LatLng; zoom: number };
const VotedList = arrayOf(isNumber);
const LatLng = shape<LatLng>({ lat: isNumber, lng: isNumber });
const MapView = shape<MapView>({ center: LatLng, zoom: isNumber });
const anything: Check<unknown> = (_v): _v is unknown => true;
const isTrue = (v: unknown): v is true => v === true;

/** voted_{monumentId}: proposal ids this browser voted for (local storage). */
export const votedList = {
  read: (monumentId: string): number[] => readJson('local', `voted_${monumentId}`, VotedList) ?? [],
  add(monumentId: string, proposalId: number): void {
    const current = votedList.read(monumentId);
    if (!current.includes(proposalId)) writeJson('local', `voted_${monumentId}`, [...current, proposalId]);
  },
};

/** locked_{monumentId}: read, never written (spec section 3; its purpose is not given). */
export const isLocked = (monumentId: string): boolean => readJson('local', `locked_${monumentId}`, anything) !== undefined;

/** pendingCoords: where the visitor right-clicked or long-pressed on the map. */
export const pendingCoords = {
  read: (): LatLng | undefined => readJson('local', 'pendingCoords', LatLng),
  write: (coords: LatLng): void => writeJson('local', 'pendingCoords', coords),
  clear: (): void => remove('local', 'pendingCoords'),
};

/** The /add form's typed name and proposal for this tab: a reload keeps them (the place comes
 * back from pendingCoords or the map's view); sending the monument forgets them. */
export type AddDraft = { name: string; title: string };
const AddDraft = shape<AddDraft>({ name: isString, title: isString });
export const addDraft = {
  read: (): AddDraft | undefined => readJson('session', 'addDraft', AddDraft),
  write: (draft: AddDraft): void => writeJson('session', 'addDraft', draft),
  clear: (): void => remove('session', 'addDraft'),
};

/** mapView: the map's centre and zoom for this browser session. */
export const mapView = {
  read: (): MapView | undefined => readJson('session', 'mapView', MapView),
  write: (view: MapView): void => writeJson('session', 'mapView', view),
};

/** Whether the intro overlay was dismissed before. */
export const introSeen = {
  read: (): boolean => readJson('local', 'introSeen', isTrue) === true,
  write: (): void => writeJson('local', 'introSeen', true),
};

/**
 * This browser sent a proposal or monument that staff still have to approve (docs/screening.md):
 * the map and popups then ask /api/mine for them, to show them to their author as under review.
 */
export const underReview = {
  read: (): boolean => readJson('local', 'underReview', isTrue) === true,
  write: (): void => writeJson('local', 'underReview', true),
  clear: (): void => remove('local', 'underReview'),
};

/**
 * The proposal whose answer link (/admin?answer=<id>) was open when staff left to sign in with the
 * city's account: the provider sends them back to plain /admin, which opens it from here, once.
 */
export const pendingAnswer = {
  take: (): string | undefined => {
    const id = readJson('session', 'pendingAnswer', isString);
    remove('session', 'pendingAnswer');
    return id;
  },
  write: (id: string): void => writeJson('session', 'pendingAnswer', id),
};
