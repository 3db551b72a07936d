// A monument's own view (/monuments/<id>), on a desktop and a phone: opened from the
// popup; the description in German and English; every proposal as a card with the spec's vote
// messages (the 10th vote's and confetti for 2 s); proposing with the spec's validation; a shared
// proposal selected; an unknown id. A layout check: no text in the popup's rows or the view's
// cards is clipped, wider than the viewport or broken inside a word.
import { seriousViolations } from './axe';
import { expect, mapReady, openPopup, popupSettled, test, unique, type Page, somewhere } from './fixtures';

// A busy machine runs the map's first load and a vote's round trips slowly: limits, not sleeps.
test.describe.configure({ timeout: 150_000 });
const MON = 'mon-dreifaltigkeitssaeule';
const MAP_WAIT = 60_000;
const LONG = 'Eine Statue von Johanna Dohnal, der ersten Frauenministerin Österreichs, mit einer Bank daneben';

/** Text that does not fit its box: clipped (scrollWidth > clientWidth), past the viewport's right edge, or a word on two lines. */
async function layoutFaults(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) => {
    const faults: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const label = (el: Element) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 40)}"`;
    for (const root of roots)
      for (const el of [root, ...root.querySelectorAll('*')]) {
        // Skipped: the small map (tiles overflow by design) and text only for screen readers (a 1 px box on purpose).
        if (
          !(el instanceof HTMLElement) ||
          el.closest('.leaflet-container, .visually-hidden') ||
          el.getClientRects().length === 0
        )
          continue;
        const style = getComputedStyle(el);
        const scrolls = ['auto', 'scroll'].includes(style.overflowX);
        if (el.clientWidth > 0 && !scrolls && el.scrollWidth > el.clientWidth + 1) faults.push(`clipped: ${label(el)}`);
        if (el.getBoundingClientRect().right > viewport + 1) faults.push(`wider than the viewport: ${label(el)}`);
        for (const node of el.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE) continue;
          for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (tops.size > 1) faults.push(`word broken: "${match[0]}" in ${label(el)}`);
          }
        }
      }
    return faults;
  });
}

test('from the popup to the view: readable rows, a link, the description, facts, map and sources', async ({ page, api }) => {
  const title = unique(LONG);
  await api.addProposal(MON, title);
  await page.goto('/');
  await mapReady(page, MAP_WAIT);
  const popup = await openPopup(page, 'Dreifaltigkeitssäule');
  const row = popup.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Noch keine Stimmen');
  expect(await layoutFaults(page, '.leaflet-popup .proposal-row')).toEqual([]);

  await popup.getByRole('link', { name: 'Alles über dieses Denkmal' }).click();
  await expect(page).toHaveURL(new RegExp(`/monuments/${MON}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Dreifaltigkeitssäule' })).toBeVisible();
  await expect(page.getByText('barocke Pestsäule', { exact: false })).toBeVisible();
  await expect(page.getByText('Säule', { exact: true })).toBeVisible();
  // The small map loads when its place comes near the screen (on a phone, below the proposals).
  await page.getByRole('heading', { level: 2, name: 'Wo es steht' }).scrollIntoViewIfNeeded();
  const place = page.getByRole('region', { name: 'Karte: Standort von Dreifaltigkeitssäule' });
  await expect(place).toBeVisible();
  // Its controls and the tiles' credit in the visitor's language, as on the big map.
  await expect(place.getByRole('button', { name: 'Vergrößern', exact: true })).toBeVisible();
  await expect(place.locator('.leaflet-control-attribution')).toContainText('Datenquelle: basemap.at');
  await expect(page.getByRole('link', { name: /de-academic\.com/ })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title }) });
  await expect(card.getByRole('button', { name: /^Unterstützen/ })).toBeVisible();
  expect(await layoutFaults(page, '.proposal-card, .monument-view h1')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Auf der Karte zeigen: Dreifaltigkeitssäule' }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?monument=${MON}$`));
  await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2, name: 'Dreifaltigkeitssäule' })).toBeVisible();
});

test('back from the view opened in a popup: the popup is open again, in the view the map had', async ({ page }) => {
  await page.goto('/');
  await mapReady(page, MAP_WAIT);
  const popup = await openPopup(page, 'Dreifaltigkeitssäule');
  await popupSettled(page);
  const view = () => page.evaluate(() => sessionStorage.getItem('mapView'));
  const before = await view();
  // The view has a way back at its top.
  await popup.getByRole('link', { name: 'Alles über dieses Denkmal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dreifaltigkeitssäule' })).toBeVisible();
  const top = page.getByRole('article').getByRole('link', { name: 'Zurück zur Karte' });
  await expect(top).toHaveAttribute('href', `/?monument=${MON}`);
  await page.goBack();
  await mapReady(page, MAP_WAIT);
  await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2, name: 'Dreifaltigkeitssäule' })).toBeVisible();
  await popupSettled(page);
  expect(await view()).toBe(before);
  // Closed, it stays closed after the next visit to the map.
  await page.keyboard.press('Escape');
  await expect(page.locator('.leaflet-popup')).toHaveCount(0);
  await page.goto('/about');
  await page.getByRole('link', { name: 'Zurück zur Karte' }).first().click();
  await mapReady(page, MAP_WAIT);
  await expect(page.locator('.leaflet-popup')).toHaveCount(0);
});

test('a street placed from the city’s open data names the dataset as its title, in either language', async ({ page }) => {
  // The register's point for the lane: a dog zone of the city's list named after it.
  await page.goto('/monuments/mon-adolf-dietel-weg');
  const placement = page.getByRole('definition').filter({ hasText: 'Hundezonen' });
  await expect(placement).toHaveText(
    'Punkt aus den offenen Daten der Stadt Linz, Datensatz „Hundezonen (Stadt Linz OGD, 2023)“: Adolf-Dietel-Weg',
  );
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(placement).toHaveText(
    'Point from the open data of Linz, dataset “Hundezonen (Stadt Linz OGD, 2023)”: Adolf-Dietel-Weg',
  );
});

test.describe('in English', () => {
  test.use({ lang: 'en' });
  test('the English description, or the German one with a note when there is no English', async ({ page, api }) => {
    await page.goto(`/monuments/${MON}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Trinity Column' })).toBeVisible();
    await expect(page.getByText('Baroque plague column', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Sources' })).toBeVisible();
    // A visitor's monument has no description in either language, and no source.
    const own = await api.addMonument(unique('Ohne Beschreibung'), ...somewhere());
    await page.goto(`/monuments/${own.id}`);
    await expect(page.getByText('There is no description of this monument yet.')).toBeVisible();
    await expect(page.getByText('Added by visitors; no source given.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('support a proposal on its card: the spec’s messages, the 10th vote’s and confetti for 2 s', async ({ page, api }) => {
  const monument = await api.addMonument(unique('Ansicht Stimmen'), ...somewhere());
  const first = await api.addProposal(monument.id, unique('Ein Brunnen für alle'));
  const tenth = await api.addProposal(monument.id, unique('Eine Büste von Käthe Leichter'));
  expect(await api.voteAsOthers(tenth.id, monument.id, 9)).toBe(9);
  await page.clock.install();
  await page.goto(`/monuments/${monument.id}`);
  const cardOf = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

  const card = cardOf(first.name);
  await card.getByRole('button', { name: /^Unterstützen/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deine Stimme wurde gezählt!' })).toBeVisible();
  await expect(card).toContainText('1 Stimme, davon 0 bestätigt');
  await expect(card.getByRole('button', { name: /^Unterstützt/ })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate((id) => localStorage.getItem(`voted_${id}`), monument.id)).toBe(JSON.stringify([first.id]));
  await card.getByRole('button', { name: /^Unterstützt/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Du hast bereits schon abgestimmt.');

  const ten = cardOf(tenth.name);
  await expect(ten).toContainText('9 Stimmen');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await ten.getByRole('button', { name: /^Unterstützen/ }).click();
  await expect(page.getByRole('status').first()).toHaveText(
    `„${tenth.name}“ hat 10 Stimmen erreicht! Der Bürgermeister wurde per E-Mail benachrichtigt.`,
  );
  await expect(page.locator('canvas.confetti-canvas')).toHaveCount(1);
  await page.clock.runFor(1900);
  await expect(page.locator('canvas.confetti-canvas')).toHaveCount(1);
  await page.clock.runFor(100);
  await expect(page.locator('canvas.confetti-canvas')).toHaveCount(0);
  await page.clock.resume();
});

test('propose something else: trimmed, not empty, then on top as a card', async ({ page, api }) => {
  const monument = await api.addMonument(unique('Ansicht Vorschlag'), ...somewhere());
  await page.goto(`/monuments/${monument.id}`);
  await expect(page.getByText('Noch keine Vorschläge. Mach den ersten!')).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Dein Vorschlag' });
  await field.fill('   ');
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Bitte gib einen Titel für deinen Vorschlag ein.');
  const title = unique('Ein Denkmal für die Trümmerfrauen');
  await field.fill(`  ${title}  `);
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dein Vorschlag wurde hinzugefügt!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
  await expect(field).toHaveValue('');
  expect(await layoutFaults(page, '.proposal-card')).toEqual([]);
});

test('a shared proposal is selected and focused; its share button shares exactly that view', async ({ page, api }) => {
  const proposal = await api.addProposal(MON, unique('Geteilt in der Ansicht'));
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
    Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: unknown) => void calls.push(data) });
  });
  await page.goto(`/monuments/${MON}?proposal=${proposal.id}`);
  const card = page.locator('.proposal-card--shared');
  await expect(card).toContainText('Ausgewählter Vorschlag');
  await expect(card).toContainText(proposal.name);
  await expect(card).toBeFocused();
  await card.getByRole('button', { name: `Vorschlag „${proposal.name}“ teilen` }).click();
  const calls = await page.evaluate(() => (window as unknown as { shareCalls: { url: string }[] }).shareCalls);
  expect(new URL(calls[0]?.url ?? '').pathname + new URL(calls[0]?.url ?? '').search).toBe(
    `/monuments/${MON}?proposal=${proposal.id}`,
  );
});

test('the page brings its data, each asked once; the small map loads only when its place comes near', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  // A short screen: the map's place lies well below it, on a phone as on a desktop.
  await page.setViewportSize({ width: 390, height: 300 });
  await page.goto(`/monuments/${MON}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dreifaltigkeitssäule' })).toBeVisible();
  // Its proposals are shown (or that there are none yet).
  await expect(
    page.locator('.proposal-card').first().or(page.getByText('Noch keine Vorschläge. Mach den ersten!')),
  ).toBeVisible();
  // The monument, its proposals, its photos and this browser's part come with the page (Link: preload);
  // the app's own requests take those answers instead of asking again.
  for (const data of [`/api/monuments/${MON}`, `/api/interventions/${MON}`, `/api/monuments/${MON}/photos`, '/api/mine'])
    expect(
      asked.filter((p) => p === data),
      data,
    ).toHaveLength(1);
  const map = page.locator('.monument-view .leaflet-container');
  await expect(map).toHaveCount(0);
  expect(asked.filter((p) => /\/(PlaceMap|leaflet-subset)-/.test(p))).toEqual([]);
  await page.getByRole('heading', { level: 2, name: 'Wo es steht' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Karte: Standort von Dreifaltigkeitssäule' })).toBeVisible();
  await expect(map.locator('img.leaflet-tile').first()).toBeVisible();
});

test('an unknown monument: a not-found state with the way home', async ({ page }) => {
  await page.goto('/monuments/mon-gibt-es-nicht');
  await expect(page.getByRole('heading', { level: 1, name: 'Dieses Denkmal gibt es nicht (mehr).' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Zurück zur Karte' }).click();
  await expect(page).toHaveURL(/\/$/);
  await mapReady(page, MAP_WAIT);
});
