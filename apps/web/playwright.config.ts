// End-to-end tests: Debian's Chromium against the production build served by the API on a
// fresh embedded database. A missing Chromium fails the run; it is never skipped.
import { defineConfig, devices } from '@playwright/test';
import { E2E_CATEGORY } from './e2e/category';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell: the same Chromium
 * version as the `chromium` package, without the browser's windows and its omnibox, as Playwright
 * runs headless Chromium by default). Same pages, less work per test: screens.spec and map.spec on
 * the desktop took 208 s instead of 231 s with /usr/bin/chromium (2026-11-29, 2 workers, quiet
 * machine). CHROMIUM_PATH=/usr/bin/chromium runs the tests in the full browser.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium not found at ${chromiumPath}: install Debian's headless shell (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`,
  );
}

const port = Number(process.env.E2E_PORT ?? 3310);
const baseURL = `http://127.0.0.1:${port}`;
/** The e2e mayor's office (@linz/test-peers smtp-main.ts). */
const smtpPort = port + 1000;
/** The tile upstream the API fetches from (@linz/test-peers tile-upstream.ts), standing in for basemap.at. */
const tilePort = port + 2000;
/** The e2e city's identity provider (@linz/test-peers oidc-idp.ts: panva's oidc-provider). */
const idpPort = port + 3000;
const idpIssuer = `http://127.0.0.1:${idpPort}`;
/** The test peers (packages/test-peers) run as processes of their own. */
const PEER = 'pnpm --filter @linz/test-peers exec tsx';
/** Every map tile the stand-in upstream serves. */
const TILE_PNG = path.resolve(import.meta.dirname, 'e2e/fixtures/tile.png');
// The config is read again in each worker; only the main process starts the server.
const dataDir = path.resolve(
  import.meta.dirname,
  `.tmp/e2e-${process.env.E2E_RUN_ID ?? (process.env.E2E_RUN_ID = String(Date.now()))}`,
);
/**
 * The Linz profile with the area of the specs' places: they spread their monuments over
 * 48.2–48.4 N, 14.2–14.42 E, which the profile's hand-drawn outline cuts at its corners. The API's
 * tests check the outline itself (test/monuments/city-area.test.ts).
 */
const cityFolder = `${dataDir}-city`;
if (!existsSync(cityFolder)) {
  cpSync(path.resolve(import.meta.dirname, '../api/cities/linz'), cityFolder, { recursive: true });
  const ring = [
    [14.2, 48.2],
    [14.42, 48.2],
    [14.42, 48.4],
    [14.2, 48.4],
    [14.2, 48.2],
  ];
  writeFileSync(
    path.join(cityFolder, 'boundary.geojson'),
    JSON.stringify({ type: 'Feature', properties: { name: 'Linz (e2e)' }, geometry: { type: 'Polygon', coordinates: [ring] } }),
  );
}
/** A second city, made up (apps/api/test/fixtures/cities/auwinkel), on a server and a database of its
 * own: e2e/second-city.spec.ts. */
const auwinkel = {
  port: port + 5,
  folder: path.resolve(import.meta.dirname, '../api/test/fixtures/cities/auwinkel'),
  dataDir: `${dataDir}-auwinkel`,
};
const auwinkelURL = `http://127.0.0.1:${auwinkel.port}`;
/** Where the SMTP peer writes the mails it accepts (e2e/mailbox.ts reads them). */
const mailDir = `${dataDir}-mail`;
/** The shipped site profile with one category of the e2e run's own (stats.spec.ts counts its row
 * alone): a new category is the site profile's decision. */
const siteProfile = `${dataDir}-site.json`;
if (!existsSync(siteProfile)) {
  const shipped = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../api/cities/linz/site.json'), 'utf8')) as object;
  mkdirSync(path.dirname(siteProfile), { recursive: true });
  writeFileSync(siteProfile, JSON.stringify({ ...shipped, categories: [E2E_CATEGORY] }));
}

/** loadConfig options of the e2e API (apps/api/src/config.ts DEFAULTS). */
const apiOptions = {
  webDist: path.resolve(import.meta.dirname, 'dist'),
  // Every browser of the run votes from 127.0.0.1, one network: its hourly limit across all proposals
  // would hold the votes of later specs. Votes' other checks keep their defaults (5 votes per
  // connection and proposal a day, THRESHOLD_MIN_NETWORKS 4, BURST_VOTES_PER_NETWORK_HOUR 8): fixtures.ts
  // votes as others from distinct networks, or from distinct addresses of one network for a held mail,
  // and threshold-honest.spec's ten browsers on one address have their sixth to tenth votes held.
  // The specs' votes for a threshold come within seconds: the "quick" hold (issue 56) is tested in the API's suite.
  thresholdQuickSeconds: 0,
  limits: {
    requestsPerMinute: 100_000,
    createsPer5Minutes: 100_000,
    votesPerNetworkHour: 100_000,
    // Every browser asks for tiles from 127.0.0.1: the tile proxy's upstream budget must not blank later specs' maps.
    tileFetchesPerNetworkMinute: 100_000,
    tileFetchesPerMinute: 100_000,
  },
  mailPollSeconds: 1,
};

/** The settings of an e2e API server (Linz's and Auwinkel's): its port, folder and city, the shared peers. */
const serverEnv = (serverPort: number, dir: string, city: string) => ({
  DATA_DIR: dir,
  CITY: city,
  PORT: String(serverPort),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
  LOG_LEVEL: 'warn',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // Hiding by reports needs distinct addresses: specs that hide something report as other
  // clients through X-Forwarded-For (fixtures.ts asOtherClient), believed for one proxy hop.
  // The browser's own requests carry none and count as 127.0.0.1.
  TRUST_PROXY: '1',
  TILE_UPSTREAM: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
  // The default preset's credit: the local upstream stands in for basemap.at (a mirror of it).
  TILE_ATTRIBUTION: 'basemap',
});

/**
 * Chromium's features left out, on top of Playwright's own list (Playwright 1.65 passes these; a second
 * --disable-features replaces the first, so its list is repeated here): the omnibox's pages that a
 * headless browser preloads and redraws at each navigation. With them and GPU rasterisation off
 * (Debian's wrapper turns it on), map.spec and popup.spec took 113 s and about 150 CPU seconds
 * instead of 166 s and 288 (2026-11-28, one worker, with tracing off too).
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'PreloadTopChromeWebUI',
];

const launchOptions = {
  executablePath: chromiumPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-gpu-rasterization',
    // The compositor's software drawing in the browser process instead of a GPU process of its own:
    // one process less to pass every frame through. screens.spec (German), map.spec and popup.spec on
    // the desktop (55 tests, 2 workers, quiet machine, CPU seconds of the whole machine): 377 and 346
    // without it, 316 and 320 with it (2026-11-29).
    '--in-process-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
  ],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './.tmp/test-results',
  // Sized for a machine twice as slow as the shared 2-core one (fixtures.ts MAP_TIMEOUT gives the
  // map's first data 30 s; a test with a map and a few steps takes 5 to 25 s there).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  // Service workers are blocked except in the specs about them (offline.spec.ts): Playwright's
  // request routing does not see what a service worker fetches, and the specs that answer API
  // calls themselves would test the worker's copy instead of the app.
  use: {
    baseURL,
    launchOptions,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    // No trace: recording one costs every test about 2 s of CPU (screencast and DOM snapshots), and a
    // CI run shows only its output. To keep a failing test's trace: `npx playwright test --trace retain-on-failure`.
    trace: 'off',
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /(phone|second-city)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'phone',
      testMatch: /(phone|a11y|screens|search-results|monument-view)\.spec\.ts/,
      use: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, launchOptions },
    },
    {
      name: 'second-city',
      testMatch: /second-city\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: auwinkelURL, launchOptions },
    },
    {
      name: 'second-city-phone',
      testMatch: /second-city\.spec\.ts/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        baseURL: auwinkelURL,
        launchOptions,
      },
    },
  ],
  webServer: [
    // It refuses for good (550) a mail that names a proposal with "Unzustellbar" (admin.spec.ts: a
    // failed mail to retry); every other mail it writes to mailDir, where e2e/mailbox.ts reads it.
    {
      command: `${PEER} src/smtp-main.ts ${smtpPort} ${mailDir} Unzustellbar`,
      port: smtpPort,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `${PEER} src/tile-upstream.ts ${tilePort} ${TILE_PNG}`,
      port: tilePort,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `${PEER} src/oidc-idp.ts ${idpPort} ${baseURL}/api/oidc/callback`,
      url: `${idpIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'ignore',
    },
    {
      // The API as every test starts it (apps/api/test/support/server-main.ts): the city's settings
      // below, and what a city never sets as loadConfig options (limits out of the way, mail polled every second).
      command: `pnpm --filter @linz/api exec tsx test/support/server-main.ts '${JSON.stringify({ options: apiOptions })}'`,
      url: `${baseURL}/api/config`,
      reuseExistingServer: false,
      // Migrations and the seed on a fresh database take over 2 minutes when the machine is busy.
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv(port, dataDir, cityFolder),
        SITE_PROFILE: siteProfile,
        // Staff may also sign in at the e2e provider (the client its oidc-idp.ts registers); the
        // token sign-in the other specs use stays as it is.
        OIDC_ISSUER: idpIssuer,
        OIDC_CLIENT_ID: 'denkmal-linz',
        OIDC_CLIENT_SECRET: 'test-secret-of-the-citys-provider-0123456789',
        OIDC_STAFF_CLAIM: 'groups=denkmal-staff',
      },
    },
    {
      // Auwinkel, on PostgreSQL (Linz's server above is on PGlite: the browser tests see both): its
      // streets imported into an empty database as a city does (`pnpm city import`, docs/cities.md),
      // then started with its own profile; the mail and tile peers are shared.
      command: `pnpm --filter @linz/api exec tsx test/support/pg-server-main.ts '${JSON.stringify({ options: apiOptions })}' ${auwinkel.folder}/overpass.json ${auwinkel.folder}/gender.csv`,
      url: `${auwinkelURL}/api/config`,
      reuseExistingServer: false,
      // Stopped so that it removes its database server.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv(auwinkel.port, auwinkel.dataDir, auwinkel.folder),
    },
  ],
});
