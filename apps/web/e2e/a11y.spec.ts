// axe-core on every route and on the open popup (desktop and phone); keyboard reachability.
import AxeBuilder from '@axe-core/playwright';
import { expect, mapReady, openPopup, test, type Page } from './fixtures';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const lang of ['de', 'en'] as const) {
  test.describe(`axe (${lang})`, () => {
    test.use({ lang });
    for (const route of ['/', '/about', '/add', '/interventions']) {
      test(`${route} has no serious or critical violations`, async ({ page }) => {
        await page.goto(route);
        if (route === '/') await mapReady(page);
        await expect(page.getByRole('heading', { level: 1 }).or(page.locator('.leaflet-marker-icon').first())).toBeVisible();
        // One page, settled (a page that is still leaving would be checked too).
        await expect(page.locator('.page')).toHaveCount(1);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the open popup with a list has no serious or critical violations', async ({ page, api }) => {
      const monument = await api.monument('Hessendenkmal');
      await api.addIntervention(monument.id, `Barrierefrei ${lang}`);
      await page.goto('/');
      await mapReady(page);
      const popup = await openPopup(page, lang === 'de' ? 'Hessendenkmal' : 'Hessen Regiment Memorial');
      await expect(popup.getByRole('listitem').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe('intro overlay', () => {
  test.use({ seenIntro: false });
  test('has no serious or critical violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
