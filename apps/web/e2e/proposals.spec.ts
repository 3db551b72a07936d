// /interventions: the list with its monuments (a page at a time from the server), the fallbacks and
// the empty message.
import type { ProposalPage } from '@linz/contract';
import { expect, test, unique } from './fixtures';
import { outsideWindow } from './fits';

test('lists each proposal with monument, location and votes; back links (DE)', async ({ page, api }) => {
  const monument = await api.monument('Dreifaltigkeitssäule');
  const title = unique('Säule der Frauen');
  const proposal = await api.addProposal(monument.id, title);
  await api.voteAsOthers(proposal.id, monument.id, 2);
  await page.goto('/interventions');
  await expect(page.getByRole('heading', { level: 1, name: 'Alle Interventionen' })).toBeVisible();
  await expect(page.getByText(/Alle Vorschläge, die Bürger:innen/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zur Karte', exact: true })).toHaveCount(2);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item).toContainText('Denkmal');
  await expect(item).toContainText('Dreifaltigkeitssäule');
  // Degrees to 5 decimals at most (about a metre), German decimal commas, compass letters.
  const degrees = (n: number) => new Intl.NumberFormat('de', { maximumFractionDigits: 5 }).format(n);
  await expect(item).toContainText(`${degrees(monument.geoLocX)}° N, ${degrees(monument.geoLocY)}° O`);
  await expect(item).not.toContainText(/\d[.,]\d{6}/);
  // The spec's facts in its order, the votes last; before them those confirmed by e-mail (none here).
  await expect(item.getByRole('term')).toHaveText(['Denkmal', 'Ort', 'Per E-Mail bestätigte Stimmen', 'Stimmen']);
  await expect(item.getByRole('definition').nth(2)).toHaveText('0');
  await expect(item.getByRole('definition').nth(3)).toHaveText('2');
  // Its two links stand apart, not run together as one line of text.
  const [map, view] = await Promise.all(
    [/^Auf der Karte zeigen/, /^Vorschlag/].map((name) => item.getByRole('link', { name }).boundingBox()),
  );
  expect(view!.x - (map!.x + map!.width)).toBeGreaterThanOrEqual(8);
  // The emoji is shown, and kept from screen readers (it would only be read as "Emoji").
  await expect(item.locator('.proposal-item__emoji')).toBeVisible();
  await expect(item.getByRole('img')).toHaveCount(0);
  await expect(item.getByRole('heading', { name: title, exact: true })).toBeVisible();
});

test.describe('English', () => {
  test.use({ lang: 'en' });
  test('uses English monument names and labels', async ({ page, api }) => {
    const monument = await api.monument('Dreifaltigkeitssäule');
    const title = unique('Column of women');
    await api.addProposal(monument.id, title);
    await page.goto('/interventions');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(item).toContainText('Trinity Column');
    await expect(item).toContainText('Votes');
    await expect(item).toContainText('Location');
    await expect(item).toContainText(/48\.\d{1,5}°\sN, 14\.\d{1,5}°\sE/);
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('a card fits the screen, its labels above their values, the location a short place', async ({ page, api }) => {
    // A monument placed with 15 decimals, as a long press gives them.
    const monument = await api.addMonument(unique('Telefonkarte'), 48.30724019753809, 14.286661148071289);
    const title = unique('Denkmal für alle Frauen der Ersten Frauenbewegung in Oberösterreich');
    await api.addProposal(monument.id, title);
    await page.goto(`/interventions?q=${encodeURIComponent(title)}`);
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(item).toContainText('48,30724° N, 14,28666° O');
    const box = await item.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    const label = await item.getByRole('term').first().boundingBox();
    const value = await item.getByRole('definition').first().boundingBox();
    expect(label && value && value.y >= label.y + label.height - 1).toBe(true);
    expect(await outsideWindow(page)).toEqual([]);
  });
});

type PagedProposal = ProposalPage['items'][number];

test('a proposal’s description and mayor notice, from the server’s page; never the whole lists', async ({ page, api }) => {
  const monument = await api.monument('Dreifaltigkeitssäule');
  // Typed by the contract, so a field it gains is a compile error here, not an empty list.
  const item = (id: number, name: string, extra: Partial<PagedProposal>): PagedProposal => ({
    id,
    monumentId: monument.id,
    name,
    emoji: '📣',
    votes: 10,
    confirmedVotes: 0,
    mayorNotifiedAt: null,
    mayorReview: false,
    status: 'open',
    answer: null,
    history: [],
    monument,
    ...extra,
  });
  const whole: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/monuments' || path === '/api/interventions/all') whole.push(path);
  });
  await page.route(/\/api\/interventions\/page(\?|$)/, (route) =>
    route.fulfill({
      json: {
        items: [
          item(98, 'Mit Beschreibung', { shortDescription_en: 'A statue for everyone' }),
          item(99, 'Gemeldet', { mayorNotifiedAt: '2026-03-08T10:30:00.000Z' }),
        ],
        nextCursor: null,
        total: 2,
      },
    }),
  );
  // Proposals of other specs that wait for the city's answer would add their own list above.
  await page.route(/\/api\/interventions\/awaiting-answer(\?|$)/, (route) => route.fulfill({ json: [] }));
  await page.goto('/interventions');
  const described = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Mit Beschreibung' }) });
  await expect(described).toContainText('A statue for everyone');
  await expect(described).toContainText('Dreifaltigkeitssäule');
  const notified = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gemeldet' }) });
  await expect(notified).toContainText('Am 08.03.2026, 11:30 an das Büro des Bürgermeisters gesendet');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);
  // No proposal waits for an answer: one sentence says so, without describing a list that is not there.
  const awaiting = page.getByRole('region', { name: 'Warten auf die Antwort der Stadt (0)' });
  await expect(awaiting.getByRole('paragraph')).toHaveText([
    'Zurzeit wartet kein Vorschlag mit 10 Stimmen auf eine Antwort der Stadt.',
  ]);
  expect(whole).toEqual([]);
});

for (const [label, fulfil] of [
  ['an empty list', { contentType: 'application/json', body: '[]' }],
  ['a failed request', { status: 500, contentType: 'application/json', body: '{"message":"down"}' }],
  ['invalid JSON', { contentType: 'application/json', body: '{not json' }],
  ['a malformed page', { contentType: 'application/json', body: '{"items":[{"broken":true}],"nextCursor":null,"total":1}' }],
] as const) {
  test(`${label} shows the 'no proposals' message`, async ({ page }) => {
    await page.route(/\/api\/interventions\/page(\?|$)/, (route) => route.fulfill(fulfil));
    await page.goto('/interventions');
    await expect(page.getByText('Noch keine Interventionen.')).toBeVisible();
  });
}
