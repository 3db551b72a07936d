// WCAG 2.2 AA, measured on every page and state of PAGES (pages.ts) but the further states of a page it checks, in both languages, on a
// desktop and a 390 px phone: axe's WCAG 2.2 A/AA rules, a target-size check over every
// interactive element (2.5.8) and a Tab walk in which focus is never hidden (2.4.11).
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { wcagViolations } from './axe';
import { expect, test } from './fixtures';
import { PAGES, visit } from './pages';
import { focusWalkFailures, targetSizeFailures } from './wcag';

test.use({
  // Playwright reads which fixtures a fixture uses from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  viewport: async ({}, use, testInfo) =>
    use(testInfo.project.name === 'phone' ? { width: 390, height: 844 } : (testInfo.project.use.viewport ?? null)),
});

/** One line per test with the counts (the figures the issue asks for), beside the test results. */
function record(figures: Record<string, unknown>) {
  const dir = path.resolve(import.meta.dirname, '../.tmp');
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, 'wcag-figures.jsonl'), `${JSON.stringify({ run: process.env.E2E_RUN_ID, ...figures })}\n`);
}

for (const lang of ['de', 'en'] as const) {
  test.describe(`WCAG 2.2 (${lang})`, () => {
    test.use({ lang });
    for (const c of PAGES.filter((c) => !c.noWcag)) {
      test(`${c.name}: axe, target size, focus not obscured`, async ({ page }) => {
        test.slow();
        await visit(page, c, lang);
        // Help and contact in the same place on every page (3.2.6): the link row at the screen's foot.
        const help = page.getByRole('contentinfo').getByRole('link', { name: lang === 'de' ? 'Hilfe' : 'Help', exact: true });
        await expect(help).toBeVisible();
        const footer = await page.getByRole('contentinfo').boundingBox();
        expect(footer && Math.abs(footer.y + footer.height - (page.viewportSize()?.height ?? 0))).toBeLessThan(1);
        const axe = await wcagViolations(page);
        const targets = await targetSizeFailures(page);
        // Tab from the start of the page, as a keyboard user arriving there.
        await visit(page, c, lang);
        const walk = await focusWalkFailures(page);
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
        expect(walk.stops).toBeGreaterThan(0);
      });
    }
  });
}
