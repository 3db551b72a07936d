// 2,000 monuments: the map draws a few hundred elements at most, stays usable by keyboard, and a
// link into a cluster still opens its popup. This file starts a server of its own (port E2E_PORT
// + 50) on a database filled by `pnpm seed:synthetic` before it starts (the Linz seed joins at
// start), so the other specs keep the small shared one and pay nothing for it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { fold } from '@linz/contract/filters';
import { startServer, type TestServer } from '@linz/api/test-server';
import { expect, mapReady, test, type Page } from './fixtures';

const MONUMENTS = 2000;
const port = Number(process.env.E2E_PORT ?? 3310) + 50;
const baseURL = `http://127.0.0.1:${port}`;
const CLUSTER = /^(\d+) Denkmäler, (davon \d+ noch nicht geprüft, )?hineinzoomen$/;
let server: TestServer | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const tmp = path.resolve(import.meta.dirname, '../.tmp');
  mkdirSync(tmp, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmp, 'e2e-scale-'));
  const env = { ...process.env, DATA_DIR: dataDir };
  const seed = spawnSync(
    'pnpm',
    ['--filter', '@linz/api', 'run', 'seed:synthetic', '--monuments', String(MONUMENTS), '--proposals', '0'],
    {
      env,
      encoding: 'utf8',
    },
  );
  expect(seed.status, seed.stderr).toBe(0);
  // The API as every test starts it (apps/api/test/support/server.ts); ready once it has listened.
  server = await startServer({
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: baseURL,
      // The shared run's local tile upstream (playwright.config.ts): without it every map image
      // waits for a refused upstream, and the map's data tiles queue behind those requests.
      TILE_UPSTREAM: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3310) + 2000}/{z}/{x}/{y}.png`,
      TILE_ATTRIBUTION: 'basemap',
    },
    options: { webDist: path.resolve(import.meta.dirname, '../dist') },
    timeoutMs: 120_000,
  });
});

test.afterAll(async () => {
  await server?.stop();
});

const drawn = (page: Page) => page.locator('.leaflet-marker-icon').count();
const zoomOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(sessionStorage.getItem('mapView') ?? '{}') as { zoom?: number }).zoom);

test('2,000 monuments: clusters and markers stay few while panning and zooming by keyboard', async ({ page, api }) => {
  expect((await api.monuments()).length).toBeGreaterThanOrEqual(MONUMENTS);
  await page.goto('/');
  await mapReady(page);
  await expect(page.getByRole('button', { name: CLUSTER }).first()).toBeVisible();
  expect(await drawn(page)).toBeLessThan(400);
  const map = page.getByRole('region', { name: 'Karte der Denkmäler in Linz' });
  await map.focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'Minus', 'Minus', 'ArrowLeft', 'Equal', 'Equal', 'Equal']) {
    await page.keyboard.press(key);
    await expect(page.locator('.leaflet-container[aria-busy="false"]')).toBeVisible();
    expect(await drawn(page)).toBeLessThan(400);
  }
  // Still usable: a cluster opens by keyboard, then a marker's popup.
  const zoom = (await zoomOf(page)) ?? 0;
  await page.getByRole('button', { name: CLUSTER }).first().focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(zoom);
  // The zoom's markers drawn (a marker focused while the layer redraws would be replaced).
  await expect(page.locator('.leaflet-container[aria-busy="false"]')).toBeVisible();
  // One a visitor can reach: not hidden under a control, not held back from Tab at the map's edge.
  const marker = page.locator('.leaflet-marker-icon.monument-marker[tabindex="0"]:not(.leaflet-marker-icon--covered)').first();
  for (let i = 0; i < 4 && (await marker.count()) === 0; i++) {
    await page.getByRole('button', { name: CLUSTER }).first().focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.leaflet-container[aria-busy="false"]')).toBeVisible();
  }
  await marker.focus();
  await expect(marker).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2 })).toBeFocused();
});

test('a link to a monument inside a cluster opens its popup, with filters in the address too', async ({ page }) => {
  type Listed = { id: string; name: string; geoLocX: number; geoLocY: number; category: string };
  const listed = (await (await page.request.get('/api/monuments')).json()) as Listed[];
  const target = listed.find((m) => m.id === 'syn-000007');
  if (!target) throw new Error('no syn-000007');
  const named = page.getByRole('button', { name: new RegExp(`^${target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(|$)`) });
  // Where it is, at zoom 13: inside a cluster, not a marker of its own.
  await page.goto(`/?lat=${target.geoLocX}&lng=${target.geoLocY}&zoom=13`);
  await mapReady(page);
  await expect(page.getByRole('button', { name: CLUSTER }).first()).toBeVisible();
  await expect(named).toHaveCount(0);
  await page.goto(`/?lat=${target.geoLocX}&lng=${target.geoLocY}&zoom=13&monument=${target.id}`);
  await mapReady(page);
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('heading', { level: 2, name: target.name })).toBeVisible();
  await expect(popup).toBeInViewport();
  // A search result row links like this: the filters stay, the monument still opens.
  await page.goto(`/?category=${target.category}&monument=${target.id}`);
  await mapReady(page);
  await expect(popup.getByRole('heading', { level: 2, name: target.name })).toBeVisible();
});

test('/monuments pages on the server: sorted by name, 50 at a time, "mehr anzeigen" asks for the next page and moves focus', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/monuments')) asked.push(`${url.pathname}${url.search}`);
  });
  await page.goto('/monuments');
  const list = page.getByRole('list', { name: 'Alle Denkmäler' });
  const headings = list.getByRole('heading', { level: 2 });
  await expect(headings).toHaveCount(50);
  // The server's order: the name ignoring case and accents.
  const shown = await headings.allTextContents();
  expect(shown).toEqual([...shown].sort((a, b) => (fold(a) < fold(b) ? -1 : fold(a) > fold(b) ? 1 : 0)));
  const more = page.getByRole('button', { name: /^50 weitere anzeigen \(noch \d\.\d{3}\)$/ });
  await more.click();
  await expect(headings).toHaveCount(100);
  await expect(headings.nth(50)).toBeFocused();
  const next = (await headings.nth(50).textContent()) ?? '';
  expect(fold(next) >= fold(shown[49] ?? '')).toBe(true);
  // Never the whole list: the first page, then the next one after the cursor.
  expect(asked.filter((a) => a === '/api/monuments' || a.startsWith('/api/monuments?'))).toEqual([]);
  expect(asked.filter((a) => a.startsWith('/api/monuments/page?cursor='))).toHaveLength(1);
  // A search narrows the list to the one monument, and the count says so.
  const box = page.getByRole('searchbox', { name: /Suche/ });
  await box.fill(next);
  await expect(headings.first()).toHaveText(next);
  await expect(page.getByRole('status').filter({ hasText: /Denkm/ })).toHaveText(/^\d+ Treffer von 2\.\d{3} Denkmälern$/);
  // Cleared, the two pages come back from the cache; focus stays in the box (after React's effects
  // of that render: a frame and a task later).
  await box.fill('');
  await expect(headings).toHaveCount(100);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  await expect(box).toBeFocused();
});
