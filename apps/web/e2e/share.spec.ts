// The popup's share action: the device's share sheet, else the clipboard, else the link shown to
// copy by hand; each outcome visible and in a live region (the popup's banner).
import { expect, mapReady, openPopup, test } from './fixtures';

const LINK = /\/\?monument=mon-dreifaltigkeitssaeule$/;

test('shares through navigator.share where the device has it', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
    Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: unknown) => void calls.push(data) });
  });
  await page.goto('/');
  await mapReady(page);
  const popup = await openPopup(page, 'Dreifaltigkeitssäule');
  await popup.getByRole('button', { name: 'Link teilen' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Link geteilt.' })).toBeVisible();
  const calls = await page.evaluate(() => (window as unknown as { shareCalls: { title: string; url: string }[] }).shareCalls);
  expect(calls).toHaveLength(1);
  expect(calls[0]?.title).toBe('Dreifaltigkeitssäule');
  expect(calls[0]?.url).toMatch(LINK);
});

test('copies the link when there is no share sheet', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { configurable: true, value: undefined }));
  await page.goto('/');
  await mapReady(page);
  const popup = await openPopup(page, 'Dreifaltigkeitssäule');
  await popup.getByRole('button', { name: 'Link teilen' }).click();
  const status = popup.getByRole('status').filter({ hasText: 'Link in die Zwischenablage kopiert.' });
  await expect(status).toBeVisible();
  await expect(status).toHaveAttribute('role', 'status');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(LINK);
  // The copied link opens the same popup.
  await page.goto(await page.evaluate(() => navigator.clipboard.readText()));
  await mapReady(page);
  await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2, name: 'Dreifaltigkeitssäule' })).toBeVisible();
});

test('shows the link to copy by hand when neither works', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
  });
  await page.goto('/');
  await mapReady(page);
  const popup = await openPopup(page, 'Dreifaltigkeitssäule');
  await popup.getByRole('button', { name: 'Link teilen' }).click();
  await expect(popup.getByRole('alert')).toHaveText('Teilen und Kopieren gehen hier nicht: kopiere den Link unten von Hand.');
  await expect(popup.getByRole('textbox', { name: 'Link zu diesem Denkmal' })).toHaveValue(LINK);
});
