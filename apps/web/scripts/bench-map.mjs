// The map at scale (part of pnpm bench:web; alone: node scripts/bench-map.mjs after a build of web
// and api). For the shipped seed (42), 10,000 monuments in its area and 50,000 across Austria (pnpm
// seed:synthetic, the seed joins), each on a fresh database: open / on a phone-sized page and count
// the monument data fetched (bytes on the wire, gzip) until the markers show; then, 1280x800, record
// a performance trace (CDP Tracing, devtools.timeline) while the script pans and zooms out over
// Austria and back, and report the main thread's longest task and the tasks over 50 and 100 ms.
// The target: at most 150 KiB before the markers and no task over 100 ms at 50,000.
import { chromium } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { startApi, startTiles, synthetic } from './bench-server.mjs';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Monuments added to the city's seed, and where (synthetic: in the city's area, or spread like Austria's towns). */
const SIZES = [
  { extra: 0 },
  { extra: 10_000, region: 'city' },
  { extra: Number(process.env.BENCH_MAP_MONUMENTS ?? 50_000), region: 'austria' },
];
/** Each step: a drag of the map, or a zoom by keyboard; then the map settles. From the city at 14 out to 9 (all of Austria) and back. */
const STEPS = [
  ...['pan', 'pan', 'zoomOut', 'pan', 'zoomOut', 'pan', 'zoomOut', 'pan', 'zoomOut', 'pan', 'zoomOut', 'pan'],
  ...['zoomIn', 'pan', 'zoomIn', 'pan', 'zoomIn', 'zoomIn', 'pan', 'zoomIn', 'pan', 'zoomOut'],
];
/** The map's data: tiles, pages, the list (whatever the app asks for). */
const MONUMENT_DATA = /^\/api\/(map\/|monuments)/;
/** A phone (Lighthouse's mobile size). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const markersShown = (page) =>
  page.waitForFunction(
    () => globalThis.document.querySelector('.leaflet-container[aria-busy="false"] .leaflet-marker-icon'),
    null,
    { polling: 'raf', timeout: 120_000 },
  );

/** A phone opens /: the monument data on the wire (encoded body and headers) until the markers show. */
async function phoneOpen(browser, baseUrl) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('introSeen', 'true'));
    const responses = [];
    page.on('response', (r) => MONUMENT_DATA.test(new URL(r.url()).pathname) && responses.push(r));
    await page.goto(`${baseUrl}/`);
    await markersShown(page);
    const shownMs = await page.evaluate(() => performance.now());
    const seen = [...responses];
    let bytes = 0;
    for (const r of seen) {
      const sizes = await r.request().sizes();
      bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    }
    return { phoneShownMs: shownMs, dataRequests: seen.length, dataKiB: bytes / 1024 };
  } finally {
    await context.close();
  }
}

async function readTrace(cdp, stream) {
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  return JSON.parse(text).traceEvents ?? JSON.parse(text);
}

/** Top-level tasks (RunTask) of the renderer's main thread, in ms. */
function mainThreadTasks(events) {
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`)).map((e) => e.dur / 1000);
}

async function measure(baseUrl) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const phone = await phoneOpen(browser, baseUrl);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => localStorage.setItem('introSeen', 'true'));
    await page.goto(`${baseUrl}/`);
    await markersShown(page);
    const shownMs = await page.evaluate(() => performance.now());
    const drawnAtOpen = await page.locator('.leaflet-marker-icon').count();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] },
    });
    const box = await page.locator('.leaflet-container').boundingBox();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    let maxDrawn = drawnAtOpen;
    for (const [i, step] of STEPS.entries()) {
      if (step === 'pan') {
        const dx = (i % 2 ? 1 : -1) * 300;
        await page.mouse.move(cx, cy);
        await page.mouse.down();
        await page.mouse.move(cx + dx, cy + dx / 3, { steps: 10 });
        await page.mouse.up();
      } else {
        await page.locator('.leaflet-container').focus();
        await page.keyboard.press(step === 'zoomIn' ? 'Equal' : 'Minus');
      }
      // Leaflet's zoom animation and the redraw after it (a benchmark may wait on the clock).
      await page.waitForTimeout(600);
      maxDrawn = Math.max(maxDrawn, await page.locator('.leaflet-marker-icon').count());
    }
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    const { stream } = await done;
    const tasks = mainThreadTasks(await readTrace(cdp, stream));
    return {
      ...phone,
      shownMs,
      drawnAtOpen,
      maxDrawn,
      longestMs: Math.max(0, ...tasks),
      over50: tasks.filter((d) => d > 50).length,
      over100: tasks.filter((d) => d > 100).length,
    };
  } finally {
    await browser.close();
  }
}

async function run({ extra, region }, tilePort) {
  const { baseUrl, stop } = await startApi({ tilePort, name: 'bench-map', prepare: synthetic(extra, region) });
  try {
    const count = (await (await fetch(`${baseUrl}/api/monuments/page?limit=1`)).json()).total;
    return { count, ...(await measure(baseUrl)) };
  } finally {
    await stop();
  }
}

export async function benchMap() {
  const tiles = await startTiles();
  const tilePort = tiles.port;
  try {
    const results = [];
    for (const size of SIZES) results.push(await run(size, tilePort));
    console.log(
      `\nThe map at scale (a phone opening /; then Chromium 1280x800, ${STEPS.length} pans and zooms, trace of the renderer's main thread)`,
    );
    const rows = [
      ['monuments', (r) => String(r.count)],
      ['phone: data requests', (r) => String(r.dataRequests)],
      ['phone: data before markers', (r) => `${r.dataKiB.toFixed(1)} KiB`],
      ['phone: markers shown after', (r) => `${Math.round(r.phoneShownMs)} ms`],
      ['markers shown after', (r) => `${Math.round(r.shownMs)} ms`],
      ['elements drawn at open', (r) => String(r.drawnAtOpen)],
      ['most drawn while moving', (r) => String(r.maxDrawn)],
      ['longest task (pan/zoom)', (r) => `${r.longestMs.toFixed(1)} ms`],
      ['tasks > 50 ms', (r) => String(r.over50)],
      ['tasks > 100 ms (want 0)', (r) => String(r.over100)],
    ];
    for (const [label, cell] of rows) console.log(`  ${label.padEnd(28)} ${results.map((r) => cell(r).padStart(10)).join(' ')}`);
    return results;
  } finally {
    tiles.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchMap();
