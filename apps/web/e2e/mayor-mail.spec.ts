// The mayor's mail to act on, in Chromium: a proposal reaches 10 votes from distinct
// networks, the e2e mayor's office gets the mail (replies go to the staff address), its answer link
// leads a signed-out member of staff through the sign-in into that proposal's answer form, and its
// map link selects the proposal.
import { seriousViolations } from './axe';
import { addStaff } from './admin-fixtures';
import { expect, somewhere, test, unique } from './fixtures';
import { linkIn, mailTo } from './mailbox';

const MAYOR = 'buergermeister@linz.example';
const STAFF = 'team@denkmal-linz.example'; // apps/api/cities/linz/site.json staffEmail

test('the mayor’s mail: replies reach the staff, its answer link opens that proposal’s answer form after the sign-in, its map link selects it', async ({
  page,
  api,
}) => {
  test.setTimeout(240_000);
  const { token } = addStaff('Bürgermeisterpost');
  const monument = await api.addMonument(unique('Antwortlink'), ...somewhere());
  const title = unique('Vorschlag mit Antwortlink');
  // A second proposal at the same monument: the form that opens must be the linked one's.
  await api.addProposal(monument.id, unique('Anderer Vorschlag'));
  const proposal = await api.addProposal(monument.id, title);
  expect(await api.voteAsOthers(proposal.id, monument.id, 10)).toBe(10);

  // The subject names the proposal by its number, never by a visitor's words (issue 56); the body names it.
  const mail = await mailTo(MAYOR, new RegExp(`Vorschlag Nr\\. ${proposal.id} hat`));
  expect(mail.text).toContain(title);
  expect(mail.replyTo?.value.map((a) => a.address)).toEqual([STAFF]);
  const answerPath = linkIn(mail, '/admin?answer=');
  expect(answerPath).toBe(`/admin?answer=${proposal.id}`);
  expect(linkIn(mail, '/monuments/')).toBe(`/monuments/${monument.id}?proposal=${proposal.id}`);
  expect(mail.html).toMatch(new RegExp(`<a href="https?://[^"]+/admin\\?answer=${proposal.id}"`));

  // Signed out: the sign-in says where it leads, then the answer form is there with the focus in it.
  await page.goto(answerPath);
  await expect(
    page.getByText(`Nach der Anmeldung öffnet sich das Formular für die Antwort der Stadt auf den Vorschlag Nr. ${proposal.id}.`),
  ).toBeVisible();
  await page.getByLabel('Zugangsschlüssel').fill(token);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  const linked = page.getByRole('region', { name: `Antwort der Stadt auf den Vorschlag Nr. ${proposal.id}` });
  const form = linked.getByRole('form', { name: `Offizielle Antwort auf ${title}` });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Status')).toBeFocused();
  await expect(page.getByRole('form', { name: /^Offizielle Antwort auf/ })).toHaveCount(1);
  expect(await seriousViolations(page), 'axe: the linked answer form').toEqual([]);

  // Closing it leaves the staff area as it is without a link.
  await linked.getByRole('button', { name: 'Zurück zur Übersicht' }).click();
  await expect(linked).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin$/);

  // The map link: the monument's view with this proposal selected.
  await page.goto(linkIn(mail, '/monuments/'));
  const card = page.locator('.proposal-card--shared');
  await expect(card).toContainText('Ausgewählter Vorschlag');
  await expect(card).toContainText(title);
});

test('the answer link survives the sign-in with the city’s account: back from the provider, the form is open', async ({
  page,
  api,
}) => {
  test.slow(); // two servers (ours and the city's provider)
  const monument = await api.addMonument(unique('Antwortlink Konto'), ...somewhere());
  const title = unique('Vorschlag über das Konto der Stadt');
  const proposal = await api.addProposal(monument.id, title);

  await page.goto(`/admin?answer=${proposal.id}`);
  await page.getByRole('link', { name: 'Mit dem Konto der Stadt anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Test-Anmeldung der Stadt' })).toBeVisible();
  await page.getByLabel('Benutzername').fill('anna');
  await page.getByRole('button', { name: 'Weiter' }).click();

  const linked = page.getByRole('region', { name: `Antwort der Stadt auf den Vorschlag Nr. ${proposal.id}` });
  await expect(linked.getByRole('form', { name: `Offizielle Antwort auf ${title}` })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/admin\\?answer=${proposal.id}$`));
  await expect(linked.getByLabel('Status')).toBeFocused();
});
