// pnpm screens: a picture of every screen and state (e2e/pages.ts PAGES) on a phone (390 × 844,
// touch) and a desktop (1280 × 800), in German and English, as apps/web/.tmp/screens/
// {screen}-{phone|desktop}-{de|en}.png. It is the screens spec (e2e/screens.spec.ts: layout and WCAG) run with
// SCREENS_DIR set: the same built app on a fresh database with the stand-in tiles, the SMTP peer
// for the confirmation mails and a staff token from the API's CLI (playwright.config.ts), and the
// same way to each state. A second city's screens come from its own spec (e2e/second-city.spec.ts:
// auwinkel-{screen}-…png, on its own server). The pictures are written before the layout check, so a failing check
// still leaves every picture; its failures are listed and the exit code says so.
// Arguments go to Playwright (`pnpm screens --grep popup`); E2E_PORT picks the port as for the tests.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './bench-server.mjs';

const dir = path.join(root, '.tmp/screens');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
spawnSync('node', [path.join(root, 'scripts/ensure-build.mjs')], { stdio: 'inherit' });
const run = spawnSync(
  'pnpm',
  [
    'exec',
    'playwright',
    'test',
    'e2e/screens.spec.ts',
    'e2e/second-city.spec.ts',
    ...['desktop', 'phone', 'second-city', 'second-city-phone'].map((p) => `--project=${p}`),
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, SCREENS_DIR: dir } },
);
console.log(`\n${readdirSync(dir).length} pictures in ${dir}`);
process.exit(run.status ?? 1);
