// Whether the welcome overlay is open: at first on a first visit only, and again whenever the help
// page asks for it. One small store, so the overlay (in a root of its own, mountIntro) and the help
// page's button need not share a parent's state.
import { useSyncExternalStore } from 'react';
import { introSeen } from '../storage/keys';

const listeners = new Set<() => void>();
let open: boolean | undefined;

const isOpen = () => (open ??= !introSeen.read());
const set = (value: boolean) => {
  open = value;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useIntroOpen = () => useSyncExternalStore(subscribe, isOpen);

/** Whether it is open, outside React (the start waits for its fonts only when it is). */
export const introOpenNow = isOpen;

export const showIntro = () => set(true);

/** Closed, and remembered: a returning visitor is not greeted again. */
export function dismissIntro() {
  introSeen.write();
  set(false);
}
