// Work the first paint does not need, kept out of the tasks that lead to it: a phone's main thread
// then paints the page first and does the rest in short tasks of their own. Each returns a cancel.

/** After the next frame (a frame callback, then a task). */
function afterFrame(callback: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => (timer = window.setTimeout(callback)));
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

const FCP = 'first-contentful-paint';

/** After the page's first contentful paint is on the screen (the browser reports it a little after
 * painting; what starts sooner still competes with it), then after the next frame. */
export function afterPaint(callback: () => void): () => void {
  let cancel = () => {};
  const next = () => (cancel = afterFrame(callback));
  if (performance.getEntriesByName(FCP).length > 0 || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    next();
    return () => cancel();
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(FCP).length === 0) return;
    observer.disconnect();
    next();
  });
  observer.observe({ type: 'paint', buffered: true });
  return () => {
    observer.disconnect();
    cancel();
  };
}

/** When the main thread is idle, at the latest after `timeoutMs` (a plain task where the browser has no idle callbacks). */
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(callback, 1);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}

/** After the first paint and the page's load event, when the main thread is idle. */
export function afterLoad(callback: () => void): () => void {
  let cancelIdle = () => {};
  const loaded = () => (cancelIdle = whenIdle(callback));
  const cancelPaint = afterPaint(() => {
    if (document.readyState === 'complete') loaded();
    else window.addEventListener('load', loaded, { once: true });
  });
  return () => {
    cancelPaint();
    window.removeEventListener('load', loaded);
    cancelIdle();
  };
}

/** Whether the map has drawn its first markers (map/MonumentLayer.tsx says so), and who waits for it. */
let mapDrawn = false;
const waitingForMap = new Set<() => void>();

/** The map's first markers are on the screen. */
export function reportMapDrawn(): void {
  if (mapDrawn) return;
  mapDrawn = true;
  for (const callback of [...waitingForMap]) callback();
  waitingForMap.clear();
}

/** Once the map has drawn its first markers (at once if it has); returns a cancel. */
export function afterMapDrawn(callback: () => void): () => void {
  if (mapDrawn) {
    callback();
    return () => {};
  }
  waitingForMap.add(callback);
  return () => void waitingForMap.delete(callback);
}
