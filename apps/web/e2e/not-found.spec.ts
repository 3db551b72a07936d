// Unknown pages answer the app's own not-found page with HTTP 404; missing files stay plain.
import { expect, test } from './fixtures';

test('an unknown path shows the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/nonsense');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht.' })).toBeVisible();
});

test('an unknown API path and a missing asset are not the page', async ({ request }) => {
  const api = await request.get('/api/nonsense');
  expect(api.status()).toBe(404);
  expect(await api.json()).toHaveProperty('message');
  const asset = await request.get('/assets/missing-AbCd1234.js');
  expect(asset.status()).toBe(404);
  expect(await asset.text()).not.toContain('<html');
});
