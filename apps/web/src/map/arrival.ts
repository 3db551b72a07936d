// The hand-off from the add form to the map: centre on the new monument at zoom 16 and say it
// was added (spec section 2). It lives in memory, not in the history entry, so it happens once:
// a reload, back/forward or the same address opened later shows the session's last view instead.
export const ARRIVAL_ZOOM = 16;

import { success, type Feedback } from '../feedback/feedback';

export type MapArrival = { center: { lat: number; lng: number }; zoom: number; flash: Feedback };

let pending: MapArrival | undefined;

export const arrival = {
  /** Called by the add page just before it navigates to the map. */
  hand(center: MapArrival['center'], flash: Feedback = success('success.monumentAdded')): void {
    pending = { center, zoom: ARRIVAL_ZOOM, flash };
  },
  /** What the map should do on opening; pure, so a double render sees the same value. */
  peek: (): MapArrival | undefined => pending,
  /** The map has opened with it. */
  done(): void {
    pending = undefined;
  },
};
