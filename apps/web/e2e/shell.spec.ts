// Header, language, body classes, page transitions, intro overlay and the about page.
import type { ClientConfig } from '@linz/contract';
import { PATHS } from '@linz/contract/facts';
import { expect, mapReady, test } from './fixtures';

test.describe('header and navigation', () => {
  test('shows title, pretitle, subtitle and the icons per route (DE)', async ({ page }) => {
    await page.goto('/');
    await mapReady(page);
    const header = page.getByRole('banner');
    await expect(header.getByText('Denk·Mal Linz')).toBeVisible();
    await expect(header.getByText('Ein Kunstprojekt im öffentlichen Raum')).toBeVisible();
    await expect(header.getByText('Wer steht da? Wer sollte da stehen?')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Denk·Mal Linz', exact: true })).toHaveAttribute('href', '/');
    await expect(page.locator('body')).toHaveClass(/home-page/);
    await expect(header.getByRole('link', { name: 'Über das Projekt' })).toHaveAttribute('href', '/about');
    await expect(header.getByRole('link', { name: 'Alle Interventionen' })).toHaveAttribute('href', '/interventions');

    await header.getByRole('link', { name: 'Über das Projekt' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('body')).toHaveClass(/about-page/);
    await expect(header.getByRole('link', { name: 'Über das Projekt' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Schließen und zurück zur Karte' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Alle Interventionen' })).toBeVisible();

    await header.getByRole('link', { name: 'Alle Interventionen' }).click();
    await expect(page).toHaveURL(/\/interventions$/);
    await expect(page.locator('body')).toHaveClass(/default-page/);
    await expect(header.getByRole('link', { name: 'Alle Interventionen' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Über das Projekt' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Schließen und zurück zur Karte' })).toBeVisible();

    await page.goto('/add');
    await expect(page.locator('body')).toHaveClass(/add-page/);
    await expect(header.getByRole('link', { name: 'Über das Projekt' })).toHaveCount(0);
    await header.getByRole('link', { name: 'Schließen und zurück zur Karte' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('body')).toHaveClass(/home-page/);
  });

  test('the EN/DE selector switches every text at once, sets <html lang> and is remembered', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Über das Projekt' })).toBeVisible();
    // The map's credit as the city configured its tiles (here a mirror of basemap.at), as words.
    await expect(
      page.getByText('Kartenkacheln (Datenquelle: basemap.at), von unserem eigenen Server ausgeliefert'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Switch to English' }).click();
    await expect(page.getByText('Map tiles (Data source: basemap.at), served from our own server')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'About the project' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('An art project in public space')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch to English' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/Über das Projekt|Zurück zur Karte|Datenschutz/)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'About the project' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Auf Deutsch umschalten' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Über das Projekt' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test('each page has its own tab title: its heading and the site, in the page language; the map the site alone', async ({
  page,
}) => {
  const config = (await (await page.request.get(PATHS.clientConfig)).json()) as ClientConfig;
  const product = config.city.productName;
  await page.goto('/');
  await mapReady(page);
  await expect(page).toHaveTitle(product);
  const titles = new Set<string>();
  const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
  for (const path of ['/stats', '/monuments', '/monuments/mon-dreifaltigkeitssaeule', '/interventions', '/impressum']) {
    await page.goto(path);
    await expect(h1).toBeVisible();
    const heading = (await h1.textContent())?.trim() ?? '';
    await expect(page).toHaveTitle(`${heading} – ${product}`);
    titles.add(heading);
  }
  expect(titles.size).toBe(5);
  expect(titles).toContain('Dreifaltigkeitssäule');
  // A language change renames the page's tab too.
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const english = (await h1.textContent())?.trim() ?? '';
  expect(titles).not.toContain(english);
  await expect(page).toHaveTitle(`${english} – ${product}`);
});

test.describe('page transitions', () => {
  test.beforeEach(async ({ page }) => {
    // Record every animation the page frames start, with its duration.
    await page.addInitScript(() => {
      const log: { route: string; duration: number; keyframes: string }[] = [];
      (window as unknown as { pageAnimations: typeof log }).pageAnimations = log;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (this: Element, keyframes, options) {
        const route = (this as HTMLElement).dataset?.route;
        if (route !== undefined && this.classList.contains('page')) {
          const duration = typeof options === 'number' ? options : Number(options?.duration ?? 0);
          log.push({ route, duration, keyframes: JSON.stringify(keyframes) });
        }
        return animate.call(this, keyframes, options);
      };
    });
  });

  test('enter with a fade from the left and leave to the right over 0.4 s', async ({ page }) => {
    await page.goto('/');
    await mapReady(page);
    // Sample both pages on every frame while the transition runs.
    await page.evaluate(() => {
      const samples: { t: number; route: string; leaving: boolean; opacity: number; x: number }[] = [];
      (window as unknown as { samples: typeof samples }).samples = samples;
      const start = performance.now();
      const tick = () => {
        for (const el of document.querySelectorAll<HTMLElement>('.page')) {
          const style = getComputedStyle(el);
          samples.push({
            t: performance.now() - start,
            route: el.dataset.route ?? '',
            leaving: el.classList.contains('page--leaving'),
            opacity: Number(style.opacity),
            x: new DOMMatrix(style.transform).m41,
          });
        }
        if (performance.now() - start < 2500) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.getByRole('link', { name: 'Über das Projekt' }).click();
    await expect(page.locator('.page')).toHaveCount(1, { timeout: 2500 });
    type Sample = { t: number; route: string; leaving: boolean; opacity: number; x: number };
    const sampled = () => page.evaluate(() => (window as unknown as { samples: Sample[] }).samples);
    // Until a frame shows the new page at rest (the page's animations have ended by then).
    await expect
      .poll(async () => (await sampled()).filter((s) => s.route === '/about').at(-1))
      .toMatchObject({ opacity: 1, x: 0 });
    const samples = await sampled();
    const entering = samples.filter((s) => s.route === '/about');
    const leaving = samples.filter((s) => s.route === '/' && s.leaving);
    // Enters faded and from the left, leaves faded and to the right. The fade runs as a browser
    // animation (checked from its keyframes below); sampled frames show it was under way.
    expect(Math.min(...entering.map((s) => s.opacity))).toBeLessThan(1);
    // Under heavy CPU load a sampled frame can miss one side's slide; require at least one.
    const slidIn = Math.min(...entering.map((s) => s.x)) < -10;
    const slidOut = Math.max(...leaving.map((s) => s.x)) > 10;
    expect(slidIn || slidOut).toBe(true);
    expect(Math.min(...entering.map((s) => s.x))).toBeLessThanOrEqual(0);
    expect(Math.max(...leaving.map((s) => s.x))).toBeGreaterThanOrEqual(0);
    expect(entering.at(-1)).toMatchObject({ opacity: 1, x: 0 });
    // Both fades are set to 0.4 s, from 0 to 1 and from 1 to 0 (read from the animations started,
    // not from the wall clock, which a busy machine stretches).
    const durations = await page.evaluate(
      () => (window as unknown as { pageAnimations: { route: string; duration: number; keyframes: string }[] }).pageAnimations,
    );
    expect(durations.filter((a) => a.route === '/about').map((a) => [a.duration, JSON.parse(a.keyframes)])).toContainEqual([
      400,
      { opacity: [0, 1] },
    ]);
    expect(durations.filter((a) => a.route === '/').map((a) => [a.duration, JSON.parse(a.keyframes)])).toContainEqual([
      400,
      { opacity: [1, 0] },
    ]);
  });

  test('are instant when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/about');
    await page.getByRole('link', { name: 'Alle Interventionen' }).click();
    await expect(page.locator('.page[data-route="/interventions"]')).toHaveCSS('opacity', '1');
    await expect(page.locator('.page')).toHaveCount(1);
    const durations = await page.evaluate(() => (window as unknown as { pageAnimations: { duration: number }[] }).pageAnimations);
    expect(durations.filter((a) => a.duration > 0)).toEqual([]);
  });
});

test.describe('intro overlay', () => {
  test.use({ seenIntro: false });

  test('shows on a first visit, can be dismissed and stays away', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Willkommen!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Experiment zur Gestaltung deiner Umgebung');
    await dialog.getByRole('button', { name: 'Los geht’s' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await mapReady(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('intro overlay from the help', () => {
  test.use({ seenIntro: false });

  test('the help page shows it again, with the mouse tip on a desktop; it stays dismissed', async ({ page }) => {
    await page.goto('/about');
    const dialog = page.getByRole('dialog', { name: 'Willkommen!' });
    await dialog.getByRole('button', { name: 'Los geht’s' }).click();
    await expect(dialog).toBeHidden();
    const again = page.getByRole('button', { name: 'Einführung noch einmal zeigen' });
    await again.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Klicke mit der rechten Maustaste auf die Karte');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(again).toBeFocused();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Über das Projekt' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('intro overlay in English', () => {
  test.use({ seenIntro: false, lang: 'en' });

  test('shows the English text and Escape dismisses it for good', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Welcome!' });
    await expect(dialog).toContainText('experiment in shaping your environment');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.reload();
    await mapReady(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('about page', () => {
  for (const lang of ['de', 'en'] as const) {
    test.describe(lang, () => {
      test.use({ lang });
      test(`has the project, artist, credits, privacy and contact sections (${lang})`, async ({ page }) => {
        await page.goto('/about');
        const de = lang === 'de';
        await expect(page.getByRole('heading', { level: 1, name: de ? 'Über das Projekt' : 'About the project' })).toBeVisible();
        await expect(page.locator('.about > p')).toHaveCount(3);
        const artist = page.getByRole('region', { name: de ? 'Die Künstler:innen' : 'The artists' });
        await expect(artist.getByRole('paragraph')).toHaveCount(2);
        const credits = page.getByRole('region', { name: de ? 'Quellen und Lizenzen' : 'Credits and data sources' });
        await expect(credits).toContainText('Leaflet');
        await expect(credits).toContainText('BSD-2-Clause');
        // The tiles as the city configured them (here a mirror of basemap.at), not a fixed service.
        await expect(credits).toContainText(de ? 'Datenquelle: basemap.at' : 'Data source: basemap.at');
        await expect(credits).not.toContainText('OpenStreetMap');
        // Each of the city profile's sources, named and licensed in the page's language.
        const config = (await (await page.request.get(PATHS.clientConfig)).json()) as ClientConfig;
        expect(config.city.sources.length).toBeGreaterThan(0);
        for (const source of config.city.sources)
          await expect(credits).toContainText(`${source.name[lang]} (${source.licence[lang]})`);
        const privacy = page.getByRole('region', { name: de ? 'Datenschutz' : 'Privacy' });
        await expect(privacy).toContainText(de ? 'keine Konten' : 'no accounts');
        await expect(
          privacy.getByRole('link', { name: de ? 'Zur Datenschutzerklärung' : 'Read the privacy notice' }),
        ).toHaveAttribute('href', '/datenschutz');
        const contact = page.getByRole('region', { name: de ? 'Kontakt' : 'Contact' });
        await expect(contact.getByRole('link', { name: /\+43 732 000 000/ })).toHaveAttribute('href', 'tel:+43732000000');
        await expect(contact.getByRole('link', { name: /hallo@denkmal-linz\.example/ })).toHaveAttribute(
          'href',
          'mailto:hallo@denkmal-linz.example',
        );
        await expect(contact.getByRole('link', { name: /@denkmal\.linz/ })).toBeVisible();
        // The shipped example profile names no web address of the operator: no link to nowhere.
        await expect(contact.getByRole('link', { name: /^Website/ })).toHaveCount(0);
        await expect(contact).toContainText('© 2026');
        await expect(page.getByRole('link', { name: de ? 'Zurück zur Karte' : 'Back to the map', exact: true })).toHaveCount(2);
      });
    });
  }
});
