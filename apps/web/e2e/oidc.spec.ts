// Staff sign-in with the city's accounts in Chromium: /admin's link, the (test) city's identity
// provider (packages/test-peers/src/oidc-idp.ts, started by playwright.config.ts), and back in /admin signed
// in, or with the refusal said and no session. axe on the link and on the refusal.
import { seriousViolations } from './axe';
import { expect, test, type Page } from './fixtures';

/** At the provider's sign-in page: types the user name and goes on. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page.getByRole('heading', { name: 'Test-Anmeldung der Stadt' })).toBeVisible();
  await page.getByLabel('Benutzername').fill(login);
  await page.getByRole('button', { name: 'Weiter' }).click();
}

// Each test crosses two servers (ours and the provider) and runs axe: three times the usual time.
test.beforeEach(() => test.slow());

/** Back at /admin the staff area's code and its session check load first: on a busy machine that is slow. */
const BACK = { timeout: 30_000 };

const staffCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'staff_session');

test('a person clicks "Mit dem Konto der Stadt anmelden", signs in at the city and lands in /admin signed in', async ({
  page,
}) => {
  await page.goto('/admin');
  const link = page.getByRole('link', { name: 'Mit dem Konto der Stadt anmelden' });
  await expect(link).toBeVisible();
  // The token form stays for whoever has a token.
  await expect(page.getByLabel('Zugangsschlüssel')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/oidc-1-admin.png' });

  await link.click();
  // The provider's page first: a screenshot taken while the browser is between the two pages fails.
  await expect(page.getByRole('heading', { name: 'Test-Anmeldung der Stadt' })).toBeVisible();
  await page.screenshot({ path: '.tmp/oidc-2-provider.png' });
  await signInAtProvider(page, 'anna');

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Angemeldet als Anna Beispiel').first()).toBeVisible(BACK);
  await expect(page.getByRole('heading', { name: 'Bereich für die Stadt' })).toBeVisible();
  expect(await staffCookie(page)).toBeDefined();
  await page.screenshot({ path: '.tmp/oidc-3-signed-in.png' });
});

test('someone outside the staff group is told so and is not signed in', async ({ page }) => {
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Mit dem Konto der Stadt anmelden' }).click();
  await signInAtProvider(page, 'bert');

  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    /Ihr Konto der Stadt ist für diesen Bereich nicht freigeschaltet\. Sie wurden nicht angemeldet\./,
    BACK,
  );
  // Said once: the reason is taken out of the address, so a reload shows the plain form.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByLabel('Zugangsschlüssel')).toBeVisible();
  expect(await staffCookie(page)).toBeUndefined();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/oidc-4-refused.png' });
  await page.reload();
  await expect(page.getByRole('link', { name: 'Mit dem Konto der Stadt anmelden' })).toBeVisible(BACK);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test.describe('in English', () => {
  test.use({ lang: 'en' });
  test('cancelling at the provider comes back as a failed sign-in, said in English', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Sign in with your city account' }).click();
    await expect(page.getByRole('heading', { name: 'Test-Anmeldung der Stadt' })).toBeVisible();
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Signing in with your city account did not work/, BACK);
    expect(await staffCookie(page)).toBeUndefined();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
