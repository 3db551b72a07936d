// Votes the mayor can trust, in Chromium: a visitor confirms her vote from the mail the
// SMTP peer got; staff see a held mayor's mail first in /admin, check the votes and release the
// mail, which then reaches the mayor's office once.
import { seriousViolations } from './axe';
import { expect, openPopup, test, unique, type Page, somewhere } from './fixtures';
import { countMailsTo, linkIn, mailTo } from './mailbox';
import { addStaff, signIn } from './admin-fixtures';

const rowOf = (popup: ReturnType<Page['locator']>, name: string) => popup.getByRole('listitem').filter({ hasText: name });
const addressOf = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.org`;
const MAYOR = 'buergermeister@linz.example';

test('vote, confirm it by e-mail, open the mail’s link, press the button: the popup counts it confirmed', async ({
  page,
  api,
}) => {
  test.setTimeout(240_000);
  const monument = await api.addMonument(unique('Bestätigt'), ...somewhere());
  const title = unique('Bestätigte Stimme');
  const proposal = await api.addProposal(monument.id, title);
  await api.voteAsOthers(proposal.id, monument.id, 2);
  const email = addressOf('waehlerin');

  await page.goto('/');
  const popup = await openPopup(page, new RegExp(`^${monument.name} \\(`));
  const row = rowOf(popup, title);
  await expect(row).toContainText('2 Stimmen, davon 0 bestätigt');
  await row.getByRole('button', { name: `Für „${title}“ stimmen` }).click();
  await expect(popup.getByRole('status').first()).toHaveText('Deine Stimme wurde gezählt!');
  await expect(row).toContainText('3 Stimmen, davon 0 bestätigt');

  // The extras after a vote are one line that opens on request: the proposals stay in view.
  const more = popup.getByRole('button', { name: `Weitere Möglichkeiten zu „${title}“` });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(popup.locator('.follow-offer').getByRole('button', { name: `„${title}“ folgen` })).toBeHidden();
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(popup.locator('.follow-offer').getByRole('button', { name: `„${title}“ folgen` })).toBeVisible();
  const offer = popup.getByRole('button', { name: `Stimme für „${title}“ per E-Mail bestätigen` });
  await expect(offer).toHaveText('Stimme per E-Mail bestätigen');
  await expect(offer).toHaveAttribute('aria-expanded', 'false');
  await offer.click();
  await expect(offer).toHaveAttribute('aria-expanded', 'true');
  const field = popup.getByLabel('E-Mail-Adresse');
  const send = popup.getByRole('button', { name: 'Bestätigungs-E-Mail senden' });
  await send.click();
  await expect(popup.getByRole('alert')).toHaveText('Bitte gib deine E-Mail-Adresse ein.');
  expect(await seriousViolations(page, '.leaflet-popup'), 'axe: the popup’s confirm form').toEqual([]);
  await field.fill(email);
  await send.click();
  await expect(popup.getByText('Wir haben dir eine E-Mail geschickt.', { exact: false })).toBeVisible();
  await expect(field).toHaveCount(0);

  // It can be asked for again on /mine (the popup offers it with its banner only).
  await page.goto('/mine');
  const voted = page.getByRole('region', { name: /^Abgestimmt/ });
  await expect(voted.getByRole('button', { name: `Stimme für „${title}“ per E-Mail bestätigen` })).toBeVisible();

  const mail = await mailTo(email, /Bitte bestätige deine Stimme/);
  // The title is a visitor's text: in the body, not the subject.
  expect(mail.subject).not.toContain(title);
  expect(mail.text).toContain(`„${title}“`);
  const confirmPath = linkIn(mail, '/votes/confirm?token=');

  // Opening the link confirms nothing: only the button posts.
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/votes/confirm')) posts.push(request.url());
  });
  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Stimme bestätigen' })).toBeVisible();
  expect(await seriousViolations(page), 'axe: /votes/confirm').toEqual([]);
  expect(posts).toEqual([]);
  expect((await api.proposals(monument.id)).find((i) => i.id === proposal.id)).toMatchObject({ votes: 3 });
  await page.getByRole('button', { name: 'Stimme bestätigen' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Deine Stimme ist bestätigt' });
  await expect(done).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Stimme bestätigt' })).toBeVisible();
  expect(posts).toHaveLength(1);
  const mapLink = done.getByRole('link', { name: 'Auf der Karte zeigen' });
  await expect(mapLink).toBeVisible();

  // The link a second time (the mail opened again, or on another device): already confirmed, nothing changes.
  const again = await page.context().newPage();
  await again.goto(confirmPath);
  await again.getByRole('button', { name: 'Stimme bestätigen' }).click();
  await expect(again.getByRole('status')).toContainText('Diese Stimme ist schon bestätigt.');
  await again.close();

  await expect(mapLink).toHaveAttribute('href', `/?monument=${monument.id}&proposal=${proposal.id}`);
  await page.goto('/');
  const after = await openPopup(page, new RegExp(`^${monument.name} \\(`));
  await expect(rowOf(after, title)).toContainText('3 Stimmen, davon 1 bestätigt');
  // /mine now says the vote is confirmed, and no longer offers to confirm it.
  await page.goto('/mine');
  const confirmedVote = page
    .getByRole('region', { name: /^Abgestimmt/ })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(confirmedVote).toContainText('Deine Stimme ist per E-Mail bestätigt.');
  await expect(confirmedVote.getByRole('button', { name: /per E-Mail bestätigen/ })).toHaveCount(0);
});

test('a wrong confirmation link says so; a GET never confirms', async ({ page }) => {
  await page.goto(`/votes/confirm?token=${'A'.repeat(43)}`);
  await page.getByRole('button', { name: 'Stimme bestätigen' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Dieser Link ist falsch oder abgelaufen/);
  await page.goto('/votes/confirm');
  await expect(page.getByRole('alert')).toHaveText(/Dieser Link ist falsch/);
});

test('ten votes from one network hold the mayor’s mail: /admin shows the alert first, staff check and release it, it goes once', async ({
  page,
  api,
}) => {
  test.setTimeout(300_000);
  const { name, token } = addStaff('Stimmenprüfung');
  const monument = await api.addMonument(unique('Schulklasse'), ...somewhere());
  const title = unique('Gehaltene Mail');
  const proposal = await api.addProposal(monument.id, title);
  // The mayor's mail names the proposal by its number (issue 56: no visitor's words in subjects).
  const bySubject = new RegExp(`Vorschlag Nr\\. ${proposal.id} hat`);
  // Ten browsers (fresh cookies), all from this machine's one network: under THRESHOLD_MIN_NETWORKS.
  expect(await api.voteAsOthers(proposal.id, monument.id, 10, true)).toBe(10);
  await expect
    .poll(async () => (await api.proposals(monument.id)).find((i) => i.id === proposal.id))
    .toMatchObject({ votes: 10, mayorNotifiedAt: null, mayorReview: true });

  // The public sees that it goes to the mayor's office after a check, not that it went.
  await page.goto('/');
  const popup = await openPopup(page, new RegExp(`^${monument.name} \\(`));
  await expect(rowOf(popup, title)).toContainText('wird nach einer Prüfung an das Bürgermeisterbüro weitergeleitet');
  expect(await countMailsTo(MAYOR, bySubject)).toBe(0);

  await signIn(page, token, name);
  // The alerts come first, before the views.
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Hinweise zu Stimmen');
  const alerts = page.getByRole('table', { name: 'Offene Hinweise auf auffällige Stimmen' });
  const alertRows = alerts.getByRole('row', { name: new RegExp(title) });
  await expect(alertRows.filter({ hasText: 'Schwelle aus wenigen Netzen erreicht' })).toHaveCount(1);
  await expect(alertRows.filter({ hasText: 'Viele Stimmen aus einem Netz in einer Stunde' })).toContainText('Netz A');

  // The review: counts, networks and hours as tables, and a preview that changes nothing.
  await alertRows
    .first()
    .getByRole('button', { name: `Stimmen zu „${title}“ prüfen` })
    .click();
  const review = page.getByRole('region', { name: `Stimmen zu „${title}“` });
  await expect(review.getByRole('heading', { name: `Stimmen zu „${title}“` })).toBeVisible();
  const networks = review.getByRole('table', { name: /Stimmen nach Netz/ });
  await expect(networks.getByRole('row', { name: /Netz A/ })).toContainText('10');
  await expect(review.getByRole('table', { name: 'Stimmen pro Stunde' }).getByRole('row')).toHaveCount(2);
  await expect(review.getByRole('table', { name: /E-Mails an das Bürgermeisterbüro/ })).toContainText(
    'Zurückgehalten (wartet auf Prüfung der Stimmen)',
  );
  expect(await seriousViolations(page), 'axe: the review screen').toEqual([]);
  await review.getByLabel('Netz', { exact: true }).selectOption({ label: 'Netz A' });
  await review.getByRole('radio', { name: 'Für ungültig erklären' }).check();
  await review.getByRole('button', { name: 'Vorschau' }).click();
  await expect(review.getByRole('alert')).toHaveText('Bitte geben Sie eine Begründung an (mindestens 3 Zeichen).');
  await review.getByLabel('Begründung (Pflicht)').fill('Schulklasse geprüft');
  await review.getByRole('button', { name: 'Vorschau' }).click();
  await expect(review.getByText('Betrifft 10 Stimmen; danach 0 Stimmen, davon 0 bestätigt.')).toBeVisible();
  expect((await api.proposals(monument.id)).find((i) => i.id === proposal.id)).toMatchObject({ votes: 10 });

  // The outbox: the held mail, as text, released by its button; it reaches the mayor's office once.
  await page.getByRole('button', { name: 'Postausgang' }).click();
  const outboxRow = page
    .getByRole('table', { name: 'E-Mails an das Büro des Bürgermeisters' })
    .getByRole('row', { name: new RegExp(title) });
  await expect(outboxRow).toContainText('Zurückgehalten (wartet auf Prüfung der Stimmen)');
  await expect(outboxRow).toContainText('Schwelle erreicht');
  expect(await seriousViolations(page), 'axe: the outbox with a held mail').toEqual([]);
  // Releasing asks first (issue 56): cancelled, nothing is sent; confirmed, the mail goes.
  await outboxRow.getByRole('button', { name: `E-Mail zu „${title}“ freigeben` }).click();
  let ask = page.getByRole('dialog', { name: `E-Mail zu „${title}“ jetzt senden?` });
  await expect(ask).toContainText('Sind die Stimmen geprüft?');
  expect(await seriousViolations(page), 'axe: the release confirmation').toEqual([]);
  await ask.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(ask).toHaveCount(0);
  await expect(outboxRow).toContainText('Zurückgehalten (wartet auf Prüfung der Stimmen)');
  await outboxRow.getByRole('button', { name: `E-Mail zu „${title}“ freigeben` }).click();
  ask = page.getByRole('dialog', { name: `E-Mail zu „${title}“ jetzt senden?` });
  await ask.getByRole('button', { name: 'Freigeben und senden' }).click();
  await expect(page.locator('.admin-status')).toHaveText(`Die E-Mail zu „${title}“ ist freigegeben und wird gesendet.`);
  await mailTo(MAYOR, bySubject);
  // The row follows the mail to the office without a reload (it said "Wird gesendet" until one).
  await expect(outboxRow.getByRole('cell').first()).toHaveText('Gesendet');
  await expect(outboxRow.getByRole('button', { name: /freigeben/ })).toHaveCount(0);
  expect(await countMailsTo(MAYOR, bySubject)).toBe(1);
});
