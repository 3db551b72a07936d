// The privacy notice (/datenschutz): a table of each kind of data kept, why and for how long, in
// German and English, with row and column headers, and axe-clean.
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';

const expected = {
  de: {
    caption: 'Gespeicherte Daten, Zweck und Aufbewahrungsdauer',
    columns: ['Daten', 'Wozu', 'Wie lange'],
    follows: /48 Stunden/,
  },
  en: { caption: 'Data kept, its purpose and how long it is kept', columns: ['Data', 'Why', 'How long'], follows: /48 hours/ },
};

for (const lang of ['de', 'en'] as const) {
  test.describe(`privacy table (${lang})`, () => {
    test.use({ lang });
    test('lists each kind of data with its purpose and how long it is kept; no serious axe violations', async ({ page }) => {
      test.slow(); // axe over a long page on a shared, busy machine
      await page.goto('/datenschutz');
      const table = page.getByRole('table', { name: expected[lang].caption });
      await expect(table).toBeVisible();
      await expect(table.getByRole('columnheader')).toHaveText(expected[lang].columns);
      const rows = table.getByRole('row');
      await expect(rows).toHaveCount(1 + 17);
      // Every data row is named by its row header and has both cells filled.
      await expect(table.getByRole('rowheader')).toHaveCount(17);
      for (const cell of await table.locator('tbody td').all()) await expect(cell).not.toBeEmpty();
      await expect(table).toContainText(expected[lang].follows);
      await expect(table).toContainText('30');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
