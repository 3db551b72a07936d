// A phone's first load: the JavaScript a real browser fetches from navigation until the first
// marker shows (each request's start against the moment the marker entered the page, both taken by
// the browser), counted as it comes over the wire (each script response's encoded body, asked for
// as gzip). Chromium (Playwright) opens / as a new visitor on a phone against the built API
// serving the built web app (a fresh database, a local tile upstream: bench-server.mjs). Prints a
// per-file table and exits 1 over the budget. Run by `pnpm test` after the build; `pnpm bench:web`
// prints the same table.
import { chromium } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { startApi, startTiles } from './bench-server.mjs';

/** A phone's first load, at most (164.2 KiB on 2026-11-26, docs/performance.md). */
export const BUDGET_KIB = 170;
const CHROME_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** A phone (Lighthouse's mobile size). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Opens / in `browser` at `baseUrl` as a new visitor; the JavaScript whose fetch started before the first marker showed. */
export async function scriptsBeforeFirstMarker(browser, baseUrl) {
  // The budget is in gzip: the browser asks for gzip only (the server would send brotli, smaller).
  const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  try {
    // The moment the first marker enters the page, taken in the page itself (a DOM observer runs
    // before the next paint): what this script learns later over the wire, however slowly, is then
    // sorted by when each request started, not by when this script heard of it.
    await context.addInitScript(() => {
      new globalThis.MutationObserver((_, observer) => {
        if (!globalThis.document.querySelector('.leaflet-marker-icon')) return;
        globalThis.__firstMarkerAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      }).observe(globalThis.document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const scripts = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r);
    });
    await page.goto(`${baseUrl}/`);
    const firstMarkerAt = await (
      await page.waitForFunction(() => globalThis.__firstMarkerAt, null, { polling: 'raf', timeout: 120_000 })
    ).jsonValue();
    // Every request started before the marker has been reported once the network has been quiet a moment.
    await page.waitForLoadState('networkidle');
    const rows = [];
    for (const request of scripts) {
      const response = await request.response();
      if (!response) continue;
      await response.finished();
      if (request.timing().startTime > firstMarkerAt) continue;
      rows.push({
        file: new URL(request.url()).pathname,
        encoding: (await response.headerValue('content-encoding')) ?? '-',
        wire: (await request.sizes()).responseBodySize,
      });
    }
    return rows;
  } finally {
    await context.close();
  }
}

/** Starts the built app, counts, stops. */
export async function measure() {
  // The browser first: a browser that cannot start leaves no API server behind.
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  const tiles = await startTiles();
  try {
    const api = await startApi({ tilePort: tiles.port, name: 'js-budget' });
    try {
      const rows = await scriptsBeforeFirstMarker(browser, api.baseUrl);
      return { rows, total: rows.reduce((sum, r) => sum + r.wire, 0) };
    } finally {
      await api.stop();
    }
  } finally {
    await browser.close();
    tiles.close();
  }
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

export function table({ rows, total }) {
  const width = Math.max(5, ...rows.map((r) => r.file.length));
  const line = (a, b, c) => `${a.padEnd(width)}  ${b.padStart(8)}  ${c.padStart(11)}`;
  return [
    line('file', 'encoding', 'on the wire'),
    ...rows.map((r) => line(r.file, r.encoding, kib(r.wire))),
    line(`total (${rows.length} files)`, '', kib(total)),
    `budget: ${BUDGET_KIB} KiB (${total <= BUDGET_KIB * 1024 ? 'met' : 'OVER'})`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measure();
  console.log(`JavaScript a phone fetches before the first marker shows (/, a new visitor):\n${table(result)}`);
  if (result.rows.length === 0) {
    console.error('no scripts seen');
    process.exit(1);
  }
  if (result.total > BUDGET_KIB * 1024) {
    console.error(`over the budget: ${kib(result.total)} > ${BUDGET_KIB} KiB`);
    process.exit(1);
  }
}
