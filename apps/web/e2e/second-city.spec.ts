// A second city in the browser: the made-up Auwinkel (apps/api/test/fixtures/cities/auwinkel),
// started from an empty database, its Overpass file and its gender CSV imported with
// `pnpm city import` (playwright.config.ts), served by a server of its own on PostgreSQL. Its pages name it, its
// map opens inside its boundary and shows its streets, a proposal counts towards its own threshold
// (3), /stats leaves out the street register it does not have, its sources and tiles are credited,
// its web manifest is its own, and no page says Linz. Phone and desktop, German and English.
import path from 'node:path';
import { seriousViolations } from './axe';
import { expect, mapReady, openPopup, test, unique, type Page } from './fixtures';
import { layoutFailures } from './layout';

const SUTTNER = 'Bertha-von-Suttner-Straße';

/** No word of Linz on the page (its text and its title). */
async function saysNoLinz(page: Page) {
  const text = await page.evaluate(() => `${document.title}\n${document.body.innerText}`);
  expect(text).not.toMatch(/linz/i);
}

/** No clipped text, broken word, control under another or page wider than the screen. */
async function looksWhole(page: Page, screen: string, lang: 'de' | 'en') {
  const what = `${screen} (${lang})`;
  const found = await layoutFailures(page);
  expect.soft(found.clipped, `clipped text: ${what}`).toEqual([]);
  expect.soft(found.brokenWords, `words broken across lines: ${what}`).toEqual([]);
  expect.soft(found.tooWide, `wider than the screen: ${what}`).toEqual([]);
  expect.soft(found.covered, `controls covered by others: ${what}`).toEqual([]);
  const screensDir = process.env.SCREENS_DIR;
  if (screensDir) {
    // As `pnpm screens` names its pictures: {screen}-{phone|desktop}-{de|en}.png.
    const size = test.info().project.name.endsWith('phone') ? 'phone' : 'desktop';
    const file = `auwinkel-${screen}-${size}-${lang}.png`;
    await page.screenshot({ path: path.join(screensDir, file), animations: 'disabled' });
  }
}

for (const lang of ['de', 'en'] as const) {
  const de = lang === 'de';
  test.describe(`Auwinkel (${lang})`, () => {
    test.use({ lang, seenIntro: false });

    test('the map: its name, its welcome, its streets inside its boundary, no Linz', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveTitle(/Denk·Mal Auwinkel/);
      const welcome = page.getByRole('dialog');
      await expect(welcome).toContainText(de ? 'in den Straßen von Auwinkel' : 'in the streets of Auwinkel');
      await saysNoLinz(page);
      await welcome.getByRole('button', { name: de ? 'Los geht’s' : "Let's go" }).click();
      await expect(welcome).toHaveCount(0);
      await mapReady(page);
      await expect(page.getByRole('region', { name: de ? 'Karte der Denkmäler in Auwinkel' : /Auwinkel/ })).toBeVisible();
      // The opening view, derived from the boundary (the profile names none), shows its streets: the
      // database holds nothing else.
      await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
      await saysNoLinz(page);
      await looksWhole(page, 'map', lang);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("a street of the import: its popup, a proposal counting towards the city's threshold of 3", async ({ page, api }) => {
      const street = await api.monument(SUTTNER);
      expect(street.category).toBe('street');
      const title = unique(de ? 'Gedenktafel' : 'Plaque');
      const proposal = await api.addProposal(street.id, title);
      await api.voteAsOthers(proposal.id, street.id, 1);
      await page.goto('/');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: de ? 'Los geht’s' : "Let's go" })
        .click();
      const popup = await openPopup(page, SUTTNER);
      await expect(popup.getByRole('heading', { level: 2, name: SUTTNER })).toBeVisible();
      const row = popup.getByRole('listitem').filter({ hasText: title });
      await expect(row).toContainText(de ? '1 von 3 Stimmen' : '1 of 3 votes');
      await saysNoLinz(page);
    });

    test('/stats counts its data and leaves out the register it has not; /about credits its sources and tiles', async ({
      page,
    }) => {
      await page.goto('/stats');
      await page
        .getByRole('dialog')
        .getByRole('button', { name: de ? 'Los geht’s' : "Let's go" })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(de ? 'Wen Auwinkel ehrt: die Zahlen' : /Auwinkel/);
      await expect(page.getByRole('heading', { name: de ? 'Straßennamen in Auwinkel' : /Street names in Auwinkel/ })).toHaveCount(
        0,
      );
      await expect(page.getByRole('table').first()).toBeVisible();
      await saysNoLinz(page);
      await looksWhole(page, 'stats', lang);

      await page.goto('/about');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.getByText(de ? 'OpenStreetMap-Mitwirkende (erfundene Testdaten)' : 'OpenStreetMap contributors (made-up test data)'),
      ).toBeVisible();
      await expect(page.getByText(/basemap\.at/).first()).toBeVisible();
      // Its operator's contact (its site profile); no social account, as its profile names none.
      const contact = page.getByRole('region', { name: de ? 'Kontakt' : 'Contact' });
      await expect(contact.getByRole('link', { name: /hallo@denkmal-auwinkel\.example/ })).toBeVisible();
      await expect(contact.getByRole('link', { name: /Social media/i })).toHaveCount(0);
      await saysNoLinz(page);
      await looksWhole(page, 'about', lang);

      for (const legal of ['/impressum', '/datenschutz', '/barrierefreiheit']) {
        await page.goto(legal);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await saysNoLinz(page);
      }
    });
  });
}

test('its web manifest and its page head are its own', async ({ page }) => {
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string; short_name: string };
  expect(manifest.name).toContain('Auwinkel');
  expect(JSON.stringify(manifest)).not.toMatch(/linz/i);
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('Denk·Mal Auwinkel');
  expect(html).not.toMatch(/linz/i);
});
