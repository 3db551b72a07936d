// /monuments, the map's accessible alternative: a keyboard and screen-reader path to every monument
// and everything its popup offers (proposals, voting, proposing) without touching the map.
import { seriousViolations } from './axe';
import { expect, test, unique, type Page } from './fixtures';
import type { Locator } from '@playwright/test';

/** Presses Tab until `target` has focus (a keyboard user's way there), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable with Tab');
}

test('keyboard only: find a monument, expand it, vote and propose, with headings and landmarks', async ({ page, api }) => {
  const monument = await api.addMonument(unique('Tastaturdenkmal'), 48.21 + Math.random() * 0.05, 14.21);
  const proposal = await api.addProposal(monument.id, unique('Ein Brunnen'));
  await page.goto('/');
  // The header's link, by keyboard.
  const link = page.getByRole('link', { name: 'Alle Denkmäler' });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/monuments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alle Denkmäler' })).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('search')).toBeVisible();

  const box = page.getByRole('searchbox', { name: /Suche/ });
  await tabTo(page, box);
  await page.keyboard.type(monument.name);
  await expect(page.getByRole('status').filter({ hasText: /Denkm/ })).toHaveText(/^1 Treffer von \d+ Denkmälern$/);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: monument.name }) });
  await expect(item.getByRole('definition')).toHaveText(['Unbestimmt', 'nicht angegeben', 'Noch nicht geprüft', '1']);
  await expect(item.getByRole('link', { name: `Auf der Karte zeigen: ${monument.name}` })).toHaveAttribute(
    'href',
    new RegExp(`monument=${monument.id}`),
  );

  const disclosure = item.getByRole('button', { name: `Vorschläge und Abstimmung: ${monument.name}` });
  await tabTo(page, disclosure);
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  const details = page.getByRole('region', { name: `Vorschläge für ${monument.name}` });
  await expect(details.getByRole('list', { name: 'Vorgeschlagene Interventionen' })).toBeVisible();

  const thumbs = details.getByRole('button', { name: `Für „${proposal.name}“ stimmen` });
  await tabTo(page, thumbs);
  await page.keyboard.press('Enter');
  await expect(details.getByRole('button', { name: `Du hast für „${proposal.name}“ gestimmt` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(details.getByText('1 Stimme, davon 0 bestätigt', { exact: true })).toBeVisible();
  expect((await api.proposals(monument.id)).find((i) => i.id === proposal.id)?.votes).toBe(1);

  const input = details.getByRole('textbox', { name: 'Dein Vorschlag' });
  await tabTo(page, input);
  const newName = unique('Eine Bank');
  await page.keyboard.type(newName);
  await page.keyboard.press('Enter');
  await expect(details.getByRole('listitem').filter({ hasText: newName })).toBeVisible();
  expect((await api.proposals(monument.id)).map((i) => i.name)).toContain(newName);
  // The map was never shown.
  await expect(page.locator('.leaflet-container')).toHaveCount(0);

  // Collapsing hides it again.
  await tabTo(page, disclosure);
  await page.keyboard.press('Enter');
  await expect(details).toHaveCount(0);
});

test('/monuments and an expanded monument have no serious or critical axe violations', async ({ page, api }) => {
  const monument = await api.addMonument(unique('Axedenkmal'), 48.22 + Math.random() * 0.05, 14.22);
  await api.addProposal(monument.id, unique('Eine Tafel'));
  // The whole list first (axe on the first page of 50), then the new one found by its name: other
  // tests fill the shared database, so it may not be among the first 50.
  await page.goto('/monuments');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.locator('.page')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/monuments?q=${encodeURIComponent(monument.name)}`);
  await page.getByRole('button', { name: `Vorschläge und Abstimmung: ${monument.name}` }).click();
  await expect(page.getByRole('region', { name: `Vorschläge für ${monument.name}` }).getByRole('listitem')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('English', () => {
  test.use({ lang: 'en' });
  test('names, category and the words in English', async ({ page }) => {
    await page.goto('/monuments?q=Hessen');
    await expect(page.getByRole('heading', { level: 2, name: 'Hessen Regiment Memorial' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Show on the map: Hessen Regiment Memorial' })).toBeVisible();
  });

  test('sorted by the English names it shows', async ({ page }) => {
    await page.goto('/monuments?q=Kepler');
    const names = page.getByRole('list', { name: 'All monuments' }).getByRole('heading', { level: 2 });
    // Kepler's German names start "Kepler-Denkmal", "Kepler-Gedenktafeln", "Keplers Wohnhaus"; their
    // English ones "Kepler Monument", "Kepler memorial plaques", "Kepler's house".
    await expect.poll(() => names.count()).toBeGreaterThan(2);
    const shown = await names.allTextContents();
    const key = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    expect(shown).toEqual([...shown].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
  });
});
