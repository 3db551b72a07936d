// Tiles from our own address: the map asks no other server for anything (its tiles come from
// /tiles/ on our origin, which fetches them from the configured upstream), and credits basemap.at.
import { TILE_PATH } from '@linz/contract/facts';
import { expect, mapReady, test } from './fixtures';

test('the map loads its tiles from our own origin only and credits basemap.at', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/');
  await mapReady(page);
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();

  const tiles = await page.locator('img.leaflet-tile').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  expect(tiles.length).toBeGreaterThan(0);
  const tilePattern = new RegExp(`^${origin}${TILE_PATH.replace(/\{[zxy]\}/g, '\\d+').replace(/\./g, '\\.')}$`);
  for (const src of tiles) expect(src).toMatch(tilePattern);
  // Nothing the page asked for went anywhere else.
  expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  expect(requested.some((url) => tilePattern.test(url))).toBe(true);

  // The loaded tile is our server's answer: an image, cacheable, with an ETag.
  const answer = await page.request.get(tiles[0] ?? '');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/png');
  expect(answer.headers()['cache-control']).toMatch(/^public, max-age=\d+$/);
  expect(answer.headers().etag).toBeTruthy();
  // Outside the map's area (Berlin) there is no tile: no open proxy.
  expect((await page.request.get('/tiles/14/8801/5373.png')).status()).toBe(404);

  const attribution = page.locator('.leaflet-control-attribution');
  await expect(attribution).toContainText('Datenquelle: basemap.at');
  await expect(attribution.getByRole('link', { name: 'basemap.at' })).toHaveAttribute('href', 'https://www.basemap.at');
});
