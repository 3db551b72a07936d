// pnpm bench:web: the first-load JavaScript budget, then Lighthouse 12 mobile (default simulated
// throttling) on /, /interventions, a monument's view and a street's view, 3 runs each (BENCH_RUNS), median and range. Everything is local:
// the API (fresh temporary database) serves the production build, and a small tile server of our
// own answers every tile with one PNG, so nothing goes to the internet; / again at 50,000 monuments
// across Austria. Then the map at 42, 10,000 and 50,000 monuments: the data before the markers, time
// to markers and main-thread tasks while panning and zooming (bench-map.mjs).
import { chromium } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { benchMap } from './bench-map.mjs';
import { root, startApi, startTiles, synthetic } from './bench-server.mjs';
import { measure, table } from './js-budget.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The pages measured. The monument view (another piece of work) is skipped while its address
 * still shows the monument list (its filters) or the not-found page. */
const PAGES = [
  { path: '/' },
  { path: '/interventions' },
  {
    path: '/monuments/mon-dreifaltigkeitssaeule',
    missing: '.finder-controls, h1:text-matches("^(Diese Seite gibt es nicht|This page does not exist)")',
  },
  // A street's view (issue 54): whom it is named after, the register's links.
  {
    path: '/monuments/mon-adalbert-stifter-platz',
    missing: '.finder-controls, h1:text-matches("^(Diese Seite gibt es nicht|This page does not exist)")',
  },
];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

/** One Lighthouse run; a run whose trace broke (NO_NAVSTART and the like, "run Lighthouse again",
 * seen on a busy machine) is run again, up to 3 times in all. */
async function lighthouse(url, attempts = 3) {
  try {
    return await lighthouseOnce(url);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.error(`  again after: ${String(error.message).split('\n')[0].slice(0, 160)}`);
    return lighthouse(url, attempts - 1);
  }
}

/** A child process's exit status and output. Not spawnSync: the tile upstream (startTiles) runs in
 * this process and must answer while Lighthouse loads the page; blocked, every map tile failed
 * with the API's 504 after its 2.5 s upstream timeout, and the marker data queued behind them. */
function run(bin, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status) =>
      resolve({ status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
}

async function lighthouseOnce(url) {
  const bin = path.join(root, 'node_modules/.bin/lighthouse');
  const result = await run(
    bin,
    [
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance,accessibility,best-practices',
    ],
    { env: { ...process.env, CHROME_PATH } },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}: ${result.stderr}`);
  const report = JSON.parse(result.stdout);
  // BENCH_REPORT_DIR=... keeps each full report for a closer look (the LCP element, the chains).
  if (process.env.BENCH_REPORT_DIR)
    writeFileSync(
      path.join(process.env.BENCH_REPORT_DIR, `${new URL(url).pathname.replace(/\W/g, '_')}-${Date.now()}.json`),
      result.stdout,
    );
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  const { categories: c, audits: a } = report;
  // A measurement of a broken page is no measurement: every map tile and every answer arrived.
  const failed = a['network-requests'].details.items.filter((r) => r.statusCode >= 400 || r.statusCode <= 0);
  if (failed.length > 0)
    throw new Error(`${failed.length} requests failed on ${url}: ${failed.map((r) => `${r.statusCode} ${r.url}`).join(', ')}`);
  return {
    performance: c.performance.score,
    accessibility: c.accessibility.score,
    bestPractices: c['best-practices'].score,
    lcpMs: a['largest-contentful-paint'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    transferKiB: a['total-byte-weight'].numericValue / 1024,
    tbtMs: a['total-blocking-time'].numericValue,
    // Lighthouse's own measure of the CPU it ran on (a fixed piece of JavaScript, higher is faster):
    // simulated throttling multiplies the time it observes by 4, so the other figures move with it.
    benchmarkIndex: report.environment.benchmarkIndex,
  };
}

/** Whether the page at `url` shows what `missing` matches, once its first heading is there. */
async function shows(url, missing) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.locator('h1').first().waitFor({ timeout: 60_000 });
    return (await page.locator(missing).count()) > 0;
  } finally {
    await browser.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const METRICS = [
  ['performance', (v) => v.toFixed(2), '>= 0.90'],
  ['accessibility', (v) => v.toFixed(2), '1.00'],
  ['bestPractices', (v) => v.toFixed(2), '>= 0.95'],
  ['lcpMs', (v) => `${(v / 1000).toFixed(2)} s`, '<= 2.5 s'],
  ['cls', (v) => v.toFixed(3), '<= 0.05'],
  ['tbtMs', (v) => `${Math.round(v)} ms`, '<= 200 ms'],
  ['transferKiB', (v) => `${v.toFixed(0)} KiB`, ''],
  ['benchmarkIndex', (v) => v.toFixed(0), ''],
];

function report(page, runs) {
  console.log(`\nLighthouse 12 mobile, ${page} (${runs.length} runs: median [min - max])`);
  for (const [key, fmt, target] of METRICS) {
    const xs = runs.map((r) => r[key]);
    const cell = `${fmt(median(xs))} [${fmt(Math.min(...xs))} - ${fmt(Math.max(...xs))}]`;
    console.log(`  ${key.padEnd(14)} ${cell.padEnd(34)} ${target && `target ${target}`}`);
  }
}

spawnSync('node', [path.join(root, 'scripts/ensure-build.mjs')], { stdio: 'inherit' });
console.log(`JavaScript a phone fetches before the first marker shows (/, a new visitor):\n${table(await measure())}`);

const tiles = await startTiles();
const { baseUrl, stop } = await startApi({ tilePort: tiles.port, name: 'bench-web' });
let stopped = false;
try {
  console.log(
    `\nConditions: ${RUNS} runs per page, Lighthouse default mobile emulation and simulated throttling, ` +
      `Chromium ${CHROME_PATH}, load average ${(await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  // BENCH_PAGES=/interventions,/monuments/… measures those pages alone (a closer look at one).
  const only = process.env.BENCH_PAGES?.split(',');
  for (const { path: page, missing } of PAGES.filter((p) => !only || only.includes(p.path))) {
    if (missing && (await shows(`${baseUrl}${page}`, missing))) {
      console.log(`\n${page}: not built yet, skipped`);
      continue;
    }
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(`${baseUrl}${page}`));
    report(page, runs);
  }
  await stop();
  stopped = true;
  // The map holds only what is in view: / at 50,000 monuments across Austria (BENCH_LIGHTHOUSE_LARGE=0 skips it).
  if (process.env.BENCH_LIGHTHOUSE_LARGE !== '0') {
    const large = await startApi({ tilePort: tiles.port, name: 'bench-web-large', prepare: synthetic(50_000, 'austria') });
    try {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(`${large.baseUrl}/`));
      report('/ at 50,000 monuments (the shipped seed + synthetic across Austria)', runs);
    } finally {
      await large.stop();
    }
  }
} finally {
  if (!stopped) await stop();
  tiles.close();
}

// The map at 42 and at 10,000 monuments (scripts/bench-map.mjs); BENCH_MAP=0 skips it.
if (process.env.BENCH_MAP !== '0') await benchMap();
