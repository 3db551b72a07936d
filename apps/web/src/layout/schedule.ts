// Work the first paint does not need, kept out of the tasks that lead to it: a phone's main thread
// then paints the page first and does the rest in short tasks of their own. Each returns a cancel.

/** After the browser has painted the next frame (a frame callback, then a task). */
export function afterPaint(callback: () => void): () => void {
  let timer = 0;
  const frame = requestAnimationFrame(() => (timer = window.setTimeout(callback)));
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
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

/** After the page's load event (its first images and lazy chunks are in), when the main thread is idle. */
export function afterLoad(callback: () => void): () => void {
  let cancelIdle = () => {};
  const loaded = () => (cancelIdle = whenIdle(callback));
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
  return () => {
    window.removeEventListener('load', loaded);
    cancelIdle();
  };
}
