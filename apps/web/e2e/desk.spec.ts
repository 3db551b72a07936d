// The city's desk: tabs with counts, a queue item with its place on a small map and its
// monument's context, "Ausblenden (Moderation)" with a canned reason, and the author reading that
// reason on /mine and at the monument, nobody else. Axe-clean on each screen.
import type { Browser } from '@playwright/test';
import { addStaff, searchQueue, signIn } from './admin-fixtures';
import { seriousViolations } from './axe';
import { expect, somewhere, test, unique, type Page } from './fixtures';

/** Staff work in a browser of their own (the citizen's cookies stay the citizen's). */
async function staffPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'de-AT', timezoneId: 'Europe/Vienna' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await context.addInitScript(() => {
    localStorage.setItem('lang', 'de');
    localStorage.setItem('introSeen', 'true');
  });
  return context.newPage();
}

const countIn = async (page: Page, tab: string) => {
  const label = await page.getByRole('button', { name: new RegExp(`^${tab} \\(\\d+\\)$`) }).textContent();
  return Number(/\((\d+)\)/.exec(label ?? '')?.[1]);
};

test('the desk: counts, an item on its map, hiding with a canned reason; its author reads why on /mine and at the monument', async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  test.slow(); // two browsers and a staff flow on a shared machine
  // The citizen: a monument of their own and a proposal at it, both from this browser.
  await page.goto('/mine');
  const [lat, lng] = somewhere();
  const monumentName = unique('Bank im Park');
  const added = await page.request.post('/api/add-monument', { data: { name: monumentName, geoLocX: lat, geoLocY: lng } });
  expect(added.status(), await added.text()).toBe(201);
  const monument = (await added.json()) as { id: string; category: string };
  expect(monument.category).toBe('undetermined');
  const title = unique('Werbung für meinen Laden');
  const proposed = await page.request.post(`/api/interventions/${monument.id}`, { data: { name: title } });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const proposal = (await proposed.json()) as { id: number };
  // Someone else reports the proposal: it goes to "Meldungen".
  expect((await api.addProposal(monument.id, unique('Ein anderer Vorschlag'))).id).toBeGreaterThan(0);
  const reporter = await browser.newContext({ baseURL });
  const report = await reporter.request.post(`/api/interventions/${proposal.id}/reports`, { data: { reason: 'spam' } });
  expect(report.status()).toBe(201);
  await reporter.close();

  const city = await staffPage(browser, baseURL ?? '');
  const { name, token } = addStaff('Schalter');
  await signIn(city, token, name);
  // "Angemeldet als" once; the two queue tabs with their counts.
  await expect(city.getByText(`Angemeldet als ${name}`)).toHaveCount(1);
  expect(await countIn(city, 'Prüfen')).toBeGreaterThanOrEqual(1);
  expect(await countIn(city, 'Meldungen')).toBeGreaterThanOrEqual(1);

  // The new monument, in "Prüfen", shows its place on a small map and its context.
  await searchQueue(city, monumentName);
  const card = city.getByRole('article', { name: monumentName });
  await expect(card.getByRole('region', { name: `Karte: Wo „${monumentName}“ steht` })).toBeVisible();
  await expect(card.locator('.leaflet-marker-icon')).toBeVisible();
  await expect(card.getByRole('definition').first()).toHaveText('Unbestimmt');
  await expect(card).toContainText(`${lat.toFixed(5)}, ${lng.toFixed(5)}`);
  expect(await seriousViolations(city), 'axe: the desk with an item on its map').toEqual([]);

  // The reported proposal, in "Meldungen": who reported as counts, the monument's place; hidden with a canned reason.
  const reports = await countIn(city, 'Meldungen');
  await city.getByRole('button', { name: /^Meldungen \(\d+\)$/ }).click();
  await searchQueue(city, title);
  const reported = city.getByRole('article', { name: title });
  await expect(reported).toContainText('1 Browser, aus 1 Netz');
  await expect(reported.getByRole('region', { name: `Karte: Wo „${monumentName}“ steht` })).toBeVisible();
  await reported.getByRole('button', { name: 'Ausblenden (Moderation)…' }).click();
  const dialog = city.getByRole('dialog', { name: `Den Vorschlag „${title}“ ausblenden (Moderation)` });
  await expect(dialog.getByRole('button', { name: 'Ausblenden', exact: true })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Werbung oder Spam' }).check();
  expect(await seriousViolations(city, '.admin-dialog'), 'axe: the hide dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Ausblenden', exact: true }).click();
  await expect(city.locator('.admin-status')).toHaveText(`„${title}“ ist ausgeblendet.`);
  await expect.poll(() => countIn(city, 'Meldungen')).toBe(reports - 1);
  const hiddenCard = city.getByRole('region', { name: 'In dieser Sitzung ausgeblendet' }).getByRole('article', { name: title });
  await expect(hiddenCard).toContainText('Von der Moderation ausgeblendet: Werbung oder Spam');

  // The author reads why on /mine and at the monument; another browser does not.
  await page.goto('/mine');
  const section = page.getByRole('region', { name: /^Von der Moderation ausgeblendet \(\d+\)$/ });
  await expect(section.getByRole('listitem')).toContainText(
    `Dein Vorschlag „${title}“ wurde von der Moderation ausgeblendet. Begründung: Werbung oder Spam`,
  );
  expect(await seriousViolations(page), 'axe: /mine with a hidden proposal').toEqual([]);
  await page.goto(`/monuments/${monument.id}`);
  await expect(
    page.getByText(`Dein Vorschlag „${title}“ wurde von der Moderation ausgeblendet.`, { exact: false }),
  ).toBeVisible();
  await city.goto(`/monuments/${monument.id}`);
  await expect(city.getByRole('heading', { level: 1, name: monumentName })).toBeVisible();
  await expect(city.getByText('von der Moderation ausgeblendet', { exact: false })).toHaveCount(0);
  await city.context().close();
});

test('staff edit a canned reason in "Begründungen", and choose a category from the list', async ({ page, api }) => {
  const { name, token } = addStaff('Redaktion');
  const [lat, lng] = somewhere();
  const monumentName = unique('Unbestimmtes Denkmal');
  await api.addMonument(monumentName, lat, lng);
  await signIn(page, token, name);
  await page.getByRole('button', { name: 'Begründungen' }).click();
  const wording = unique('Urheberrecht verletzt');
  const form = page.getByRole('form', { name: 'Neue Begründung' });
  await form.getByLabel('Deutsch').fill(wording);
  await form.getByLabel('Englisch').fill('Copyright infringed');
  await form.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page.locator('.admin-status')).toHaveText(`Die Begründung „${wording}“ ist hinzugefügt.`);
  await expect(page.getByRole('form', { name: `Begründung „${wording}“` })).toBeVisible();
  expect(await seriousViolations(page), 'axe: the reasons editor').toEqual([]);

  await page.getByRole('button', { name: /^Prüfen \(\d+\)$/ }).click();
  await searchQueue(page, monumentName);
  const card = page.getByRole('article', { name: monumentName });
  await card.getByRole('button', { name: 'Bearbeiten' }).click();
  const category = card.getByRole('form', { name: `${monumentName} bearbeiten` }).getByLabel('Kategorie');
  await expect(category).toHaveValue('undetermined');
  await category.selectOption({ label: 'Gedenktafel' });
  await card.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('.admin-status')).toHaveText(`„${monumentName}“ ist gespeichert.`);
  await expect.poll(async () => (await api.monument(monumentName)).category).toBe('plaque');
});
