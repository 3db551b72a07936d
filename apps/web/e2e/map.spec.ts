// The home map: markers, tiles, saved view, right-click and 3 s press, locate-me.
import { clusterNearCentre, emptyMapPoint, expect, mapReady, test, unique, type Page } from './fixtures';
import { coordinateFields, round6 } from './place';

const mapViewOf = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(sessionStorage.getItem('mapView') ?? 'null') as { center: { lat: number; lng: number }; zoom: number } | null,
  );

test('full-screen map with local tiles, attribution and every monument of its data tiles drawn', async ({ page }) => {
  // The map asks for the data tiles in view, never for the whole list; counted against the tiles
  // this page loaded (other tests add monuments to the shared server).
  const tiles = new Map<string, number>();
  let wholeList = 0;
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/monuments') wholeList++;
    if (path.startsWith('/api/map/') && r.status() === 200)
      void r
        .json()
        .then((t: { monuments: unknown[]; clusters: { count: number }[] }) =>
          tiles.set(r.url(), t.monuments.length + t.clusters.reduce((n, c) => n + c.count, 0)),
        );
  });
  const drawnMinusTiles = async () => {
    // Every drawn cluster and marker, those a control covers (hidden, MonumentLayer.tsx) too.
    const clustered = await page
      .locator('.monument-cluster')
      .evaluateAll((els) => els.reduce((sum, e) => sum + parseInt(e.getAttribute('aria-label') ?? '0'), 0));
    const inTiles = [...tiles.values()].reduce((a, b) => a + b, 0);
    return { inTiles, difference: (await page.locator('.monument-marker').count()) + clustered - inTiles };
  };
  await page.goto('/');
  await mapReady(page);
  const map = page.getByRole('region', { name: 'Karte der Denkmäler in Linz' });
  const box = await map.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.width).toBe(viewport?.width);
  // Down to the legal link row, which ends at the window's foot (legal.spec.ts).
  const row = await page.getByRole('contentinfo').boundingBox();
  expect(box && row && box.y + box.height).toBe(row?.y);
  expect(row && viewport && row.y + row.height).toBe(viewport?.height);
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await expect(page.locator('.leaflet-control-attribution')).toContainText('Datenquelle: basemap.at');
  await expect(page.locator('.leaflet-control-attribution')).toContainText('Leaflet');
  // Markers are added a batch per frame; the region stops being busy only once the last is on it.
  // Every monument of the tiles is drawn: as its own marker, or counted in a cluster where icons would overlap.
  const atLinz = await drawnMinusTiles();
  expect(atLinz.difference, 'drawn minus monuments in the data tiles').toBe(0);
  expect(atLinz.inTiles).toBeGreaterThan(0);
  expect(wholeList, 'requests for the whole monument list').toBe(0);
  await expect(page.locator('.monument-marker').first()).toHaveAttribute('role', 'button');
  await expect(page.getByRole('link', { name: 'Denkmal hinzufügen' })).toHaveAttribute('href', '/add');
  await expect(page.getByRole('button', { name: 'Meinen Standort anzeigen' })).toBeVisible();
  // A first visit opens on Linz at zoom 14.
  expect(await mapViewOf(page)).toEqual({ center: { lat: 48.3064, lng: 14.2861 }, zoom: 14 });

  // Zoomed out over all of Linz, the tiles hold every placed commemoration of the city, and all are drawn.
  tiles.clear();
  await page.goto('/?lat=48.31&lng=14.31&zoom=11');
  await mapReady(page);
  const overLinz = await drawnMinusTiles();
  expect(overLinz.difference).toBe(0);
  expect(overLinz.inTiles).toBeGreaterThanOrEqual(42);
  expect(wholeList).toBe(0);
});

test.describe('English', () => {
  test.use({ lang: 'en' });
  test('markers use the English name when there is one', async ({ page }) => {
    await page.goto('/?lat=48.305833&lng=14.286389&zoom=18');
    await mapReady(page);
    await expect(page.getByRole('button', { name: 'Trinity Column', exact: true })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Map of monuments in Linz' })).toBeVisible();
  });
});

test("the markers' code is fetched once the map's tiles in view are drawn, not alongside them", async ({ page }) => {
  const events: string[] = [];
  page.on('requestfinished', (r) => void (new URL(r.url()).pathname.startsWith('/tiles/') && events.push('tile')));
  page.on('request', (r) => void (/\/assets\/MonumentLayer-/.test(r.url()) && events.push('markers')));
  await page.goto('/');
  await mapReady(page);
  // All tiles in view came first, or (a slow machine) at least one before the markers' 1 s limit.
  const markers = events.indexOf('markers');
  expect(markers).toBeGreaterThan(0);
  expect(events.slice(0, markers)).toContain('tile');
});

test('the markers come even while the tiles never arrive', async ({ page }) => {
  const held: { abort: () => Promise<void> }[] = [];
  await page.route('**/tiles/**', (route) => void held.push(route));
  await page.goto('/');
  await mapReady(page);
  expect(held.length).toBeGreaterThan(0);
  await expect(page.locator('img.leaflet-tile-loaded')).toHaveCount(0);
  await Promise.all(held.map((route) => route.abort()));
});

test('visitor-added, unvalidated monuments are marked as such', async ({ page, api }) => {
  const monument = await api.addMonument(unique('Test-Büste'), 48.3071, 14.2842);
  expect(monument.validated).toBe(false);
  // Close enough that the old town's markers stand apart.
  await page.goto(`/?lat=${monument.geoLocX}&lng=${monument.geoLocY}&zoom=19`);
  await mapReady(page);
  const marker = page.getByRole('button', {
    name: `${monument.name} (von Besucher:innen hinzugefügt, noch nicht geprüft)`,
    exact: true,
  });
  await expect(marker).toHaveClass(/monument-marker--unvalidated/);
  await expect(marker).toHaveCSS('filter', /grayscale/);
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.leaflet-popup').getByText('Von Besucher:innen hinzugefügt, noch nicht geprüft.')).toBeVisible();
});

test('the map view is kept in session storage and restored', async ({ page }) => {
  await page.goto('/');
  await mapReady(page);
  await page.getByRole('button', { name: 'Vergrößern', exact: true }).click();
  await expect.poll(async () => (await mapViewOf(page))?.zoom).toBe(15);
  const map = page.getByRole('region', { name: 'Karte der Denkmäler in Linz' });
  const before = (await mapViewOf(page))!;
  await map.focus();
  // An arrow pans 80 px (about 0.0034° east or 0.0023° south at zoom 15) and the view is saved
  // when the pan ends. Leaflet ignores an arrow while a pan is still moving, so one at a time;
  // the margins keep the rounding drift one pan leaves in the other coordinate from counting.
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await mapViewOf(page))?.center.lng).toBeGreaterThan(before.center.lng + 0.001);
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await mapViewOf(page))?.center.lat).toBeLessThan(before.center.lat - 0.001);
  const saved = await mapViewOf(page);
  // A monument drawn on its own (in the old town, many are clusters at this zoom).
  const name = (await page.locator('.monument-marker').first().getAttribute('title')) ?? '';
  const markerBox = await page.getByRole('button', { name, exact: true }).boundingBox();
  await page.reload();
  await mapReady(page);
  expect(await mapViewOf(page)).toEqual(saved);
  const restoredBox = await page.getByRole('button', { name, exact: true }).boundingBox();
  expect(restoredBox?.x).toBeCloseTo(markerBox?.x ?? -1, 0);
  expect(restoredBox?.y).toBeCloseTo(markerBox?.y ?? -1, 0);
});

function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  return alerts;
}

test('right-click stores pendingCoords and opens /add with them filled in', async ({ page }) => {
  await page.goto('/');
  await mapReady(page);
  const spot = await emptyMapPoint(page);
  await page.mouse.click(spot.x, spot.y, { button: 'right' });
  await expect(page).toHaveURL(/\/add$/);
  const coords = await page.evaluate(
    () => JSON.parse(localStorage.getItem('pendingCoords') ?? 'null') as { lat: number; lng: number },
  );
  expect(coords.lat).toBeGreaterThan(48.2);
  expect(coords.lat).toBeLessThan(48.4);
  const fields = await coordinateFields(page);
  await expect(fields.lat).toHaveValue(round6(coords.lat));
  await expect(fields.lng).toHaveValue(round6(coords.lng));
});

test('a mouse press held for 3 seconds shows progress and opens /add; a shorter one does not', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await mapReady(page);
  const spot = await emptyMapPoint(page);
  // From here on time moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.mouse.move(spot.x, spot.y);
  await page.mouse.down();
  const progress = page.getByRole('progressbar', { name: 'Weiter gedrückt halten, um hier ein Denkmal hinzuzufügen' });
  await expect(progress).toBeVisible();
  await page.clock.runFor(1500);
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  await page.mouse.up();
  await expect(progress).toHaveCount(0);
  await page.clock.runFor(3000);
  await expect(page).toHaveURL(/\/$/);

  await page.mouse.down();
  await page.clock.runFor(2950);
  await expect(progress).toHaveAttribute('aria-valuenow', '98');
  await expect(page).toHaveURL(/\/$/);
  await page.clock.runFor(100);
  await expect(page).toHaveURL(/\/add$/);
  await page.mouse.up();
  const coords = await page.evaluate(
    () => JSON.parse(localStorage.getItem('pendingCoords') ?? 'null') as { lat: number; lng: number },
  );
  await expect((await coordinateFields(page)).lat).toHaveValue(round6(coords.lat));
});

test.describe('locate me', () => {
  test.use({ geolocation: { latitude: 48.2951, longitude: 14.3001 }, permissions: ['geolocation'] });
  test('moves the map to the browser position', async ({ page }) => {
    await page.goto('/');
    await mapReady(page);
    await page.getByRole('button', { name: 'Meinen Standort anzeigen' }).click();
    await expect.poll(async () => (await mapViewOf(page))?.center.lat).toBeCloseTo(48.2951, 4);
    expect((await mapViewOf(page))?.center.lng).toBeCloseTo(14.3001, 4);
    // A dot marks the position, at the map's centre, below the markers and hidden from screen readers.
    const dot = page.locator('.my-position');
    await expect(dot).toHaveCount(1);
    await expect(dot).toHaveAttribute('aria-hidden', 'true');
    const [box, map] = await Promise.all([dot.boundingBox(), page.locator('.leaflet-container').boundingBox()]);
    expect(Math.abs(box!.x + box!.width / 2 - (map!.x + map!.width / 2))).toBeLessThan(2);
    expect(Math.abs(box!.y + box!.height / 2 - (map!.y + map!.height / 2))).toBeLessThan(2);
    // A second press keeps one dot.
    await page.getByRole('button', { name: 'Meinen Standort anzeigen' }).click();
    await expect.poll(async () => (await mapViewOf(page))?.center.lat).toBeCloseTo(48.2951, 4);
    await expect(dot).toHaveCount(1);
  });
});

test.describe('locate me, outside the city', () => {
  test.use({ geolocation: { latitude: 48.2082, longitude: 16.3738 }, permissions: ['geolocation'] });
  test('says so and leaves the map where it is', async ({ page }) => {
    await page.goto('/');
    await mapReady(page);
    const before = await mapViewOf(page);
    const alerts = collectAlerts(page);
    await page.getByRole('button', { name: 'Meinen Standort anzeigen' }).click();
    await expect.poll(() => alerts).toEqual(['Dein Standort liegt außerhalb von Linz. Die Karte zeigt nur Linz.']);
    expect(await mapViewOf(page)).toEqual(before);
    await expect(page.locator('.my-position')).toHaveCount(0);
  });
});

test('locate me says when the position cannot be determined', async ({ page, context }) => {
  await context.clearPermissions();
  await page.goto('/');
  await mapReady(page);
  const alerts = collectAlerts(page);
  await page.getByRole('button', { name: 'Meinen Standort anzeigen' }).click();
  await expect.poll(() => alerts).toEqual(['Position konnte nicht ermittelt werden.']);
});

test.describe('without geolocation', () => {
  test.use({ lang: 'en' });
  test('locate me says geolocation is not supported', async ({ page }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as unknown as Record<string, unknown>).geolocation;
    });
    await page.goto('/');
    await mapReady(page);
    const alerts = collectAlerts(page);
    await page.getByRole('button', { name: 'Show my position' }).click();
    await expect.poll(() => alerts).toEqual(['Geolocation not supported.']);
  });
});

test("a link from the mayor's e-mail opens the map at the monument with its popup", async ({ page }) => {
  await page.goto('/?lat=48.305833&lng=14.286389&zoom=17&monument=mon-dreifaltigkeitssaeule');
  await mapReady(page);
  await expect(page.locator('.leaflet-popup')).toContainText('Dreifaltigkeitssäule');
  await expect.poll(async () => (await mapViewOf(page))?.zoom).toBe(17);
});

test('monuments that share one coordinate are a cluster that fans out, and each can be clicked', async ({ page }) => {
  await page.goto('/?lat=48.3033&lng=14.2847&zoom=18');
  await mapReady(page);
  // Too close for any zoom: Enter on their cluster draws them side by side, focus on the first.
  await (await clusterNearCentre(page)).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(':focus')).toHaveClass(/monument-marker/);
  for (const name of ['Hessendenkmal', 'Geißelsäule (Fadingersäule)']) {
    // click() fails when another marker covers this one.
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page.locator('.leaflet-popup')).toContainText(name);
    await page.keyboard.press('Escape');
    await expect(page.locator('.leaflet-popup')).toHaveCount(0);
  }
});

test("a monument's marker is the 42 × 52 px pin image, its tip on the spot", async ({ page }) => {
  // The linked monument is always drawn on its own (at the opening view the monuments are in clusters).
  await page.goto('/?monument=mon-dreifaltigkeitssaeule');
  await mapReady(page);
  const marker = page.locator('.monument-marker:not(.monument-marker--unvalidated, .monument-marker--street)').first();
  await expect(marker).toHaveAttribute('role', 'button');
  await expect(marker).toHaveAttribute('src', '/assets/denkmalMarker.png');
  await expect(marker).toHaveCSS('width', '42px');
  await expect(marker).toHaveCSS('height', '52px');
  await expect(marker).toHaveCSS('margin-left', '-21px');
  await expect(marker).toHaveCSS('margin-top', '-52px');
});
