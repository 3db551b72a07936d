// A staff token for tests that act as the city (the answer REST endpoint, merging): made once
// per worker with the real CLI against the e2e server's data folder (see playwright.config.ts).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

let token: string | undefined;

export async function staffToken(): Promise<string> {
  if (token) return token;
  const dataDir = path.resolve(import.meta.dirname, `../.tmp/e2e-${process.env.E2E_RUN_ID ?? ''}`);
  const output = execFileSync(
    'pnpm',
    ['--silent', '--filter', '@linz/api', 'run', 'staff', 'add', `e2e ${process.pid} ${Date.now()}`],
    {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    },
  );
  // The token is alone on the last line of the output.
  token = output.trim().split('\n').pop()?.trim();
  if (!token) throw new Error(`no token in: ${output}`);
  return token;
}
