// Registers the service worker (sw/sw.ts) once the page has loaded and the main thread is idle,
// and offers a new version when one is waiting: the visitor reloads into it ("Neue Version – neu
// laden"), or it takes over on the next visit after every tab of the old one is closed. An old service worker thus never
// keeps a visitor on an old app for more than one visit; while online the page itself always
// comes from the network anyway.
import { Workbox } from 'workbox-window';
import { afterLoad } from '../layout/schedule';

type Listener = (ready: boolean) => void;
const listeners = new Set<Listener>();
let waiting = false;
let wb: Workbox | undefined;
let scheduled = false;

export function onUpdateReady(listener: Listener): () => void {
  listeners.add(listener);
  listener(waiting);
  return () => listeners.delete(listener);
}

/** Activates the waiting version; the page reloads when it has taken control. */
export function applyUpdate(): void {
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

export function registerServiceWorker(): void {
  if (scheduled || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  scheduled = true;
  const start = () => {
    wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => {
      waiting = true;
      listeners.forEach((l) => l(true));
    });
    // Refused (private mode, a blocked worker, an insecure origin): the app works without it.
    wb.register().catch(() => {});
  };
  // Not in a task the first paint or the map needs.
  afterLoad(start);
}
