// A route's page, loaded on demand. A chunk that fails (a flaky network, or a deploy while the tab
// is open, which removes the old chunks) is fetched again (retriedImport); if it still fails, the frame's error
// boundary (AnimatedOutlet) reloads the page once (reloadOnce) and otherwise shows the error page.
// TanStack's lazyRouteComponent reloads at the first failure and then throws an English error page,
// so the routes use this instead (eslint forbids the other).
import { createElement, use, type ComponentType, type ReactNode } from 'react';
import { retriedImport } from './retriedImport';

/** The error a page's chunk that could not be loaded is shown with. */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('A page could not be loaded', { cause });
    this.name = 'PageLoadError';
  }
}

type LazyPage = (() => ReactNode) & { preload: () => Promise<void> };

export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  importer: () => Promise<M>,
  name: K,
): LazyPage {
  let loading: Promise<void> | undefined;
  let Page: ComponentType | undefined;
  let error: PageLoadError | undefined;
  // Never rejects (the router calls it to preload): a failure is kept and thrown when rendering.
  const preload = () => {
    if (Page) return Promise.resolve();
    loading ??= retriedImport(importer).then(
      (module) => {
        Page = module[name];
        error = undefined;
        forgetReload();
      },
      (cause: unknown) => {
        error = new PageLoadError(cause);
        // The next render or a retry asks again.
        loading = undefined;
      },
    );
    return loading;
  };
  function Lazy() {
    if (!Page && !error) use(preload());
    if (error) throw error;
    return Page ? createElement(Page) : null;
  }
  return Object.assign(Lazy, { preload });
}

/** Page chunks are retried with a fresh import before a reload (the error page's "try again"). */
export function retryPage(page: ComponentType | undefined) {
  return (page as Partial<LazyPage> | undefined)?.preload?.() ?? Promise.resolve();
}

// One reload per tab and failure: the mark stops a loop when the chunk is missing for good, and a
// page that loads removes it, so a later deploy may reload again.
const RELOAD_MARK = 'pageReloadedForChunk';

/** Reloads the page unless it has just been reloaded for a failed chunk; says whether it did. */
export function reloadOnce(): boolean {
  try {
    if (sessionStorage.getItem(RELOAD_MARK)) return false;
    sessionStorage.setItem(RELOAD_MARK, '1');
  } catch {
    return false; // storage blocked: no guard, so no reload
  }
  window.location.reload();
  return true;
}

function forgetReload() {
  try {
    sessionStorage.removeItem(RELOAD_MARK);
  } catch {
    // storage blocked: nothing was marked
  }
}
