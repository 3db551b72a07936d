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
    await page.goto('/');
    await mapReady(page, 30_000);
    await page.getByRole('link', { name: 'Denkmal hinzufügen' }).click();
    const alert = page.getByRole('alert');
    await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite konnte nicht geladen werden.' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page).toHaveURL(/\/add$/);
    await expect(page.locator('.page')).toHaveCount(1);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    expect(attempts).toBeGreaterThanOrEqual(3);
    void alert;

    failing = false;
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Denkmal hinzufügen' })).toBeVisible();
    await expect(page.locator('.page')).toHaveCount(1);
  });
});
