// /interventions: the list with its monuments, the fallbacks and the empty message.
import { expect, test, unique } from './fixtures';

test('lists each intervention with monument, location and votes; back links (DE)', async ({ page, api }) => {
  const monument = await api.monument('Dreifaltigkeitssäule');
  const title = unique('Säule der Frauen');
  const proposal = await api.addIntervention(monument.id, title);
  await api.voteAsOthers(proposal.id, monument.id, 2);
  await page.goto('/interventions');
  await expect(page.getByRole('heading', { level: 1, name: 'Alle Interventionen' })).toBeVisible();
  await expect(page.getByText(/Alle Vorschläge, die Bürger·innen/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zur Karte', exact: true })).toHaveCount(2);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item).toContainText('Denkmal');
  await expect(item).toContainText('Dreifaltigkeitssäule');
  await expect(item).toContainText(`${monument.geoLocX}, ${monument.geoLocY}`);
  await expect(item.getByRole('definition').last()).toHaveText('2');
  await expect(item.getByRole('img', { name: 'Emoji' })).toBeVisible();
});

test.describe('English', () => {
  test.use({ lang: 'en' });
  test('uses English monument names and labels', async ({ page, api }) => {
    const monument = await api.monument('Dreifaltigkeitssäule');
    const title = unique('Column of women');
    await api.addIntervention(monument.id, title);
    await page.goto('/interventions');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(item).toContainText('Trinity Column');
    await expect(item).toContainText('Votes');
    await expect(item).toContainText('Location');
  });
});

test('unknown monument shows its id and "Unbekannt"; description, mayor notice; object-wrapped answer', async ({ page }) => {
  await page.route('**/api/interventions/all', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        interventions: [
          {
            monumentId: 'mon-verschwunden',
            name: 'Ohne Denkmal',
            emoji: '🗿',
            votes: 4,
            shortDescription_en: 'A statue for everyone',
          },
          {
            id: 99,
            monumentId: 'mon-dreifaltigkeitssaeule',
            name: 'Gemeldet',
            emoji: '📣',
            votes: 10,
            mayorNotifiedAt: '2026-03-08T10:30:00.000Z',
          },
          { broken: true },
        ],
      }),
    }),
  );
  await page.goto('/interventions');
  const unknown = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ohne Denkmal' }) });
  await expect(unknown).toContainText('mon-verschwunden');
  await expect(unknown).toContainText('Unbekannt');
  await expect(unknown).toContainText('A statue for everyone');
  const notified = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gemeldet' }) });
  await expect(notified).toContainText('Am 08.03.2026, 11:30 an das Büro des Bürgermeisters gesendet');
  await expect(page.getByRole('listitem')).toHaveCount(2);
});

for (const [label, fulfil] of [
  ['an empty list', { contentType: 'application/json', body: '[]' }],
  ['a failed request', { status: 500, contentType: 'application/json', body: '{"message":"down"}' }],
  ['invalid JSON', { contentType: 'application/json', body: '{not json' }],
  ['a non-list answer', { contentType: 'application/json', body: '{"items":[]}' }],
] as const) {
  test(`${label} shows the 'no interventions' message`, async ({ page }) => {
    await page.route('**/api/interventions/all', (route) => route.fulfill(fulfil));
    await page.goto('/interventions');
    await expect(page.getByText('Noch keine Interventionen.')).toBeVisible();
  });
}
