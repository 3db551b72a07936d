// Nothing stacks, nothing crashes: leaving a mail-link page, a lazy page chunk that fails to load,
// and the error page in the visitor's language.
import { expect, mapReady, test } from './fixtures';

test.describe('leaving a mail-link page', () => {
  for (const path of ['/follow/confirm', '/votes/confirm', '/follow/unsubscribe']) {
    test(`${path}: back to the map, the logo and "Meine Beteiligung" leave it without an error`, async ({ page }) => {
      await page.goto(`${path}?token=not-a-real-token`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('link', { name: 'Zurück zur Karte' }).first().click();
      await mapReady(page, 30_000);
      await expect(page.locator('.page')).toHaveCount(1);
      await expect(page.getByText('Something went wrong')).toHaveCount(0);

      await page.goto(`${path}?token=not-a-real-token`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('link', { name: /Denk·Mal Linz/ }).click();
      await mapReady(page, 30_000);
      await expect(page.locator('.page')).toHaveCount(1);

      await page.goto(`${path}?token=not-a-real-token`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('banner').getByRole('link', { name: 'Meine Beteiligung' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Meine Beteiligung' })).toBeVisible();
      await expect(page.locator('.page')).toHaveCount(1);
    });
  }
});

test.describe('a page chunk that fails to load', () => {
  test('failing every time: one reload, then an error page in German with the way home and a retry; never two pages', async ({
    page,
  }) => {
    let failing = true;
    let attempts = 0;
    await page.route(/\/assets\/AddPage-[^/]*\.js$/, async (route) => {
      attempts += 1;
      if (failing) await route.abort();
      else await route.continue();
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/');
    await mapReady(page, 30_000);
    await page.getByRole('link', { name: 'Denkmal hinzufügen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite konnte nicht geladen werden.' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page).toHaveURL(/\/add$/);
    await expect(page.locator('.page')).toHaveCount(1);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Zurück zur Karte' })).toHaveAttribute('href', '/');
    // Asked again before the reload (twice per load; the hover's preload asks too) and reloaded once, not in a loop.
    expect(attempts).toBeGreaterThanOrEqual(4);
    expect(loads).toBe(2);

    failing = false;
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Denkmal hinzufügen' })).toBeVisible();
    await expect(page.locator('.page')).toHaveCount(1);
    expect(loads).toBe(2);
  });

  test('failing once: the second request brings the page, without a reload', async ({ page }) => {
    let attempts = 0;
    await page.route(/\/assets\/StatsPage-[^/]*\.js$/, async (route) => {
      attempts += 1;
      if (attempts === 1) await route.abort();
      else await route.continue();
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/');
    await mapReady(page, 30_000);
    await page.getByRole('banner').getByRole('link', { name: 'Statistik' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wen Linz ehrt: die Zahlen' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.page')).toHaveCount(1);
    expect(attempts).toBe(2);
    expect(loads).toBe(1);
  });

  test('the page-animation chunk failing: the map leaves anyway', async ({ page }) => {
    await page.route(/\/assets\/mini-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/');
    await mapReady(page, 30_000);
    await page.getByRole('banner').getByRole('link', { name: 'Über das Projekt' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Über das Projekt' })).toBeVisible();
    await expect(page.locator('.page')).toHaveCount(1);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
  });
});

test.describe('in English', () => {
  test.use({ lang: 'en' });
  test('the error page speaks English', async ({ page }) => {
    await page.route(/\/assets\/MonumentsPage-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/monuments');
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded.' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to the map' })).toBeVisible();
  });
});

test('the map controls and the tiles credit speak the visitor language and switch with it', async ({ page }) => {
  await page.goto('/');
  await mapReady(page, 30_000);
  const map = page.getByRole('region', { name: 'Karte der Denkmäler in Linz' });
  const credit = page.locator('.leaflet-control-attribution');
  await expect(credit).toContainText('Datenquelle: basemap.at');
  await expect(map.getByRole('button', { name: 'Vergrößern', exact: true })).toBeVisible();
  await expect(map.getByRole('button', { name: 'Verkleinern' })).toBeVisible();
  await expect(map.getByRole('button', { name: 'Zoom in', exact: true })).toHaveCount(0);
  await expect(map.getByRole('link', { name: 'Leaflet' })).toHaveAttribute(
    'title',
    'Eine JavaScript-Bibliothek für interaktive Karten',
  );

  await page.getByRole('button', { name: 'Switch to English' }).click();
  const mapEn = page.getByRole('region', { name: 'Map of monuments in Linz' });
  await expect(mapEn.getByRole('button', { name: 'Zoom in', exact: true })).toBeVisible();
  await expect(mapEn.getByRole('button', { name: 'Vergrößern', exact: true })).toHaveCount(0);
  await expect(credit).toContainText('Data source: basemap.at');
  await expect(credit).not.toContainText('Datenquelle');
  await expect(credit.getByRole('link', { name: 'basemap.at' })).toHaveAttribute('href', 'https://www.basemap.at');
  await expect(mapEn.getByRole('link', { name: 'Leaflet' })).toHaveAttribute(
    'title',
    'A JavaScript library for interactive maps',
  );
  // One zoom control, not one per language.
  await expect(page.locator('.leaflet-control-zoom')).toHaveCount(1);
  // The new control still zooms.
  const zoom = () => page.evaluate(() => (JSON.parse(sessionStorage.getItem('mapView') ?? '{}') as { zoom?: number }).zoom);
  const before = await zoom();
  await mapEn.getByRole('button', { name: 'Zoom in', exact: true }).click();
  await expect.poll(zoom).toBe((before ?? 0) + 1);
});
