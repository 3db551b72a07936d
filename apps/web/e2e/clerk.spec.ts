// The clerk's path (issue 56) in one sitting at the desk, with the words on the screen alone: a
// proposal the word screen held is hidden (hiding is the primary action there), a photo is removed
// after a confirmation, the mayor's mail held for a check of the votes is released after one and
// the outbox follows it to "Gesendet", two proposals are merged, unfounded reports are dismissed and
// a phone number is taken out of the audit log. Then every act is in the log, in words. Each screen
// on the way is also in `pnpm screens` (pages.ts) with the layout and WCAG checks.
import { addStaff, auditOf, auditRow, revokeStaff, searchQueue, signIn } from './admin-fixtures';
import { sendProposalSketch } from './drawn';
import { asOtherClient, expect, somewhere, test, unique, type Page } from './fixtures';
import { countMailsTo, mailTo } from './mailbox';

const MAYOR = 'buergermeister@linz.example';
const status = (page: Page) => page.locator('.admin-status');

test('a clerk’s afternoon: an insult hidden, a photo removed, a held mail released, proposals merged, reports dismissed, a phone number redacted', async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000); // ten browsers vote, a photo is re-encoded, some twenty staff actions
  const tag = unique('Nachmittag');
  const monument = await api.addMonument(`Platz ${tag}`, ...somewhere());
  const insult = `Tafel ${tag} für den W1chser`;
  const held = await api.addProposal(monument.id, insult);
  expect(held as unknown).toMatchObject({ underReview: true });
  const pictured = await api.addProposal(monument.id, `Stele ${tag}`);
  const alt = unique('Skizze einer Stele');
  expect(await sendProposalSketch(page, pictured.id, alt)).toBe(202);
  const mailed = await api.addProposal(monument.id, `Brunnen ${tag}`);
  expect(await api.voteAsOthers(mailed.id, monument.id, 10, true)).toBe(10);
  const keptName = `Gedenktafel für Marie ${tag}`;
  const kept = await api.addProposal(monument.id, keptName);
  const duplicateName = `Tafel für Marie ${tag}`;
  const duplicate = await api.addProposal(monument.id, duplicateName);
  await api.voteAsOthers(duplicate.id, monument.id, 2);
  const reportedName = `Bank ${tag}`;
  const reported = await api.addProposal(monument.id, reportedName);
  // One report from another browser: the proposal stays public, waiting for staff.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: asOtherClient() });
  const report = await other.request.post(`/api/interventions/${reported.id}/reports`, { data: { reason: 'spam' } });
  expect(report.status(), await report.text()).toBe(201);
  await other.close();
  const phone = `0664 ${String(Date.now()).slice(-7)}`;
  const clean = `Tafel für meine Großmutter ${tag}`;
  const personal = await api.addProposal(monument.id, `${clean}, ruft mich an: ${phone}`);

  const clerk = addStaff('Sachbearbeiterin Nachmittag');
  await signIn(page, clerk.token, clerk.name);

  // 1. The held insult: hiding is the primary action; hidden with a canned reason.
  await searchQueue(page, tag);
  const heldCard = page.getByRole('article', { name: insult });
  await expect(heldCard).toContainText('Zustand: vom Wortfilter zurückgehalten');
  const hideButton = heldCard.getByRole('button', { name: 'Ausblenden (Moderation)…' });
  await expect(hideButton).toHaveClass(/button--primary/);
  await hideButton.click();
  const hide = page.getByRole('dialog', { name: `Den Vorschlag „${insult}“ ausblenden (Moderation)` });
  await hide.getByRole('radio', { name: 'Beleidigend oder herabwürdigend' }).check();
  await hide.getByRole('button', { name: 'Ausblenden', exact: true }).click();
  await expect(status(page)).toHaveText(`„${insult}“ ist ausgeblendet.`);

  // 2. The photo: removed after a confirmation.
  const nav = page.getByRole('navigation', { name: 'Bereich für die Stadt' });
  await nav.getByRole('button', { name: /^Fotos/ }).click();
  const photo = page.locator('.admin-photo').filter({ has: page.getByRole('img', { name: alt }) });
  await photo.getByRole('button', { name: 'Entfernen' }).click();
  await page
    .getByRole('dialog', { name: /^Foto zu „.*“ endgültig entfernen\?$/ })
    .getByRole('button', { name: 'Endgültig entfernen' })
    .click();
  await expect(status(page)).toHaveText('Foto entfernt.');
  await expect(photo).toHaveCount(0);

  // 3. The held mayor's mail: released after a confirmation, sent once; the row says so.
  await nav.getByRole('button', { name: /^Postausgang/ }).click();
  const outboxRow = page
    .getByRole('table', { name: 'E-Mails an das Büro des Bürgermeisters' })
    .getByRole('row', { name: new RegExp(`Brunnen ${tag}`) });
  await expect(outboxRow).toContainText('Zurückgehalten (wartet auf Prüfung der Stimmen)');
  await outboxRow.getByRole('button', { name: `E-Mail zu „Brunnen ${tag}“ freigeben` }).click();
  await page
    .getByRole('dialog', { name: `E-Mail zu „Brunnen ${tag}“ jetzt senden?` })
    .getByRole('button', { name: 'Freigeben und senden' })
    .click();
  const bySubject = new RegExp(`Vorschlag Nr\\. ${mailed.id} hat`);
  await mailTo(MAYOR, bySubject);
  await expect(outboxRow.getByRole('cell').first()).toHaveText('Gesendet');
  expect(await countMailsTo(MAYOR, bySubject)).toBe(1);

  // 4. Two proposals merged: the votes move to the one kept.
  await nav.getByRole('button', { name: 'Alle Vorschläge' }).click();
  await page.getByLabel(/^Vorschläge oder Denkmäler suchen/).fill(duplicateName);
  await page.getByRole('article', { name: duplicateName, exact: true }).getByRole('button', { name: 'Zusammenführen…' }).click();
  const merge = page.getByRole('dialog', { name: `„${duplicateName}“ mit einem anderen Vorschlag zusammenführen` });
  await merge.getByLabel('Vorschläge suchen (Name, Denkmal oder Nummer)').fill(`Nr. ${kept.id}`);
  await merge.getByRole('radio', { name: new RegExp(keptName) }).check();
  await merge.getByRole('button', { name: 'Zusammenführen' }).click();
  await expect(status(page)).toHaveText(`„${duplicateName}“ ist mit „${keptName}“ zusammengeführt; dieser hat jetzt 2 Stimmen.`);

  // 5. The unfounded report: dismissed; the proposal stays public.
  await nav.getByRole('button', { name: /^Meldungen/ }).click();
  await searchQueue(page, reportedName);
  const reportedCard = page.getByRole('article', { name: reportedName });
  await expect(reportedCard).toContainText('Spam');
  await reportedCard.getByRole('button', { name: 'Meldungen abweisen' }).click();
  await expect(page.getByRole('article', { name: reportedName })).toHaveCount(0);
  expect((await api.proposals(monument.id)).some((i) => i.id === reported.id)).toBe(true);

  // 6. The phone number: edited out of the proposal, then out of the log.
  await nav.getByRole('button', { name: 'Alle Vorschläge' }).click();
  await page.getByLabel(/^Vorschläge oder Denkmäler suchen/).fill(`Nr. ${personal.id}`);
  const card = page.locator('.admin-card').first();
  await card.getByRole('button', { name: 'Text bearbeiten' }).click();
  await card.getByLabel('Text des Vorschlags').fill(clean);
  await card.getByRole('button', { name: 'Speichern' }).click();
  await expect(status(page)).toHaveText(`„${clean}“ ist gespeichert.`);
  let log = await auditOf(page, personal.id);
  await expect(log).toContainText(phone);
  await log.locator('tbody tr').first().getByRole('button', { name: 'Daten entfernen…' }).click();
  const redact = page.getByRole('dialog', { name: 'Personenbezogene Daten aus dem Protokoll entfernen' });
  await redact.getByLabel('Zu entfernender Text (zum Beispiel eine Telefonnummer)').fill(phone);
  await redact.getByRole('button', { name: 'Entfernen' }).click();
  await expect(status(page)).toHaveText(`Aus 1 Eintrag zu Vorschlag ${personal.id} entfernt.`);
  await expect(log).not.toContainText(phone);

  // Every act in the log, in words, under this clerk's name.
  await page.getByRole('button', { name: 'Protokoll' }).click();
  const filters = page.getByRole('form', { name: 'Protokoll filtern' });
  await filters.getByLabel('Eintrag: Nummer, Kennung oder Name').fill('');
  await filters.getByLabel('Wer').fill(clerk.name);
  await filters.getByRole('button', { name: 'Filter anwenden' }).click();
  log = page.getByRole('table', { name: /Aktionen der Stadt/ });
  for (const action of [
    'Vorschlag ausgeblendet (Moderation)',
    'Foto entfernt',
    'E-Mail an das Bürgermeisterbüro freigegeben',
    'Vorschlag mit einem ähnlichen zusammengeführt',
    'Meldungen zum Vorschlag abgewiesen',
    'Vorschlag bearbeitet',
    'Personenbezogene Daten aus dem Protokoll entfernt',
  ])
    await expect(auditRow(log, action)).toHaveCount(1);
  revokeStaff(clerk.name);
});
