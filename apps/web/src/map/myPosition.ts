// Where "Mein Standort" found the visitor, for the map to mark (MyPositionDot): a small store, so the
// button (on the page before the map's code) needs no Leaflet of its own.
import { useSyncExternalStore } from 'react';
import type { LatLng } from '../storage/keys';

let position: LatLng | null = null;
const listeners = new Set<() => void>();

export const myPosition = {
  set(next: LatLng): void {
    position = next;
    for (const listener of listeners) listener();
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const useMyPosition = (): LatLng | null => useSyncExternalStore(subscribe, () => position);
