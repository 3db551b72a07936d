// Every screen and state of PAGES (pages.ts), in both languages, on a desktop and a 390 px phone, as a
// person sees it: one visit checks the layout (layout.ts: no clipped text, no word broken inside, nothing
// wider than the screen, no control under another) and the target size of every interactive element
// (WCAG 2.5.8); in German it also runs axe's WCAG 2.2 A/AA rules, and a second visit walks the page by
// Tab as a keyboard user arriving there (focus never hidden, 2.4.11). `pnpm screens` runs this spec with SCREENS_DIR set: it
// first takes each screen's picture there, `{id}-{phone|desktop}-{de|en}.png`.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { wcagViolations } from './axe';
import { expect, test } from './fixtures';
import { layoutFailures } from './layout';
import { PAGES, visit } from './pages';
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

/** One line per test with the WCAG counts, beside the test results. */
function record(figures: Record<string, unknown>) {
  const dir = path.resolve(import.meta.dirname, '../.tmp');
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, 'wcag-figures.jsonl'), `${JSON.stringify({ run: process.env.E2E_RUN_ID, ...figures })}\n`);
}

for (const lang of ['de', 'en'] as const) {
  test.describe(`screens (${lang})`, () => {
    test.use({ lang });
    for (const c of PAGES) {
      test(`${c.name}: layout${c.noWcag ? '' : ', WCAG 2.2'}`, async ({ page }) => {
        test.slow();
        await visit(page, c, lang);
        if (screensDir) {
          // Every map tile drawn, so the picture shows the map as a visitor sees it.
          await page.waitForFunction(() =>
            [...document.querySelectorAll('img.leaflet-tile')].every((img) => (img as HTMLImageElement).complete),
          );
          const file = `${c.id}-${test.info().project.name}-${lang}.png`;
          await page.screenshot({ path: path.join(screensDir, file), animations: 'disabled' });
        }
        const found = await layoutFailures(page);
        expect.soft(found.clipped, 'clipped text').toEqual([]);
        expect.soft(found.brokenWords, 'words broken across lines').toEqual([]);
        expect.soft(found.tooWide, 'wider than the screen').toEqual([]);
        expect.soft(found.covered, 'controls covered by others').toEqual([]);
        if (c.noWcag) return;

        // Help and contact in the same place on every page (3.2.6): the link row at the screen's foot.
        const help = page.getByRole('contentinfo').getByRole('link', { name: lang === 'de' ? 'Hilfe' : 'Help', exact: true });
        await expect(help).toBeVisible();
        const footer = await page.getByRole('contentinfo').boundingBox();
        expect(footer && Math.abs(footer.y + footer.height - (page.viewportSize()?.height ?? 0))).toBeLessThan(1);
        // Target size depends on the words' lengths: both languages. axe and the Tab walk judge the
        // page's structure, which is the same in both (the translations' test keeps every key in both):
        // once per screen and size, in German, the first language.
        const targets = await targetSizeFailures(page);
        const axe = lang === 'de' ? await wcagViolations(page) : [];
        // Tab from the start of the page, as a keyboard user arriving there: the walk blurs and scrolls
        // to the top; a map or a state reached by steps is visited again (the checks scroll inside them).
        if (lang === 'de' && (c.open || c.path === '/' || c.path.startsWith('/?'))) await visit(page, c, lang);
        const walk = lang === 'de' ? await focusWalkFailures(page) : { stops: 0, failures: [] };
        record({
          project: test.info().project.name,
          lang,
          page: c.name,
          axe: axe.length,
          targets: targets.checked,
          targetFailures: targets.failures.length,
          stops: walk.stops,
          focusFailures: walk.failures.length,
          failures: [...axe, ...targets.failures, ...walk.failures],
        });
        expect.soft(axe, 'axe WCAG 2.2 A/AA').toEqual([]);
        expect.soft(targets.failures, `target size (${targets.checked} targets)`).toEqual([]);
        expect.soft(walk.failures, `focus walk (${walk.stops} stops)`).toEqual([]);
        expect(targets.checked).toBeGreaterThan(0);
        if (lang === 'de') expect(walk.stops).toBeGreaterThan(0);
      });
    }
  });
}

test('the layout check finds each kind of failure', async ({ page }) => {
  await page.setContent(`
    <p style="width: 80px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis">Denkmalschutzbehörde der Stadt</p>
    <input style="width: 90px" placeholder="z. B. Büste von Johanna Dohnal"><input style="width: 200px" placeholder="kurz">
    <p style="width: 12em; word-break: break-all">Ein Denkmalschutzbehörde</p>
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
