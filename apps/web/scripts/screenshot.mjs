// The README's picture of the map on a phone (docs/img/map-phone.png): the built app on a fresh
// database with the local stand-in tiles (nothing goes to the internet), in Debian's Chromium at
// 390 × 844. Run `pnpm build` first, then `node apps/web/scripts/screenshot.mjs [file]`.
import { chromium } from '@playwright/test';
import path from 'node:path';
import { root, startApi, startTiles } from './bench-server.mjs';

const out = path.resolve(process.argv[2] ?? path.join(root, '../../docs/img/map-phone.png'));
const tiles = await startTiles();
const api = await startApi({ tilePort: tiles.port, name: 'screenshot' });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
  });
  // A returning visitor: the welcome overlay would cover the map.
  await context.addInitScript(() => localStorage.setItem('introSeen', 'true'));
  const page = await context.newPage();
  await page.goto(api.baseUrl);
  // The map's data tiles all answered (aria-busy off) and every map tile image drawn.
  await page.locator('.leaflet-container[aria-busy="false"] .leaflet-marker-icon').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => [...globalThis.document.querySelectorAll('img.leaflet-tile')].every((img) => img.complete));
  await page.screenshot({ path: out, animations: 'disabled' });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await api.stop();
  tiles.close();
}
