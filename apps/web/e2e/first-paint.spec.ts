// A first visit draws its text in the product's font from its first paint: index.html asks for the
// three weights beside the script (scripts/font-preload.ts), so the intro, a first visit's largest
// text, does not re-wrap and move when the font arrives (Lighthouse: layout shift 0.081 on a
// street's view before, 0 after; docs/performance.md).
import { expect, test } from './fixtures';

test.use({ seenIntro: false });

declare global {
  interface Window {
    firstPaint?: { fontReady: boolean | null; shifts: number[] };
  }
}

for (const path of ['/monuments/mon-adalbert-stifter-platz', '/interventions', '/']) {
  test(`${path}: the intro shows in Noto Sans from the start, and nothing moves`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: NonNullable<Window['firstPaint']> = { fontReady: null, shifts: [] };
      window.firstPaint = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) seen.shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
      // Whether the font was there when the intro was put on the page (before it was painted).
      new MutationObserver((_changes, observer) => {
        if (!document.querySelector('dialog.intro')) return;
        seen.fontReady = ['400', '600', '700'].every((weight) => document.fonts.check(`${weight} 16px "Noto Sans"`));
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    await expect(page.getByRole('dialog', { name: 'Willkommen!' })).toBeVisible();
    expect(await page.evaluate(() => window.firstPaint?.fontReady)).toBe(true);
    if (path.startsWith('/monuments/')) await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => window.firstPaint?.shifts.reduce((a, b) => a + b, 0))).toBeLessThan(0.01);
  });
}
