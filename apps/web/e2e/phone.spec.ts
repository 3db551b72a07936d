// A 360 px wide phone with touch: layout, the 3 s touch press, popup, add and list pages.
import type { CDPSession } from '@playwright/test';
import { emptyMapPoint, expect, mapReady, openPopup, somewhere, test, unique, type Page } from './fixtures';
import { coordinateFields, round6 } from './place';
import { outsideWindow, shownWhole } from './fits';

async function noSideways(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

async function touch(cdp: CDPSession, type: 'touchStart' | 'touchEnd', x: number, y: number) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
}

test('every page fits 360 px and the header keeps all its controls', async ({ page }) => {
  for (const route of ['/', '/about', '/add', '/interventions']) {
    await page.goto(route);
    if (route === '/') await mapReady(page);
    await noSideways(page);
    const header = page.getByRole('banner');
    await expect(header.getByText('Denk·Mal Linz')).toBeInViewport();
    await expect(header.getByRole('button', { name: 'Switch to English' })).toBeInViewport();
    await expect(header.getByRole('link').last()).toBeInViewport();
  }
});

for (const lang of ['de', 'en'] as const) {
  test.describe(`header and pages (${lang})`, () => {
    test.use({ lang });

    test(`the header shows pretitle, title and subtitle whole, its controls at least 24 px (${lang})`, async ({ page }) => {
      await page.goto('/');
      await mapReady(page);
      const header = page.getByRole('banner');
      const texts =
        lang === 'de'
          ? ['Ein Kunstprojekt im öffentlichen Raum', 'Denk·Mal Linz', 'Wer steht da? Wer sollte da stehen?']
          : ['An art project in public space', 'Denk·Mal Linz', 'Who stands there? Who should stand there?'];
      for (const text of texts) {
        expect(await shownWhole(header.getByText(text, { exact: true }))).toEqual({ text, whole: true });
      }
      for (const control of await header.locator('a, button').all()) {
        const box = await control.boundingBox();
        expect(Math.min(box?.width ?? 0, box?.height ?? 0), await control.innerText()).toBeGreaterThanOrEqual(24);
      }
    });

    test(`nothing sticks out of the window on the lists, figures, help and legal pages (${lang})`, async ({ page, api }) => {
      test.slow(); // seven pages on a busy machine
      // A proposal with a long name, so /interventions has a card to show.
      const monument = await api.monument('Dreifaltigkeitssäule');
      await api.addProposal(monument.id, unique('Denkmal für alle Frauen der Ersten Frauenbewegung in Oberösterreich'));
      for (const path of [
        '/interventions',
        '/monuments',
        '/stats',
        '/about',
        '/mine',
        '/impressum',
        '/datenschutz',
        '/barrierefreiheit',
      ]) {
        await page.goto(path);
        await expect(page.locator('.page')).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
        expect(await outsideWindow(page), path).toEqual([]);
      }
    });
  });
}

test.describe('the welcome on a touch screen', () => {
  test.use({ seenIntro: false });
  test('tells of the long press, not of a mouse button', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Willkommen!' });
    await expect(dialog).toContainText('Halte den Finger 3 Sekunden lang auf eine Stelle der Karte');
    await expect(dialog).not.toContainText('Maustaste');
  });
});

test("/add's tip on a touch screen tells of the long press too", async ({ page }) => {
  await page.goto('/add');
  const tip = page.locator('.tip');
  await expect(tip).toHaveText(/^Tipp: Halte den Finger 3 Sekunden lang auf eine Stelle der Karte, dann öffnet sich diese Seite/);
  await expect(tip).not.toContainText('Maustaste');
});

test('a touch held for 3 seconds shows progress and opens /add with the coordinates', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await mapReady(page);
  const { x, y } = await emptyMapPoint(page);
  const cdp = await page.context().newCDPSession(page);
  // From here on time moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  // A short touch does nothing.
  await touch(cdp, 'touchStart', x, y);
  const progress = page.getByRole('progressbar', { name: /gedrückt halten/ });
  await expect(progress).toBeVisible();
  await page.clock.runFor(1200);
  await expect(progress).toHaveAttribute('aria-valuenow', '40');
  await touch(cdp, 'touchEnd', x, y);
  await expect(progress).toHaveCount(0);
  await page.clock.runFor(3000);
  await expect(page).toHaveURL(/\/$/);
  // A long one opens the form, at 3 seconds and not before.
  await touch(cdp, 'touchStart', x, y);
  await expect(progress).toBeVisible();
  await page.clock.runFor(2950);
  await expect(page).toHaveURL(/\/$/);
  await page.clock.runFor(100);
  await expect(page).toHaveURL(/\/add$/);
  await touch(cdp, 'touchEnd', x, y);
  const coords = await page.evaluate(
    () => JSON.parse(localStorage.getItem('pendingCoords') ?? 'null') as { lat: number; lng: number },
  );
  const fields = await coordinateFields(page);
  await expect(fields.lat).toHaveValue(round6(coords.lat));
  await expect(fields.lng).toHaveValue(round6(coords.lng));
  await noSideways(page);
});

test.describe('English', () => {
  test.use({ lang: 'en' });
  test('the popup works by tapping: add a proposal and vote', async ({ page, api }) => {
    const monument = await api.addMonument(`Phone test ${Date.now()}`, 48.3064, 14.2861);
    await page.goto('/');
    await mapReady(page);
    const popup = await openPopup(page, new RegExp(`^${monument.name} \\(`));
    await popup.getByRole('textbox', { name: 'Your proposal' }).tap();
    await page.keyboard.type('A fountain for Enrica von Handel-Mazzetti');
    await popup.getByRole('button', { name: 'Add', exact: true }).tap();
    await expect(popup.getByRole('status')).toHaveText('Your proposal has been added!');
    await popup.getByRole('button', { name: /^Vote for/ }).tap();
    await expect(popup.getByRole('status')).toHaveText('Your vote has been recorded!');
    await expect(popup.getByRole('listitem')).toContainText('1 vote');
    const box = await popup.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 360).toBe(true);
  });
});

test('a name typed without spaces breaks inside the popup and the cards of /mine, never widening them', async ({ page }) => {
  test.slow(); // the map, then a page
  // 100 letters without a space: wider than any phone, and within the 120 a name may have.
  const name = `Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenauszahlungsstellenverwaltungsgebäude${Date.now().toString(36)}`;
  const [lat, lng] = somewhere();
  // Sent by this browser (its own cookie), so /mine lists the monument and the proposal as its own.
  const added = await page.request.post('/api/add-monument', {
    data: { id: `mon-user-${Date.now()}`, name, geoLocX: lat, geoLocY: lng },
  });
  expect(added.status(), await added.text()).toBe(201);
  const monument = (await added.json()) as { id: string };
  const proposed = await page.request.post(`/api/interventions/${monument.id}`, { data: { name: `Ein Vorschlag für ${name}` } });
  expect(proposed.status(), await proposed.text()).toBe(201);

  await page.goto(`/?lat=${lat}&lng=${lng}&zoom=18`);
  await mapReady(page);
  const popup = await openPopup(page, new RegExp(`^${name}( \\(|$)`));
  // The title breaks inside its line, and the popup's content does not scroll sideways.
  for (const box of [popup.getByRole('heading', { level: 2 }), popup.locator('.leaflet-popup-content')]) {
    const sizes = await box.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
  }

  await page.goto('/mine');
  await expect(page.locator('.mine-item').first()).toBeVisible();
  for (const card of await page.locator('.mine-item').all()) {
    const box = await card.evaluate((c) => ({ scroll: c.scrollWidth, client: c.clientWidth }));
    expect(box.scroll, await card.innerText()).toBeLessThanOrEqual(box.client);
  }
  expect(await outsideWindow(page)).toEqual([]);
});
