// /?monument=<id>, as the list and the search link to it: centred and close, its popup open, also
// with filters in the address and from a view where it is inside a cluster.
import { expect, mapReady, test } from './fixtures';

const zoomOf = async (page: import('@playwright/test').Page) =>
  page.evaluate(() => (JSON.parse(sessionStorage.getItem('mapView') ?? '{}') as { zoom?: number }).zoom);

test('a link to a monument inside a cluster zooms in and opens its popup', async ({ page }) => {
  // A session that last looked at all of Linz from afar: the monument is inside a cluster there.
  await page.goto('/?lat=48.3064&lng=14.2861&zoom=11');
  await mapReady(page);
  await expect(page.getByRole('button', { name: 'Dreifaltigkeitssäule', exact: true })).toHaveCount(0);
  await page.goto('/?monument=mon-dreifaltigkeitssaeule');
  await mapReady(page);
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('heading', { level: 2, name: 'Dreifaltigkeitssäule' })).toBeVisible();
  await expect(popup).toBeInViewport();
  expect(await zoomOf(page)).toBeGreaterThanOrEqual(17);
});

test('a link asks for the popup’s code and proposals at once; until the code is there the popup shows the name and a progress line', async ({
  page,
}) => {
  const monument = 'mon-dreifaltigkeitssaeule';
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === `/api/interventions/${monument}` || /\/assets\/MonumentPopup-/.test(path)) asked.push(path);
  });
  await page.route(/\/assets\/MonumentPopup-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/?monument=${monument}`);
  await mapReady(page);
  const popup = page.locator('.leaflet-popup');
  // The popup's code is held: its place shows whose popup it is, and that the proposals are coming.
  await expect(popup.getByRole('heading', { level: 2, name: 'Dreifaltigkeitssäule' })).toBeVisible();
  await expect(popup.getByRole('status')).toHaveText('Interventionen werden geladen…');
  // The proposals were asked for before the code arrived, not after.
  expect(asked.filter((path) => path.startsWith('/api/'))).toEqual([`/api/interventions/${monument}`]);
  release();
  await expect(popup.getByRole('textbox', { name: 'Dein Vorschlag' })).toBeVisible();
  // Asked once: the popup used the answer that was already there.
  expect(asked.filter((path) => path.startsWith('/api/'))).toHaveLength(1);
});

test('a link with filters in the address opens its monument too', async ({ page, api }) => {
  const female = (await api.monuments()).find((m) => m.name === 'Ehrenmal für Elsa Brändström');
  if (!female) throw new Error('seed monument missing');
  await page.goto(`/?sex=female&monument=${female.id}`);
  await mapReady(page);
  await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2, name: female.name })).toBeVisible();
  // The filter holds for the rest of the map: no male monument is drawn.
  await expect(page.getByRole('button', { name: 'Dreifaltigkeitssäule', exact: true })).toHaveCount(0);
});

test('a link to an unknown monument says so, without lat/lng as well', async ({ page }) => {
  await page.goto('/?monument=mon-nirgendwo');
  await mapReady(page);
  await expect(page.getByRole('alert')).toHaveText('Dieses Denkmal ist nicht (mehr) auf der Karte.');
  await expect(page.locator('.leaflet-popup')).toHaveCount(0);
});
