// The map's search shows what it found: a list of matches under the field, a count
// that says it counts matches, picked by keyboard (WAI-ARIA combobox); the map flies to the one
// picked and opens its popup. Desktop and phone.
import { seriousViolations } from './axe';
import type { Request } from '@playwright/test';
import { expect, test, type Page } from './fixtures';

const STELZHAMER = 'Denkmal für Franz Stelzhamer';

/** A view in the city's south-west, where no monument stands (the Volksgarten is 5 km away). */
async function openSearchFarAway(page: Page) {
  await page.goto('/?lat=48.262&lng=14.232&zoom=16');
  await expect(page.locator('.leaflet-container[aria-busy="false"]')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  return page.getByRole('combobox', { name: 'Suche in Namen und Beschreibungen' });
}

/** Every option, scrolled to as the arrow keys do, shows itself at its centre: no map control covers it. */
async function uncovered(page: Page) {
  return page.getByRole('option').evaluateAll((options) =>
    options.every((o) => {
      o.scrollIntoView({ block: 'nearest' });
      const r = o.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.bottom <= window.innerHeight && !!hit && o.contains(hit);
    }),
  );
}

test('"Stelzhamer": the list shows the match, arrow and Enter fly the map there and open its popup', async ({ page }) => {
  // The accessibility check alone takes 10 s on a busy machine.
  test.slow();
  const box = await openSearchFarAway(page);
  await box.fill('Stelzhamer');
  await expect(page.getByRole('status').filter({ hasText: /Treffer/ })).toHaveText(/^1 Treffer von \d+ Denkmälern$/);
  const list = page.getByRole('listbox', { name: 'Treffer' });
  const option = list.getByRole('option');
  await expect(option).toHaveCount(1);
  await expect(option.locator('.finder-match__name')).toHaveText(STELZHAMER);
  await expect(option).toContainText('Statue');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  // The map behind shows none of them: the list says so.
  await expect(page.getByText('Keiner der Treffer liegt im Kartenausschnitt.')).toBeVisible();
  await expect(list).toBeInViewport();
  expect(await uncovered(page)).toBe(true);
  expect(await seriousViolations(page, '.filter-popover')).toEqual([]);

  // The focus stays in the field; the option is its active descendant.
  await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? 'none');
  await expect(box).toBeFocused();
  await box.press('Enter');

  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('heading', { level: 2, name: STELZHAMER })).toBeVisible({ timeout: 20_000 });
  await expect(popup.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(popup).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Filter' })).toHaveCount(0);
  // The address names it (reload or share: the same popup) and keeps the search.
  const params = new URL(page.url()).searchParams;
  expect(params.get('q')).toBe('Stelzhamer');
  expect(params.get('monument')).toMatch(/\S/);
  await expect(page.getByRole('button', { name: 'Filter 1 aktiv' })).toBeVisible();
});

test('a word of the description finds it too, and the list shows where it stands; Escape closes the list, then the panel', async ({
  page,
}) => {
  const box = await openSearchFarAway(page);
  await box.fill('Landeshymne');
  const option = page.getByRole('listbox', { name: 'Treffer' }).getByRole('option');
  await expect(option.locator('.finder-match__name')).toHaveText([STELZHAMER]);
  await expect(option).toContainText('oberösterreichischen Landeshymne');
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('listbox', { name: 'Treffer' })).toBeHidden();
  await expect(box).toHaveValue('Landeshymne');
  // The second Escape closes the panel; the map, empty here, shows the match instead.
  await box.press('Escape');
  await expect(page.getByRole('region', { name: 'Filter' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Denkmal für Franz Stelzhamer/ })).toBeInViewport({ timeout: 20_000 });
});

/** Searches and closes the panel while the map's answers for the search wait (a slow network, a
 * quick visitor); the returned function lets them come. */
async function closeBeforeTheMapKnows(page: Page) {
  let release = () => {};
  const closed = new Promise<void>((resolve) => (release = resolve));
  let [held, done] = [0, 0];
  const search = /\/api\/map\/.*[?&]q=Landeshymne/;
  const count = (request: Request) => void (search.test(request.url()) && (done += 1));
  page.on('requestfinished', count);
  page.on('requestfailed', count);
  await page.route(search, async (route) => {
    held += 1;
    await closed;
    await route.continue().catch(() => undefined); // a request the page gave up meanwhile
  });
  const box = await openSearchFarAway(page);
  await box.fill('Landeshymne');
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect.poll(() => held).toBeGreaterThan(0);
  await box.press('Escape');
  await box.press('Escape');
  await expect(page.getByRole('region', { name: 'Filter' })).toHaveCount(0);
  return {
    release,
    /** Resolves when every request for the search so far has been answered or given up. */
    answered: () => expect.poll(() => done === held).toBe(true),
  };
}

test('the panel closed before the map had the matches: they are shown when the answers come', async ({ page }) => {
  const { release } = await closeBeforeTheMapKnows(page);
  release();
  await expect(page.getByRole('button', { name: /^Denkmal für Franz Stelzhamer/ })).toBeInViewport({ timeout: 20_000 });
});

test('... unless the visitor has moved the map meanwhile: it stays where they took it', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' }); // the map jumps at once, without a flight
  const { release, answered } = await closeBeforeTheMapKnows(page);
  // The map's view as it keeps it for the session.
  const view = () => page.evaluate(() => sessionStorage.getItem('mapView') ?? '');
  const lng = async () => (JSON.parse(await view()) as { center: { lng: number } }).center.lng;
  // A drag to the left: the map shows what lies east.
  const map = (await page.locator('.leaflet-container').boundingBox())!;
  const [x, y] = [map.x + map.width / 2, map.y + map.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 100, y, { steps: 5 });
  await page.mouse.up();
  await expect.poll(lng).toBeGreaterThan(14.232);
  const there = await view();
  release();
  await answered();
  // A task and two frames after the last answer was read the map would have jumped.
  await page.evaluate(() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)))));
  expect(await view()).toBe(there);
});

test('at most eight matches, the rest counted with a link to the list', async ({ page }) => {
  const box = await openSearchFarAway(page);
  await box.fill('strasse');
  const count = page.getByRole('status').filter({ hasText: /Treffer/ });
  await expect(count).toHaveText(/^\d+ Treffer von \d+ Denkmälern$/);
  const total = Number((await count.textContent())?.split(' ')[0]);
  expect(total).toBeGreaterThan(8);
  await expect(page.getByRole('option')).toHaveCount(8);
  expect(await uncovered(page)).toBe(true);
  const more = page.getByRole('link', { name: `${total - 8} weitere Treffer in der Liste` });
  await expect(more).toHaveAttribute('href', '/monuments?q=strasse');
  // ArrowUp from the field goes to the last; Down wraps to the first.
  await box.press('ArrowUp');
  await expect(page.getByRole('option').nth(7)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowDown');
  await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
});

test.describe('English', () => {
  test.use({ lang: 'en' });
  test('the list and the count in English, the description searched in English', async ({ page }) => {
    await page.goto('/?lat=48.262&lng=14.232&zoom=16');
    await expect(page.locator('.leaflet-container[aria-busy="false"]')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const box = page.getByRole('combobox', { name: 'Search names and descriptions' });
    await box.fill('state anthem');
    await expect(page.getByRole('status').filter({ hasText: /monuments/ })).toHaveText(/^1 of \d+ monuments matches$/);
    const option = page.getByRole('listbox', { name: 'Matches' }).getByRole('option');
    await expect(option.locator('.finder-match__name')).toHaveText(['Franz Stelzhamer Monument']);
    await expect(option).toContainText('Upper Austrian state anthem');
    await page.getByRole('button', { name: 'Show the matches on the map' }).click();
    await expect(page.getByRole('button', { name: /^Franz Stelzhamer Monument/ })).toBeInViewport({ timeout: 20_000 });
  });
});
