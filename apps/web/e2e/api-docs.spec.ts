// The API's description page (/api/docs) under the app's strict CSP: it renders without a single
// script (the fixture fails the test on any CSP violation or page error), its links reach each
// operation, and it is axe-clean.
import { PATHS } from '@linz/contract/facts';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';

test('the API docs page renders under the CSP, without scripts, and is accessible', async ({ page }) => {
  // axe over every operation of a long page (the follow, sign-in and Open311 operations joined it).
  test.slow();
  const response = await page.goto(PATHS.docs);
  expect(response?.status()).toBe(200);
  const csp = response?.headers()['content-security-policy'] ?? '';
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));
  expect(directive('script-src')).toBe("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1, name: 'Denk·Mal Linz API' })).toBeVisible();
  await expect(page.locator('script')).toHaveCount(0);

  // Each tag is a section; the contents link to the operations.
  for (const tag of ['public', 'open data', 'staff']) {
    await expect(page.getByRole('heading', { level: 2, name: tag })).toBeVisible();
  }
  await page
    .getByRole('navigation', { name: 'Operations' })
    .getByRole('link', { name: 'POST /api/interventions/{proposalId}/vote', exact: true })
    .click();
  await expect(page).toHaveURL(/#op-castVote$/);
  const vote = page.getByRole('region', { name: 'POST /api/interventions/{proposalId}/vote', exact: true });
  await expect(vote.getByRole('cell', { name: 'proposalId' })).toBeVisible();
  await expect(vote.getByText('"vote"')).toBeVisible();
  await expect(vote.getByRole('row', { name: /^403/ })).toContainText('voted for this proposal already');

  // The machine-readable description it links to.
  const json = await page.request.get(PATHS.openapi);
  expect(json.headers()['content-type']).toMatch(/^application\/json/);
  expect(((await json.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./);
  await expect(page.getByRole('link', { name: PATHS.openapi, exact: true })).toHaveAttribute('href', PATHS.openapi);

  expect(await seriousViolations(page)).toEqual([]);
});
