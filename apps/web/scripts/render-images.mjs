// Renders the map marker (public/assets/denkmalMarker.png, 42x52, tip at 21,52; @2x for sharp
// screens) and the e2e
// tile fixture from SVG with Debian's chromium. Run: node scripts/render-images.mjs
import { chromium } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));

const marker = `<svg xmlns="http://www.w3.org/2000/svg" width="42" height="52" viewBox="0 0 42 52">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#8e24aa"/><stop offset="1" stop-color="#4a126c"/></linearGradient></defs>
  <path d="M21 51.5C21 51.5 3 31.5 3 19.5a18 18 0 0 1 36 0c0 12-18 32-18 32z" fill="url(#g)" stroke="#fff" stroke-width="2.5"/>
  <circle cx="21" cy="19.5" r="11" fill="#fff"/>
  <circle cx="21" cy="15.2" r="3.6" fill="#4a126c"/>
  <path d="M14.8 26.4c0-4.2 2.8-6.8 6.2-6.8s6.2 2.6 6.2 6.8z" fill="#4a126c"/>
  <rect x="13.5" y="26.4" width="15" height="2.4" rx="0.8" fill="#4a126c"/>
</svg>`;

const tile = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" fill="#f2efe9"/>
  <path d="M0 128H256M128 0V256" stroke="#ffffff" stroke-width="10"/>
  <path d="M0 128H256M128 0V256" stroke="#d9d3c7" stroke-width="1"/>
</svg>`;

async function render(page, svg, width, height, path) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path, omitBackground: true });
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const page = await browser.newPage({ deviceScaleFactor: 1 });
await render(page, marker, 42, 52, here('public/assets/denkmalMarker.png'));
await render(page, tile, 256, 256, here('e2e/fixtures/tile.png'));
const sharp = await browser.newPage({ deviceScaleFactor: 2 });
await render(sharp, marker, 42, 52, here('public/assets/denkmalMarker@2x.png'));
await browser.close();
console.log('rendered marker and tile');
