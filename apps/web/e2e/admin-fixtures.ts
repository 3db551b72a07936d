// Staff access for the /admin tests: a staff member is created (and revoked) with the API's own
// CLI against the e2e server's data folder, as a city would; the CLI reaches the running server.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, unique, type Page } from './fixtures';

/** The e2e server's DATA_DIR, as playwright.config.ts derives it (workers inherit E2E_RUN_ID). */
const dataDir = () => {
  const run = process.env.E2E_RUN_ID;
  if (!run) throw new Error('E2E_RUN_ID is not set: run through playwright.config.ts');
  return path.resolve(import.meta.dirname, `../.tmp/e2e-${run}`);
};

/** The staff CLI as the built API ships it (`node dist/staff.js`, what a city without tsx runs); the
 * browser tests run against that build. */
const staffBundle = path.resolve(import.meta.dirname, '../../api/dist/staff.js');

function staffCli(...args: string[]): string {
  return execFileSync(process.execPath, [staffBundle, ...args], {
    env: { ...process.env, DATA_DIR: dataDir(), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

/** Creates a staff member (a unique name from `label`) and returns the name and the token the CLI prints alone on its last line. */
export function addStaff(label: string): { name: string; token: string } {
  const name = unique(label);
  const token = staffCli('add', name).trim().split('\n').at(-1)?.trim() ?? '';
  expect(token.length, 'a printed token').toBeGreaterThanOrEqual(22);
  return { name, token };
}

export const revokeStaff = (name: string) => void staffCli('revoke', name);

/** Signs in at /admin through the form and waits for the staff area. */
export async function signIn(page: Page, token: string, name: string, lang: 'de' | 'en' = 'de') {
  await page.goto('/admin');
  await page.getByLabel(lang === 'de' ? 'Zugangsschlüssel' : 'Access token').fill(token);
  await page.getByRole('button', { name: lang === 'de' ? 'Anmelden' : 'Sign in' }).click();
  await expect(page.getByText(lang === 'de' ? `Angemeldet als ${name}` : `Signed in as ${name}`).first()).toBeVisible();
  // The staff area at rest: the vote alerts and the queue's counts in the views' buttons loaded (a
  // count widens its button and moves the others: a click while they load may land on another).
  const alerts = page.getByRole('region', { name: lang === 'de' ? 'Hinweise zu Stimmen' : 'Vote alerts' });
  await expect(alerts.getByRole('status')).not.toHaveText(lang === 'de' ? 'Wird geladen…' : 'Loading…');
  await expect(page.getByRole('button', { name: lang === 'de' ? /^Prüfen \(\d+\)$/ : /^To check \(\d+\)$/ })).toBeVisible();
}

/** Narrows the queue's tab to what matches `text` (it shows a page of items at a time, newest first:
 * another spec's items may come between a spec's own and the top). */
export async function searchQueue(page: Page, text: string, lang: 'de' | 'en' = 'de') {
  await page.getByLabel(lang === 'de' ? 'Suchen: Name, Kennung oder Denkmal' : 'Search: name, id or monument').fill(text);
}

/** Opens the audit log filtered to one item and returns its table. */
export async function auditOf(page: Page, itemId: string | number) {
  await page.getByRole('button', { name: 'Protokoll' }).click();
  await page.getByLabel('Eintrag: Nummer, Kennung oder Name').fill(String(itemId));
  await page.getByRole('button', { name: 'Filter anwenden' }).click();
  return page.getByRole('table', { name: /Aktionen der Stadt/ });
}

/** The audit row of one action, named in words (the table is filtered to one item first). */
export const auditRow = (table: ReturnType<Page['getByRole']>, action: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: action, exact: true }) });
