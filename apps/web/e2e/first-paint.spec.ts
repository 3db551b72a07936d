// A first visit draws its text in the product's font from its first paint: index.html asks for the
// three weights beside the script (scripts/font-preload.ts), so the intro, a first visit's largest
// text, does not re-wrap and move when the font arrives (Lighthouse: layout shift 0.081 on a
// street's view before, 0 after; docs/performance.md).
import { expect, test } from './fixtures';

test.use({ seenIntro: false });

declare global {
  interface Window {
    firstPaint?: { fontReady: boolean | null; introShifts: number[] };
  }
}

for (const path of ['/monuments/mon-adalbert-stifter-platz', '/interventions', '/']) {
  test(`${path}: the intro shows in Noto Sans from the start and does not move`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: NonNullable<Window['firstPaint']> = { fontReady: null, introShifts: [] };
      window.firstPaint = seen;
      // The shifts of the intro and what is in it (the page below may still move as its data arrives).
      type Shift = PerformanceEntry & { value: number; sources?: { node?: Node | null }[] };
      const inIntro = (node: Node | null | undefined) =>
        (node instanceof Element ? node : node?.parentElement)?.closest('dialog.intro') != null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[])
          if (entry.sources?.some((s) => inIntro(s.node))) seen.introShifts.push(entry.value);
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
    expect(await page.evaluate(() => window.firstPaint?.introShifts)).toEqual([]);
  });
}

// The welcome is drawn before the page's own code is there: a monument's view is a chunk of its own,
// and on a first visit the welcome is its largest text (Lighthouse's LCP of a street's view 3.18 s
// before, 2.58 s after; docs/performance.md).
test("a monument's view shows the welcome while its chunk is still on the way", async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/MonumentView-[\w-]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto('/monuments/mon-adalbert-stifter-platz');
  await expect(page.getByRole('dialog', { name: 'Willkommen!' })).toBeVisible();
  await expect.poll(() => asked).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  release();
  await page.getByRole('button', { name: 'Los geht’s' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Adalbert-Stifter-Platz' })).toBeVisible();
});
