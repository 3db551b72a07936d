// /add: monuments within 50 m of the chosen point are offered ("Ist es eines von diesen?"), and a
// refused duplicate (find-api's 409 with existingId) is said in the visitor's language with a link to it.
import { expect, mapReady, test, unique, type Page } from './fixtures';
import { coordinateFields } from './place';

const choosePoint = (page: Page, lat: number, lng: number) =>
  page.evaluate((coords) => localStorage.setItem('pendingCoords', JSON.stringify(coords)), { lat, lng });

test('the monuments within 50 m are listed, nearest first, each opening on the map', async ({ page, api }) => {
  const lat = 48.2 + Math.random() * 0.05;
  const lng = 14.3 + Math.random() * 0.05;
  const near = await api.addMonument(unique('Nahe Büste'), lat + 0.0002, lng); // about 22 m
  const nearer = await api.addMonument(unique('Nähere Büste'), lat + 0.0001, lng); // about 11 m
  const far = await api.addMonument(unique('Ferne Büste'), lat + 0.0006, lng); // about 67 m
  await page.goto('/');
  await choosePoint(page, lat, lng);
  await page.goto('/add');
  const hint = page.getByRole('region', { name: 'Ist es eines von diesen?' });
  await expect(hint.getByRole('link')).toHaveText([nearer.name, near.name]);
  await expect(hint).toContainText('11 m entfernt');
  await expect(hint).not.toContainText(far.name);

  // Typing other coordinates updates it: nothing within 50 m of the far one but itself.
  await (await coordinateFields(page)).lat.fill(String(far.geoLocX + 0.0003));
  await expect(hint.getByRole('link')).toHaveText([far.name]);

  await hint.getByRole('link', { name: far.name }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?monument=${far.id}$`));
  await mapReady(page);
  await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2, name: far.name })).toBeVisible();
});

test('no hint far from every monument', async ({ page }) => {
  await page.goto('/');
  await choosePoint(page, 47.5, 13.5);
  await page.goto('/add');
  await expect((await coordinateFields(page)).lat).toHaveValue('47.5');
  await expect(page.getByRole('region', { name: 'Ist es eines von diesen?' })).toHaveCount(0);
});

test('the server refuses the same name within 50 m (any case); the form links to the existing one', async ({ page, api }) => {
  // Inside Linz (the server refuses other places), away from the first test's corner.
  const lat = 48.33 + Math.random() * 0.05;
  const lng = 14.3 + Math.random() * 0.05;
  const existing = await api.addMonument(unique('Doppelte Säule'), lat, lng);
  await page.goto('/');
  await choosePoint(page, lat + 0.0001, lng);
  await page.goto('/add');
  await expect(page.getByRole('region', { name: 'Ist es eines von diesen?' }).getByRole('link')).toHaveText([existing.name]);
  await page.getByRole('textbox', { name: 'Name' }).fill(existing.name.toUpperCase());
  await page.getByRole('textbox', { name: /Dein Vorschlag/ }).fill('Noch einmal');
  const answer = page.waitForResponse('**/api/add-monument');
  await page.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
  expect((await answer).status()).toBe(409);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Ein Denkmal mit diesem Namen gibt es hier schon.');
  // The visitor's language, not the server's English message.
  await expect(alert).not.toContainText(/exists|already/i);
  await expect(alert.getByRole('link', { name: 'Das vorhandene Denkmal öffnen' })).toHaveAttribute(
    'href',
    new RegExp(`monument=${existing.id}$`),
  );
  // Nothing was written.
  const same = (await api.monuments()).filter((m) => m.name.toLowerCase() === existing.name.toLowerCase());
  expect(same.map((m) => m.id)).toEqual([existing.id]);
  await expect(page).toHaveURL(/\/add$/);
  await alert.getByRole('link', { name: 'Das vorhandene Denkmal öffnen' }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?monument=${existing.id}$`));
  await mapReady(page);
  await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2, name: existing.name })).toBeVisible();
});
