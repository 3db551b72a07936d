// The dashboard (/stats) against the real server: German and English, axe, charts and their
// tables agreeing, street figures recounted from the city's CSV, figures following a monument
// that is added, validated and hidden, the share action, the Open Graph tags and image, and
// nothing of /stats in the home page's first load.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { seriousViolations } from './axe';
import { E2E_CATEGORY } from './category';
import { asOtherClient, expect, mapReady, test, unique, type Page, somewhere } from './fixtures';
import { outsideWindow, shownWhole } from './fits';
import { staffToken } from './staff';

type SexCounts = Record<'female' | 'male' | 'mixed' | 'none' | 'unspecified', number>;
type Stats = { monuments: { bySex: SexCounts }; streets: { female: number; male: number; unknown: number } };

const percent = (share: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(share);
const count = (n: number, lang: string) => new Intl.NumberFormat(lang).format(n);

/** Every chart's direct labels, each found among the cells of the table that follows it. */
async function chartsMatchTables(page: Page) {
  const charts = page.locator('figure.chart');
  expect(await charts.count()).toBe(4);
  for (const chart of await charts.all()) {
    await expect(chart.getByRole('img')).toHaveAccessibleName(/\d/);
    const labels = await chart.locator('.chart__value').allTextContents();
    const cells = await chart.getByRole('cell').allTextContents();
    if (labels.length > 0) {
      for (const label of labels) expect(cells, `chart label ${label}`).toContain(label);
    } else {
      // The timeline: a row per week, its bar values the table's proposals and votes of that week.
      const values = await chart.locator('.chart__bar-value').allTextContents();
      const rows = await chart
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader') })
        .all();
      const weeks = await Promise.all(rows.map((r) => r.getByRole('cell').allTextContents()));
      expect(values).toEqual(weeks.flat());
    }
    await expect(chart.getByRole('table')).toHaveCount(1);
    await expect(chart.locator('caption')).not.toBeEmpty();
  }
}

for (const lang of ['de', 'en'] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ lang });
    test('headlines from the figures, every chart with its table, axe-clean', async ({ page, api }) => {
      // A proposal with a vote this week, so the timeline has a bar to show.
      const monument = await api.monument('Hessendenkmal');
      const proposal = await api.addProposal(monument.id, unique('Statistik-Vorschlag'));
      await api.voteAsOthers(proposal.id, monument.id, 1);
      await page.goto('/stats');
      await expect(
        page.getByRole('table', { name: /^(Vorschläge und Stimmen pro Woche|Proposals and votes per week)$/ }),
      ).toBeVisible();
      const headlines = page.locator('.stats-headlines li');
      await expect(headlines).toHaveCount(2);
      const stats = (await (await page.request.get('/api/stats')).json()) as Stats;
      const { female, male, mixed } = stats.monuments.bySex;
      const monuments = percent(female / (female + male + mixed), lang);
      const streets = percent(stats.streets.female / (stats.streets.female + stats.streets.male), lang);
      if (lang === 'de') {
        await expect(headlines.first()).toHaveText(`${monuments} der Denkmäler, die Personen ehren, ehren Frauen`);
        await expect(headlines.last()).toHaveText(`${streets} der Straßen, die nach Personen benannt sind, ehren Frauen`);
        await expect(page.getByRole('heading', { level: 1, name: 'Wen Linz ehrt: die Zahlen' })).toBeVisible();
      } else {
        await expect(headlines.first()).toHaveText(`${monuments} of the monuments that honour people honour women`);
        await expect(headlines.last()).toHaveText(`${streets} of the streets named after people honour women`);
        await expect(page.getByRole('heading', { level: 1, name: 'Whom Linz honours: the figures' })).toBeVisible();
      }
      await chartsMatchTables(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('nothing sticks out; the wide table scrolls in a named region the keyboard reaches; the timeline shows its labels', async ({
    page,
  }) => {
    await page.goto('/stats');
    await expect(page.locator('.stats-headlines li')).toHaveCount(2);
    await expect(page.getByRole('table', { name: /^Vorschläge und Stimmen pro Woche$/ })).toBeVisible();
    expect(await outsideWindow(page)).toEqual([]);
    // Five columns of figures do not fit 360 px: their table scrolls sideways inside a region
    // named like it, reached by Tab (only it: the tables that fit are no tab stop).
    const caption = 'Denkmäler nach Art und geehrten Personen (Anteile an den Denkmälern dieser Art, die Personen ehren)';
    const region = page.getByRole('region', { name: caption });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.getByRole('table', { name: caption })).toBeVisible();
    // Exactly the tables wider than the phone are tab stops (the coverage tables may be too).
    const frames = await page
      .locator('.stats-table-frame')
      .evaluateAll((els) => els.map((el) => ({ wide: el.scrollWidth > el.clientWidth, stop: el.hasAttribute('tabindex') })));
    expect(frames.length).toBeGreaterThan(1);
    expect(frames.filter((f) => f.wide !== f.stop)).toEqual([]);
    // Each table that scrolls says so above it, in words.
    await expect(page.getByText('Die Tabelle geht rechts weiter: seitlich verschieben, um alles zu sehen.')).toHaveCount(
      frames.filter((f) => f.wide).length,
    );
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // The timeline's names and week labels are text shown whole, not SVG text cut at its edge.
    const timeline = page.locator('.chart__weeks');
    for (const text of await timeline.locator('.chart__axis-title, .chart__tick').all()) {
      expect((await shownWhole(text)).whole, await text.innerText()).toBe(true);
    }
  });
});

test('the street figures are the count of the city register (CSV), credited', async ({ page }) => {
  const csv = readFileSync(path.resolve(import.meta.dirname, '../../api/cities/linz/seed/linz-street-names.csv'), 'utf8');
  const rows = parse<{ person_geschlecht: string; benannt_nach: string }>(csv, { columns: true, skip_empty_lines: true });
  // A street counts for a woman or a man when the register says it is named after someone.
  const named = rows.filter((r) => r.benannt_nach.trim() !== '');
  const female = named.filter((r) => r.person_geschlecht === 'female').length;
  const male = named.filter((r) => r.person_geschlecht === 'male').length;
  expect(rows.length).toBe(1211);
  await page.goto('/stats');
  const table = page.getByRole('table', { name: /Straßennamen nach geehrten Personen/ });
  const cellOf = (row: string) => table.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell');
  const known = female + male;
  await expect(cellOf('Nach Frauen')).toHaveText(`${female} (${percent(female / known, 'de')})`);
  await expect(cellOf('Nach Männern')).toHaveText(`${male} (${percent(male / known, 'de')})`);
  await expect(cellOf('Nach keiner Person oder unbekannt')).toHaveText(String(rows.length - known));
  await expect(cellOf('Alle Straßennamen')).toHaveText(count(rows.length, 'de'));
  // The register's source as the Linz profile names it (streetRegisterSource).
  const credit = page.getByRole('link', { name: 'Stadt Linz – data.linz.gv.at (Straßennamen und deren Bedeutung)' });
  await expect(credit).toHaveAttribute('href', 'https://data.linz.gv.at');
  await expect(page.getByRole('link', { name: 'CC BY 4.0' })).toBeVisible();
});

test('women without a place: the intro counts the table, and register streets are said to be counted above', async ({ page }) => {
  await page.goto('/stats');
  const section = page.getByRole('region', { name: 'Frauen ohne Platz auf der Karte' });
  const table = section.getByRole('table', { name: 'Einträge für Frauen ohne Koordinaten, nach Art' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const counts = (await table.locator('tbody td').allInnerTexts()).map(Number);
  const total = counts.reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThan(0);
  await expect(section).toContainText(`${total} weitere Erinnerungszeichen für Frauen kennen wir`);
  // The Linz register holds all 48 women's streets of the file, so none is listed here.
  await expect(table.getByRole('rowheader', { name: 'Straße' })).toHaveCount(0);
  await expect(section).toContainText('Straßen aus dem Verzeichnis der Stadt, die noch keinen Ort haben, stehen nicht hier');
  await expect(section).not.toContainText('Die Straßen darunter');
});

/** Reports the monument as another browser (its own cookie jar) from another address. */
async function reportAsOther(page: Page, monumentId: string) {
  const other = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin, extraHTTPHeaders: asOtherClient() });
  if (!other) throw new Error('no browser');
  const res = await other.request.post(`/api/monuments/${monumentId}/reports`, { data: { reason: 'spam' } });
  expect(res.status(), await res.text()).toBe(201);
  await other.close();
}

test('the figures follow a monument that is added, validated as a woman, reported and hidden by staff', async ({ page, api }) => {
  // The run's own kind (its site profile adds it), so the row it makes is counted by this test alone.
  const kind = E2E_CATEGORY;
  const monument = await api.addMonument(unique('Statistik'), ...somewhere());
  const staff = async (procedure: string, input: object) => {
    const res = await page.request.post(`/trpc/staff.monuments.${procedure}`, {
      headers: { Authorization: `Bearer ${await staffToken()}` },
      data: input,
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const table = page.getByRole('table', { name: /Denkmäler nach Art/ });
  const row = table.getByRole('row', { name: new RegExp(`^${kind}`) });

  // Added (a visitor's monument: who it honours is not known yet), then given its kind.
  await page.goto('/stats');
  await expect(page.locator('.stats-headlines li')).toHaveCount(2);
  await staff('update', { monumentId: monument.id, patch: { category: kind } });
  await page.reload();
  await expect(row.getByRole('cell')).toHaveText(['0', '0', '0', '0', '1']);

  // Validated as honouring a woman: shown after going to the map and back by the header link.
  await staff('update', { monumentId: monument.id, patch: { sex: 'female' } });
  await staff('validate', { monumentId: monument.id });
  await page.getByRole('link', { name: 'Schließen und zurück zur Karte' }).click();
  await mapReady(page);
  await page.getByRole('link', { name: 'Statistik' }).click();
  await expect(row.getByRole('cell')).toHaveText([
    `1 (${percent(1, 'de')})`,
    `0 (${percent(0, 'de')})`,
    `0 (${percent(0, 'de')})`,
    '0',
    '0',
  ]);
  const chartLabel = page.locator('.chart__row', { hasText: kind }).locator('.chart__value').first();
  await expect(chartLabel).toHaveText(`1 (${percent(1, 'de')})`);

  // Three browsers' reports do not hide a validated monument (issue 56): still counted.
  for (let i = 0; i < 3; i++) await reportAsOther(page, monument.id);
  await page.reload();
  await expect(page.locator('.stats-headlines li')).toHaveCount(2);
  await expect(row.getByRole('cell').first()).toHaveText(`1 (${percent(1, 'de')})`);
  // Hidden by staff on those reports: no longer counted.
  await staff('reject', { monumentId: monument.id, reason: { text: 'Kein Denkmal' } });
  await page.reload();
  await expect(page.locator('.stats-headlines li')).toHaveCount(2);
  await expect(row).toHaveCount(0);
});

test.describe('share', () => {
  test('copies the link where there is no share sheet, and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
    await page.goto('/stats');
    await page.getByRole('button', { name: 'Statistik teilen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link kopiert.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL('/stats', page.url()).href);
  });

  test('uses the share sheet with the headline where there is one', async ({ page }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.defineProperty(window, 'shared', { value: shared });
      Object.defineProperty(Navigator.prototype, 'share', {
        value: (data: ShareData) => (shared.push(data), Promise.resolve()),
        configurable: true,
      });
    });
    await page.goto('/stats');
    await page.getByRole('button', { name: 'Statistik teilen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Geteilt.' })).toBeVisible();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(shared).toHaveLength(1);
    expect(shared[0]?.url).toBe(new URL('/stats', page.url()).href);
    expect(shared[0]?.text).toContain('der Denkmäler, die Personen ehren, ehren Frauen');
  });
});

test('the raw HTML of /stats carries the Open Graph tags; the image is a PNG of 1200 × 630', async ({ request }) => {
  // Other tests add monuments meanwhile: the page's figures are those of the moment between the two reads.
  const sentence = async () => {
    const { female, male, mixed } = ((await (await request.get('/api/stats')).json()) as Stats).monuments.bySex;
    return `${percent(female / (female + male + mixed), 'de')} der Denkmäler, die Personen ehren, ehren Frauen.`;
  };
  const before = await sentence();
  const html = await (await request.get('/stats')).text();
  const after = await sentence();
  const meta = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
  expect(meta('og:title')).toBe('Wen Linz ehrt: die Zahlen');
  expect(
    [before, after].some((s) => meta('og:description')?.includes(s)),
    `${meta('og:description')} (${before} / ${after})`,
  ).toBe(true);
  const image = meta('og:image');
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/stats\/og\.png$/);
  const res = await request.get(image ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  const png = await res.body();
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test('nothing of /stats in the home page first load', async ({ page }) => {
  const index = readFileSync(path.resolve(import.meta.dirname, '../dist/index.html'), 'utf8');
  expect(index).not.toMatch(/StatsPage/);
  const scripts: string[] = [];
  page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(r.url())));
  await page.goto('/');
  await mapReady(page);
  expect(scripts.filter((u) => /StatsPage/.test(u))).toEqual([]);
  await page.getByRole('link', { name: 'Statistik' }).click();
  await expect(page.locator('.stats-headlines li')).toHaveCount(2);
  expect(scripts.filter((u) => /StatsPage/.test(u))).toHaveLength(1);
});
