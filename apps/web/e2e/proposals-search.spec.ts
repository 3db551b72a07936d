// /interventions: q (over proposal and monument names, folded), status, sort, the announced count,
// clearing all, and each row's link to its monument on the map.
import { expect, mapReady, test, unique, type Page } from './fixtures';

const titles = (page: Page) => page.locator('.proposal-item__title');
const count = (page: Page) => page.getByRole('status').filter({ hasText: /Vorschl/ });

test('search over proposal and monument names, sort by votes or newest, status, count and clear all', async ({ page, api }) => {
  const tag = unique('x').slice(2);
  const monument = await api.addMonument(`Jägerstätter-Platz ${tag}`, 48.23 + Math.random() * 0.05, 14.23);
  const older = await api.addProposal(monument.id, `Ein Brunnen ${tag}`);
  const newer = await api.addProposal(monument.id, `Eine Straßenbahn ${tag}`);
  await api.voteAsOthers(older.id, monument.id, 2);

  await page.goto('/interventions');
  await expect(count(page)).toHaveText(/^\d+ Vorschläge$/);
  const box = page.getByRole('searchbox', { name: 'Suche in Vorschlägen und Denkmälern' });
  // The monument's name, without accents: both proposals, most votes first.
  await box.fill(`jagerstatter platz ${tag}`);
  await expect(page).toHaveURL(/q=jagerstatter/);
  await expect(titles(page)).toHaveText([new RegExp(older.name), new RegExp(newer.name)]);
  await expect(count(page)).toHaveText(/^2 von \d+ Vorschlägen$/);
  // A proposal's name, ß as ss.
  await box.fill(`strassenbahn ${tag}`);
  await expect(titles(page)).toHaveText([new RegExp(newer.name)]);
  await expect(count(page)).toHaveText(/^1 von \d+ Vorschlägen$/);

  await box.fill(tag);
  await page.getByRole('combobox', { name: 'Sortieren nach' }).selectOption({ label: 'Neueste' });
  await expect(page).toHaveURL(/sort=newest/);
  await expect(titles(page)).toHaveText([new RegExp(newer.name), new RegExp(older.name)]);

  await page.getByRole('checkbox', { name: 'Geplant' }).check();
  await expect(page).toHaveURL(/status=planned/);
  await expect(titles(page)).toHaveCount(0);
  await expect(page.getByText('Kein Vorschlag passt zu dieser Suche.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Offen' }).check();
  expect(new URL(page.url()).searchParams.get('status')).toBe('planned,open');
  await expect(titles(page)).toHaveCount(2);

  // Reload keeps it; clear all drops q, status and sort at once.
  await page.reload();
  await expect(titles(page)).toHaveText([new RegExp(newer.name), new RegExp(older.name)]);
  await expect(box).toHaveValue(tag);
  await page.getByRole('button', { name: 'Alle Filter löschen' }).click();
  await expect(page).toHaveURL(/\/interventions$/);
  await expect(page.getByRole('button', { name: 'Alle Filter löschen' })).toHaveAttribute('aria-disabled', 'true');
  await expect(box).toHaveValue('');
  await expect(count(page)).toHaveText(/^\d+ Vorschläge$/);
});

test('invalid parameters are ignored, the rest kept; each row links to its monument on the map', async ({ page, api }) => {
  const tag = unique('x').slice(2);
  const monument = await api.addMonument(`Linkdenkmal ${tag}`, 48.24 + Math.random() * 0.05, 14.24);
  const proposal = await api.addProposal(monument.id, `Ein Garten ${tag}`);
  await page.goto(`/interventions?q=${tag}&status=nope&sort=sideways`);
  await expect(titles(page)).toHaveText([new RegExp(proposal.name)]);
  await expect(page.getByRole('combobox', { name: 'Sortieren nach' })).toHaveValue('votes');

  await page.getByRole('link', { name: `Auf der Karte zeigen: ${monument.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?monument=${monument.id}$`));
  await mapReady(page);
  await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2, name: monument.name })).toBeVisible();
});

test('51 matching proposals: 50 shown, "mehr anzeigen" asks for the page after the cursor and moves focus; never the whole lists', async ({
  page,
  api,
}) => {
  const tag = unique('x').slice(2);
  const monument = await api.addMonument(`Seitendenkmal ${tag}`, 48.25 + Math.random() * 0.05, 14.25);
  const names: string[] = [];
  for (let i = 1; i <= 51; i++) names.push((await api.addProposal(monument.id, `Vorschlag ${i} ${tag}`)).name);
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
  });
  await page.goto(`/interventions?q=${tag}&sort=newest`);
  await expect(titles(page)).toHaveCount(50);
  await expect(count(page)).toHaveText(/^51 von \d+ Vorschlägen$/);
  // Newest first: the last one added leads, the first one added waits on the next page.
  await expect(titles(page).first()).toContainText(`${names[50]}`);
  await expect(titles(page).filter({ hasText: `${names[0]}` })).toHaveCount(0);
  await page.getByRole('button', { name: '1 weiteren Vorschlag anzeigen' }).click();
  await expect(titles(page)).toHaveCount(51);
  await expect(titles(page).nth(50)).toContainText(`${names[0]}`);
  await expect(titles(page).nth(50)).toBeFocused();
  await expect(page.getByRole('button', { name: /weitere/ })).toHaveCount(0);
  // The first page, then the one after its cursor, with the same search; never the whole lists.
  const paged = asked.filter((a) => a.startsWith('/api/interventions/page?') && a.includes(`q=${tag}`));
  expect(paged.filter((a) => !a.includes('cursor='))).toHaveLength(1);
  expect(paged.filter((a) => a.includes('cursor=') && a.includes('sort=newest'))).toHaveLength(1);
  expect(asked.filter((a) => /^\/api\/(monuments|interventions\/all)(\?|$)/.test(a))).toEqual([]);
});
