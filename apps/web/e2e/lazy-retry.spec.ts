// A lazily loaded script that fails: every page survives each of its lazy scripts failing once (the
// second request brings it, without a reload), and a part that cannot be loaded at all shows a small
// error in its place while the header and the rest of the page keep working.
import { expect, mapReady, popupSettled, test, type Page } from './fixtures';

const MONUMENT = 'mon-dreifaltigkeitssaeule';
/** Every script but the entry (index.html's own) is loaded on demand. */
const LAZY_SCRIPT = /\/assets\/(?!index-)[^/]+\.js$/;

/** Fails the first request of every lazily loaded script; returns the scripts failed so far and how often each was asked for. */
async function failEachOnce(page: Page) {
  const asked = new Map<string, number>();
  await page.route(LAZY_SCRIPT, async (route) => {
    const file = new URL(route.request().url()).pathname;
    const times = (asked.get(file) ?? 0) + 1;
    asked.set(file, times);
    if (times === 1) await route.abort();
    else await route.continue();
  });
  return asked;
}

const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/', ready: (page) => mapReady(page) },
  {
    path: `/?monument=${MONUMENT}`,
    ready: async (page) => {
      await mapReady(page);
      await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2 })).toBeVisible();
      await popupSettled(page);
      await expect(page.locator('.leaflet-popup').getByRole('textbox')).toBeVisible();
    },
  },
  ...['/add', '/monuments', `/monuments/${MONUMENT}`, '/interventions', '/mine', '/stats', '/about', '/impressum'].map(
    (path) => ({
      path,
      ready: async (page: Page) => {
        await expect(page.locator('.page')).toHaveCount(1);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      },
    }),
  ),
];

for (const { path, ready } of PAGES) {
  test(`${path}: each lazy script failing once, the page comes whole without a reload`, async ({ page }) => {
    const asked = await failEachOnce(page);
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(path);
    await ready(page);
    await expect(page.getByRole('banner').getByRole('link', { name: /Denk·Mal Linz/ })).toBeVisible();
    await expect(page.getByText(/konnte nicht geladen werden|schiefgelaufen/)).toHaveCount(0);
    // Something was failed, and each failed script was asked for again (one loaded late, such as the
    // offline panel's, soon after).
    expect(asked.size).toBeGreaterThan(0);
    await expect.poll(() => [...asked].filter(([, times]) => times < 2)).toEqual([]);
    await expect(page.getByText(/konnte nicht geladen werden|schiefgelaufen/)).toHaveCount(0);
    expect(loads).toBe(1);
  });
}

test('the offline panel failing for good: the map, the header and the popup stay', async ({ page }) => {
  await page.route(/\/assets\/OfflinePanel-[^/]*\.js$/, (route) => route.abort());
  await page.goto(`/?monument=${MONUMENT}`);
  await mapReady(page);
  await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Statistik' })).toBeVisible();
  await expect(page.getByText(/schiefgelaufen/)).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Statistik' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wen Linz ehrt: die Zahlen' })).toBeVisible();
});

test('the popup failing until retried: a small error in the popup with a retry; the map and the header work', async ({
  page,
}) => {
  let failing = true;
  await page.route(/\/assets\/MonumentPopup-[^/]*\.js$/, (route) => (failing ? route.abort() : route.continue()));
  await page.goto(`/?monument=${MONUMENT}`);
  await mapReady(page);
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('alert')).toHaveText(/Dieser Teil der Seite konnte nicht geladen werden\./);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vergrößern', exact: true })).toBeEnabled();
  failing = false;
  await popup.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(popup.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(popup.getByRole('alert')).toHaveCount(0);
});

test.describe('in English', () => {
  test.use({ lang: 'en' });
  test('the filter failing for good: its error in English, the map still works', async ({ page }) => {
    await page.route(/\/assets\/FilterButton-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/');
    await mapReady(page);
    await expect(page.getByRole('alert').filter({ hasText: 'This part of the page could not be loaded.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Statistics' })).toBeVisible();
  });
});
