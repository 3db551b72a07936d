// End-to-end tests: Debian's chromium against the production build served by the API on a
// fresh embedded database. A missing chromium fails the run; it is never skipped.
import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  throw new Error(`Chromium not found at ${chromiumPath}: install Debian's chromium (apt-get install -y chromium).`);
}

const port = Number(process.env.E2E_PORT ?? 3310);
const baseURL = `http://127.0.0.1:${port}`;
/** The e2e mayor's office (e2e/smtp-peer.mjs). */
const smtpPort = port + 1000;
// The config is read again in each worker; only the main process starts the server.
const dataDir = path.resolve(
  import.meta.dirname,
  `.tmp/e2e-${process.env.E2E_RUN_ID ?? (process.env.E2E_RUN_ID = String(Date.now()))}`,
);

const launchOptions = {
  executablePath: chromiumPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './.tmp/test-results',
  timeout: 45_000,
  expect: { timeout: 7_000 },
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
    trace: 'retain-on-failure',
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /phone\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'phone',
      testMatch: /(phone|a11y)\.spec\.ts/,
      use: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, launchOptions },
    },
  ],
  webServer: [
    { command: `node e2e/smtp-peer.mjs ${smtpPort}`, port: smtpPort, reuseExistingServer: false, stdout: 'ignore' },
    {
      command: 'pnpm --filter @linz/api exec tsx src/server.ts',
      url: `${baseURL}/api/config`,
      reuseExistingServer: false,
      // A fresh database is seeded first: on a loaded machine that takes minutes.
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        WEB_DIST: path.resolve(import.meta.dirname, 'dist'),
        LIMIT_REQUESTS_PER_MINUTE: '100000',
        LIMIT_CREATES_PER_5_MINUTES: '100000',
        LIMIT_VOTES_PER_IP_PER_INTERVENTION: '100000',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_POLL_SECONDS: '1',
      },
    },
  ],
});
