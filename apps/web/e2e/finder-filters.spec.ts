// The finder's filters and search in the address: the map's filter panel and /monuments share
// them; reload and a copied link keep them; invalid values are dropped; the count is announced.
import { PAGE_LIMIT_DEFAULT as LIST_PAGE_SIZE } from '@linz/contract/facts';
import { seriousViolations } from './axe';
import { expect, mapReady, test, unique, type Page } from './fixtures';

const count = (page: Page) => page.getByRole('status').filter({ hasText: /Denkm/ });
const names = (page: Page) => page.getByRole('list', { name: 'Alle Denkmäler' }).getByRole('heading', { level: 2 });
const search = (page: Page) => new URL(page.url()).searchParams;

test('the map: the Filter button opens the panel, each change replaces the address, lat/lng/zoom stay', async ({ page }) => {
  await page.goto('/?lat=48.3&lng=14.29&zoom=15');
  await mapReady(page);
  const button = page.getByRole('button', { name: 'Filter', exact: true });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  const panel = page.getByRole('region', { name: 'Filter' });
  const entries = await page.evaluate(() => history.length);
  await panel.getByRole('checkbox', { name: 'Statue' }).check();
  await expect(page).toHaveURL(/category=statue/);
  await expect(count(page)).toHaveText(/^4 Treffer von \d+ Denkmälern$/);
  await panel.getByRole('checkbox', { name: 'Frauen', exact: true }).check();
  await panel.getByRole('radio', { name: 'Noch nicht geprüft' }).check();
  await panel.getByRole('checkbox', { name: 'Nur Denkmäler mit Vorschlägen' }).check();
  await panel.getByRole('combobox', { name: /Suche/ }).fill('kepler');
  await expect(page).toHaveURL(/q=kepler/);
  const params = search(page);
  expect(Object.fromEntries(params)).toMatchObject({
    lat: '48.3',
    lng: '14.29',
    zoom: '15',
    category: 'statue',
    sex: 'female',
    validated: '0',
    proposals: '1',
    q: 'kepler',
  });
  // Replaced, not pushed: Back leaves the map instead of undoing a filter.
  expect(await page.evaluate(() => history.length)).toBe(entries);
  expect(await seriousViolations(page)).toEqual([]);
  // Escape closes it and gives focus back to the button, which says how many filters are on.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filter 5 aktiv' })).toBeFocused();
});

test('every filter narrows /monuments, and "Alle Filter löschen" clears them in one action', async ({ page }) => {
  // The expected counts from the public list itself (the seeded streets and busts of the profile),
  // read until the page shows the same total: tests in other workers add monuments meanwhile, so
  // the totals below ("von N") are only required to be numbers.
  let list: { category: string }[] = [];
  await expect(async () => {
    list = (await (await page.request.get('/api/monuments')).json()) as { category: string }[];
    await page.goto('/monuments');
    await expect(count(page)).toHaveText(`${list.length} Denkmäler`, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  const filters = page.getByRole('search');
  const streets = list.filter((m) => m.category === 'street').length;
  const busts = list.filter((m) => m.category === 'bust').length;
  expect(streets).toBeGreaterThan(0);
  expect(busts).toBeGreaterThan(0);

  await filters.getByRole('checkbox', { name: 'Straße' }).check();
  await expect(page).toHaveURL(/\/monuments\?category=street$/);
  await expect(count(page)).toHaveText(new RegExp(`^${streets} Treffer von \\d+ Denkmälern$`));
  await expect(names(page)).toHaveCount(Math.min(streets, LIST_PAGE_SIZE));
  await filters.getByRole('checkbox', { name: 'Büste' }).check();
  await expect(count(page)).toHaveText(new RegExp(`^${streets + busts} Treffer von \\d+ Denkmälern$`));
  expect(search(page).get('category')).toBe('street,bust');

  await filters.getByRole('checkbox', { name: 'Frauen', exact: true }).check();
  await expect(page).toHaveURL(/sex=female/);
  for (const text of await names(page).allTextContents()) expect(text).not.toBe('Keplerstraße');
  await expect(names(page).filter({ hasText: 'Dauphinestraße' })).toHaveCount(1);

  const clear = filters.getByRole('button', { name: 'Alle Filter löschen' });
  await expect(clear).toHaveAttribute('aria-disabled', 'false');
  await clear.click();
  await expect(page).toHaveURL(/\/monuments$/);
  await expect(count(page)).toHaveText(/^\d+ Denkmäler$/);
  // Nothing left to clear: it says so, and keeps the focus the click gave it.
  await expect(clear).toHaveAttribute('aria-disabled', 'true');
  await expect(clear).toBeFocused();

  await filters.getByRole('radio', { name: 'Noch nicht geprüft' }).check();
  await expect(page).toHaveURL(/validated=0/);
  for (const item of await page.locator('.monument-item dd:nth-of-type(3)').allTextContents())
    expect(item).toBe('Noch nicht geprüft');
  await filters.getByRole('radio', { name: 'Geprüft', exact: true }).check();
  await expect(page).toHaveURL(/validated=1/);
  await expect(count(page)).toHaveText(/^\d+ Treffer von/);
  for (const item of await page.locator('.monument-item dd:nth-of-type(3)').allTextContents()) expect(item).toBe('Geprüft');
  await filters.getByRole('radio', { name: 'Alle' }).check();
  await expect(page).toHaveURL(/\/monuments$/);
});

test('"has proposals" keeps only monuments with a public proposal', async ({ page, api }) => {
  const monument = await api.addMonument(unique('Vorschlagsdenkmal'), 48.2 + Math.random() * 0.05, 14.2);
  await page.goto('/monuments?proposals=1');
  await expect(count(page)).toHaveText(/Treffer von/);
  await expect(names(page).filter({ hasText: monument.name })).toHaveCount(0);
  await api.addProposal(monument.id, unique('Ein Vorschlag'));
  await page.reload();
  await expect(names(page).filter({ hasText: monument.name })).toHaveCount(1);
  for (const n of await page.locator('.monument-item dd:nth-of-type(4)').allTextContents()) expect(Number(n)).toBeGreaterThan(0);
});

test('search ignores case and accents and treats ß as ss', async ({ page, api }) => {
  const tag = unique('x').slice(2);
  const jaegerstaetter = await api.addMonument(`Franz-Jägerstätter-Gedenkstein ${tag}`, 48.25, 14.25 + Math.random() * 0.05);
  const box = page.getByRole('searchbox', { name: /Suche/ });
  await page.goto('/monuments');
  await box.fill('strasse');
  await expect(page).toHaveURL(/q=strasse/);
  await expect(names(page).filter({ hasText: 'Keplerstraße' })).toHaveCount(1);
  await expect(names(page).filter({ hasText: 'Dauphinestraße' })).toHaveCount(1);
  // The seed has nine names with "straße".
  expect(await names(page).filter({ hasText: 'straße' }).count()).toBeGreaterThanOrEqual(9);
  await box.fill('kepler');
  await expect(names(page).filter({ hasText: 'Keplerstraße' })).toHaveCount(1);
  await expect(names(page).filter({ hasText: 'Kepler-Denkmal' })).toHaveCount(1);
  await box.fill(`Jagerstatter ${tag}`);
  await expect(names(page)).toHaveText([jaegerstaetter.name]);
  await expect(count(page)).toHaveText(/^1 Treffer von \d+ Denkmälern$/);
  // A space typed between words is kept while typing (the address trims it).
  await box.fill('');
  await box.pressSequentially('kepler ');
  await expect(box).toHaveValue('kepler ');
});

test('reload and a copied link show the same filtered view; invalid values are dropped, the rest kept', async ({
  page,
  context,
}) => {
  await page.goto('/monuments?sex=robot&category=statue');
  const filters = page.getByRole('search');
  await expect(filters.getByRole('checkbox', { name: 'Statue' })).toBeChecked();
  for (const box of await filters.getByRole('group', { name: 'Erinnert an' }).getByRole('checkbox').all())
    await expect(box).not.toBeChecked();
  await expect(count(page)).toHaveText(/^4 Treffer von \d+ Denkmälern$/);
  const shown = await names(page).allTextContents();
  expect(shown).toHaveLength(4);

  await page.reload();
  await expect(names(page)).toHaveText(shown);
  await expect(filters.getByRole('checkbox', { name: 'Statue' })).toBeChecked();

  const copy = await context.newPage();
  await copy.goto(page.url());
  await expect(names(copy)).toHaveText(shown);
  await expect(count(copy)).toHaveText(/^4 Treffer von \d+ Denkmälern$/);
  await copy.close();

  // The first change writes only the valid parameters back.
  await filters.getByRole('checkbox', { name: 'Büste' }).check();
  await expect(page).toHaveURL(/\/monuments\?category=statue%2Cbust$/);

  await page.goto('/?validated=maybe&proposals=2&q=kepler&zoom=99');
  await mapReady(page);
  await expect(page.getByRole('button', { name: 'Filter 1 aktiv' })).toBeVisible();
});

test.describe('English', () => {
  test.use({ lang: 'en' });
  test('the panel and the count are translated and plural-aware', async ({ page, api }) => {
    const tag = unique('x').slice(2);
    await api.addMonument(`Lonely ${tag}`, 48.26, 14.26 + Math.random() * 0.05);
    await page.goto(`/monuments?q=${tag}`);
    await expect(page.getByRole('status').filter({ hasText: /monument/ })).toHaveText(/^1 of \d+ monuments matches$/);
    await expect(page.getByRole('search').getByRole('checkbox', { name: 'Street' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear all filters' })).toBeVisible();
  });
});
