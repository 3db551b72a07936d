// Shared by the specs that run the real service worker (sw/sw.ts): the others block it
// (playwright.config.ts).
import { expect, mapReady as ready, type Page } from './fixtures';

/** The map with its markers, with room for a first load while the worker precaches. */
export const mapReady = (page: Page) => ready(page, 30_000);

/** Opens the app online and waits until the service worker controls it (the second load). */
export async function visitOnline(page: Page, path = '/') {
  await page.goto(path);
  await mapReady(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker takes over from the next page load (it never swaps a running page's scripts).
  await page.reload();
  await mapReady(page);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}
