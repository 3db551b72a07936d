// Keyboard users reach the language selector, markers, the popup and its form; focus is visible.
import { expect, mapReady, openPopup, test, unique } from './fixtures';

test('keyboard: language selector, a marker, the popup and its form are reachable; focus is visible', async ({ page, api }) => {
  // The Hessendenkmal shares its spot with another monument: openPopup reloads closer and opens their cluster first.
  test.setTimeout(90_000);
  const monument = await api.monument('Hessendenkmal');
  const proposal = await api.addProposal(monument.id, unique('Per Tastatur'));
  await page.goto('/');
  await mapReady(page);
  const reached = new Set<string>();
  for (let i = 0; i < 20 && !reached.has('marker'); i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        label: el?.getAttribute('aria-label') ?? el?.getAttribute('alt') ?? '',
        marker: el?.classList.contains('leaflet-marker-icon') ?? false,
        outline: el ? getComputedStyle(el).outlineStyle : 'none',
      };
    });
    if (info.label === 'Switch to English') reached.add('lang');
    if (info.marker) reached.add('marker');
    expect(info.outline, `focus ring on ${info.label}`).not.toBe('none');
  }
  expect([...reached].sort()).toEqual(['lang', 'marker']);
  const popup = await openPopup(page, 'Hessendenkmal');
  await expect(popup.getByRole('heading', { name: 'Hessendenkmal' })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await popup.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const vote = popup.getByRole('button', { name: `Für „${proposal.name}“ stimmen` });
  await vote.focus();
  await page.keyboard.press('Enter');
  await expect(popup.getByRole('status')).toHaveText('Deine Stimme wurde gezählt!');
  await popup.getByRole('textbox', { name: 'Dein Vorschlag' }).focus();
  await page.keyboard.type('Getippt');
  await page.keyboard.press('Enter');
  await expect(popup.getByRole('listitem').first()).toContainText('Getippt');
  await page.keyboard.press('Escape');
  await expect(page.locator('.leaflet-popup')).toHaveCount(0);
  // Escape on the popup's × (Leaflet's, outside the popup's content) closes it too, and focus goes
  // back to the marker, not to the page's body.
  await openPopup(page, 'Hessendenkmal');
  const close = page.locator('.leaflet-popup-close-button');
  await expect(close).toHaveAccessibleName('Schließen');
  await close.focus();
  await page.keyboard.press('Escape');
  await expect(page.locator('.leaflet-popup')).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement?.classList.contains('leaflet-marker-icon'))).toBe(true);
});

test('zooming out by keyboard draws the monuments that come into view; focusing one scrolls neither the map box nor the page', async ({
  page,
  api,
}) => {
  // Far east of the Linz view the map opens with: the map holds only what is in view, so it is not drawn at first.
  const monument = await api.addMonument(unique('Fern'), 48.3, 14.41);
  await page.goto('/');
  await mapReady(page);
  const map = page.locator('.leaflet-container');
  // Counts scrolls of the map box or anything around it (scroll events do not bubble; capture does).
  await page.evaluate(() => {
    (window as unknown as { scrolls: string[] }).scrolls = [];
    document.addEventListener(
      'scroll',
      (event) => (window as unknown as { scrolls: string[] }).scrolls.push(String((event.target as Element).className)),
      true,
    );
  });
  const marker = page.getByRole('button', { name: new RegExp(`^${monument.name} \\(`) });
  await expect(marker).toHaveCount(0);
  await map.focus();
  for (const zoom of [13, 12, 11]) {
    await page.keyboard.press('Minus');
    await expect.poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('mapView') ?? '{}').zoom)).toBe(zoom);
    await expect(page.locator('.leaflet-container[aria-busy="false"]')).toBeVisible();
  }
  await marker.focus();
  const inside = async () => {
    const [m, c] = await Promise.all([marker.boundingBox(), map.boundingBox()]);
    return !!m && !!c && m.x >= c.x && m.y >= c.y && m.x + m.width <= c.x + c.width && m.y + m.height <= c.y + c.height;
  };
  await expect.poll(inside).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.locator('.leaflet-popup').getByRole('heading', { level: 2, name: monument.name })).toBeVisible();
  expect(await map.evaluate((el) => [el.scrollLeft, el.scrollTop])).toEqual([0, 0]);
  expect(await page.evaluate(() => (window as unknown as { scrolls: string[] }).scrolls)).toEqual([]);
});
