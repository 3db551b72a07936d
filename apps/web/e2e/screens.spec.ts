// Every screen and state of PAGES (pages.ts) on a desktop and a 390 px phone, in German and then in
// English in the same tab, as a visitor switches with the header's button (a state reached by steps is
// reached again in English): in each language the layout check (layout.ts: no clipped text, no word
// broken inside, nothing wider than the screen, no control under another) and the target size of every
// interactive element (WCAG 2.5.8); in German also axe's WCAG 2.2 A/AA rules and a walk by Tab as a
// keyboard user arriving there (focus never hidden, 2.4.11). `pnpm screens` runs this spec with
// SCREENS_DIR set: it first takes each screen's picture there, `{id}-{phone|desktop}-{de|en}.png`.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { wcagViolations } from './axe';
import { expect, mapReady, popupSettled, test, type Page } from './fixtures';
import { APP_FONT_STYLE } from './font';
import { layoutFailures } from './layout';
import { PAGES, visit, type Lang, type PageCase } from './pages';
import { focusWalkFailures, targetSizeFailures } from './wcag';

/** Where `pnpm screens` wants the pictures (scripts/screens.mjs); unset in a test run. */
const screensDir = process.env.SCREENS_DIR;

test.use({
  // Playwright reads which fixtures a fixture uses from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  viewport: async ({}, use, testInfo) =>
    use(testInfo.project.name === 'phone' ? { width: 390, height: 844 } : (testInfo.project.use.viewport ?? null)),
  deviceScaleFactor: 1,
});

/** One line per test and language with the WCAG counts, beside the test results. */
function record(figures: Record<string, unknown>) {
  const dir = path.resolve(import.meta.dirname, '../.tmp');
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, 'wcag-figures.jsonl'), `${JSON.stringify({ run: process.env.E2E_RUN_ID, ...figures })}\n`);
}

const isMap = (c: PageCase) => c.path === '/' || c.path.startsWith('/?');

/**
 * Every text in `lang`, as a visitor changes it: the header's language button where the screen has
 * one (a modal such as the intro makes the header inert, so it is pressed as a script would). A new
 * visit (`again`, or no button) reaches the screen anew in that language, the remembered choice.
 */
async function switchTo(page: Page, c: PageCase, lang: Lang, again: boolean) {
  const pressed = await page.evaluate((lang) => {
    const button = document.querySelector<HTMLButtonElement>(`.lang-selector__option[lang="${lang}"]`);
    button?.click();
    return button !== null;
  }, lang);
  if (!pressed) await page.evaluate((lang) => localStorage.setItem('lang', lang), lang);
  // The app keeps the choice as it sets <html lang> (once the texts have changed): a new visit before
  // that would come back in the language before.
  else await expect(page.locator('html')).toHaveAttribute('lang', lang);
  if (again || !pressed) await visit(page, c, lang);
  // The checks before scrolled the page and the boxes inside it (a popup's list): back to their
  // start, as a visitor arriving sees them.
  else
    await page.evaluate(() => {
      for (const el of [document.scrollingElement, ...document.querySelectorAll('*')])
        if (el && (el.scrollTop || el.scrollLeft)) el.scrollTo(0, 0);
    });
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  // The map draws its markers anew in the new language, a batch per frame, and then hides those a
  // control covers: the checks wait for the end of that drawing (online: offline, the offline
  // popup's map keeps what it has).
  if ((c.path.startsWith('/?') || c.path === '/') && (await page.evaluate(() => navigator.onLine))) await mapReady(page);
  if (c.path.includes('monument=')) await popupSettled(page);
}

/** The picture (for `pnpm screens`), the layout check and the target sizes of the screen as it is now. */
async function checkScreen(page: Page, c: PageCase, lang: Lang) {
  if (screensDir) {
    // Every map tile drawn, so the picture shows the map as a visitor sees it.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('img.leaflet-tile')].every((img) => (img as HTMLImageElement).complete),
    );
    const file = `${c.id}-${test.info().project.name}-${lang}.png`;
    await page.screenshot({ path: path.join(screensDir, file), animations: 'disabled' });
  }
  const found = await layoutFailures(page);
  expect.soft(found.clipped, `clipped text (${lang})`).toEqual([]);
  expect.soft(found.brokenWords, `words broken across lines (${lang})`).toEqual([]);
  expect.soft(found.tooWide, `wider than the screen (${lang})`).toEqual([]);
  expect.soft(found.covered, `controls covered by others (${lang})`).toEqual([]);
  if (c.noWcag) return;
  // Help and contact in the same place on every page (3.2.6): the link row at the screen's foot.
  const help = page.getByRole('contentinfo').getByRole('link', { name: lang === 'de' ? 'Hilfe' : 'Help', exact: true });
  await expect(help).toBeVisible();
  const footer = await page.getByRole('contentinfo').boundingBox();
  expect(footer && Math.abs(footer.y + footer.height - (page.viewportSize()?.height ?? 0))).toBeLessThan(1);
  // Target size depends on the words' lengths: both languages.
  const targets = await targetSizeFailures(page);
  expect.soft(targets.failures, `target size (${targets.checked} targets, ${lang})`).toEqual([]);
  expect(targets.checked).toBeGreaterThan(0);
  // axe judges the page's structure, which is the same in both languages (the translations' test
  // keeps every key in both): once per screen and size, in German, the first language.
  const axe = lang === 'de' ? await wcagViolations(page) : [];
  expect.soft(axe, 'axe WCAG 2.2 A/AA').toEqual([]);
  return { targets, axe };
}

for (const c of PAGES) {
  test(`${c.name}: layout in German and English${c.noWcag ? '' : ', WCAG 2.2'}`, async ({ page }) => {
    test.slow();
    await visit(page, c, 'de');
    const de = await checkScreen(page, c, 'de');
    // A screen reached by steps (a form sent, a mail's link followed) is reached again in English,
    // so that the server's answers are English too.
    await switchTo(page, c, 'en', c.open !== undefined);
    const en = await checkScreen(page, c, 'en');
    if (!de || !en) return;
    // Tab from the start of the page, in German, as a keyboard user arriving there: the walk blurs and
    // scrolls to the top; a map or a state reached by steps is visited again (the checks scroll inside them).
    await switchTo(page, c, 'de', c.open !== undefined || isMap(c));
    const walk = await focusWalkFailures(page);
    expect.soft(walk.failures, `focus walk (${walk.stops} stops)`).toEqual([]);
    expect(walk.stops).toBeGreaterThan(0);
    const project = test.info().project.name;
    for (const [lang, figures, stops, focus] of [
      ['de', de, walk.stops, walk.failures],
      ['en', en, 0, []],
    ] as const) {
      record({
        project,
        lang,
        page: c.name,
        axe: figures.axe.length,
        targets: figures.targets.checked,
        targetFailures: figures.targets.failures.length,
        stops,
        focusFailures: focus.length,
        failures: [...figures.axe, ...figures.targets.failures, ...focus],
      });
    }
  });
}

test('the layout check finds each kind of failure', async ({ page }) => {
  // Drawn in the app's font (a browser default differs between machines): "Ein Denkmalschutzbehörde"
  // is 210 px wide, the word alone 183 px, so at 200 px the word would fit a line of its own.
  await page.setContent(`${APP_FONT_STYLE}
    <p style="width: 80px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis">Denkmalschutzbehörde der Stadt</p>
    <input style="width: 90px" placeholder="z. B. Büste von Johanna Dohnal"><input style="width: 200px" placeholder="kurz">
    <p style="width: 200px; word-break: break-all">Ein Denkmalschutzbehörde</p>
    <p style="width: 40px; overflow-wrap: anywhere">https://www.linz.at/denkmalschutz</p>
    <div style="width: 3000px">breit</div>
    <button style="position: relative">Abstimmen</button>
    <div style="position: relative; top: -24px; height: 40px; background: white">darüber</div>`);
  const found = await layoutFailures(page);
  expect(found.clipped).toEqual([
    expect.stringContaining('Denkmalschutzbehörde der Stadt'),
    expect.stringContaining('z. B. Büste von Johanna Dohnal'),
  ]);
  // A word that would fit its line is broken; a token longer than its line may be.
  expect(found.brokenWords).toEqual([expect.stringContaining('Denkmalschutzbehörde')]);
  expect(found.tooWide).toContainEqual(expect.stringContaining('breit'));
  expect(found.covered).toEqual([expect.stringContaining('Abstimmen')]);
});
