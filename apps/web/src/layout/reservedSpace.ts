// The room the offline panel takes at the screen's foot while it shows (0 when it does not):
// content pages leave it free below their end (the CSS variable --offline-panel-space), and the
// map's popups pan clear of it.
type Listener = () => void;
let bottom = 0;
const listeners = new Set<Listener>();

export function reservedBottom(): number {
  return bottom;
}

export function setReservedBottom(px: number): void {
  if (px === bottom) return;
  bottom = px;
  const root = document.documentElement.style;
  if (px > 0) root.setProperty('--offline-panel-space', `${px}px`);
  else root.removeProperty('--offline-panel-space');
  for (const listener of listeners) listener();
}

export function onReservedChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
