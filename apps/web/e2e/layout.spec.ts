// The layout as a person sees it, on every screen and state of PAGES (pages.ts), in both languages, on a
// desktop and a 390 px phone: no clipped text, no word broken across lines, nothing wider than the
// screen, no control under another (layout.ts). `pnpm screens` runs this spec with SCREENS_DIR set
// and it first takes each screen's picture there, `{id}-{phone|desktop}-{de|en}.png`.
import path from 'node:path';
import { expect, test } from './fixtures';
import { layoutFailures } from './layout';
import { PAGES, visit } from './pages';

/** Where `pnpm screens` wants the pictures (scripts/screens.mjs); unset in a test run. */
const screensDir = process.env.SCREENS_DIR;

test.use({
  // Playwright reads which fixtures a fixture uses from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  viewport: async ({}, use, testInfo) =>
    use(testInfo.project.name === 'phone' ? { width: 390, height: 844 } : (testInfo.project.use.viewport ?? null)),
  deviceScaleFactor: 1,
});

for (const lang of ['de', 'en'] as const) {
  test.describe(`layout (${lang})`, () => {
    test.use({ lang });
    for (const c of PAGES) {
      test(`${c.name}: no clipped text, broken word, overflow or covered control`, async ({ page }) => {
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
      });
    }
  });
}

test('the check finds each kind of failure', async ({ page }) => {
  await page.setContent(`
    <p style="width: 80px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis">Denkmalschutzbehörde der Stadt</p>
    <p style="width: 12em; word-break: break-all">Ein Denkmalschutzbehörde</p>
    <p style="width: 40px; overflow-wrap: anywhere">https://www.linz.at/denkmalschutz</p>
    <div style="width: 3000px">breit</div>
    <button style="position: relative">Abstimmen</button>
    <div style="position: relative; top: -24px; height: 40px; background: white">darüber</div>`);
  const found = await layoutFailures(page);
  expect(found.clipped).toEqual([expect.stringContaining('Denkmalschutzbehörde der Stadt')]);
  // A word that would fit its line is broken; a token longer than its line may be.
  expect(found.brokenWords).toEqual([expect.stringContaining('Denkmalschutzbehörde')]);
  expect(found.tooWide).toContainEqual(expect.stringContaining('breit'));
  expect(found.covered).toEqual([expect.stringContaining('Abstimmen')]);
});
