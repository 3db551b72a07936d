// Builds dist/ unless it is newer than every source file (turbo's test task builds first anyway;
// this covers running `pnpm --filter @linz/web test` on its own).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const built = path.join(root, 'dist/index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = [
  path.join(root, 'src'),
  path.join(root, 'sw'),
  path.join(root, 'public'),
  path.join(root, '../../packages/contract/src'),
];
const inputs = Math.max(
  ...sources.filter(existsSync).map(newest),
  ...['index.html', 'vite.config.ts'].map((f) => statSync(path.join(root, f)).mtimeMs),
);
if (!existsSync(built) || statSync(built).mtimeMs < inputs) {
  console.log('web: building dist/ for the end-to-end tests');
  // Through pnpm: run by node directly (pnpm screens, bench:web), vite is not on the PATH.
  execSync('pnpm exec vite build', { cwd: root, stdio: 'inherit' });
}
