// The audit log a person reads: a staff member edits a monument, finds the act in plain
// words with only the changed fields, before → after, filters by person and by item, and downloads
// the same selection as CSV with a German header.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { seriousViolations } from './axe';
import { addStaff, searchQueue, signIn } from './admin-fixtures';
import { expect, somewhere, test, unique } from './fixtures';

test('an edit is in the audit log in words, before → after; filtered by person and item; downloaded as CSV', async ({
  page,
  api,
  request,
}) => {
  test.slow(); // staff actions and a download; the machine is shared
  const editor = addStaff('Protokoll Leserin');
  const other = addStaff('Protokoll Kollege');
  const [lat, lng] = somewhere();
  const monumentName = unique('Bank am Ufer');
  const monument = await api.addMonument(monumentName, lat, lng);
  // Someone else acts too, so the person filter has something to leave out.
  const proposal = await api.addProposal(monument.id, unique('Eine Bank für alle'));
  const answered = await request.put(`/api/staff/interventions/${proposal.id}/answer`, {
    headers: { authorization: `Bearer ${other.token}` },
    data: { status: 'in_review', statement: { de: 'Wir prüfen es.', en: 'We are looking into it.' } },
  });
  expect(answered.status(), await answered.text()).toBe(200);

  await signIn(page, editor.token, editor.name);
  await searchQueue(page, monumentName);
  const card = page.getByRole('article', { name: monumentName });
  await card.getByRole('button', { name: 'Bearbeiten' }).click();
  const form = card.getByRole('form', { name: `${monumentName} bearbeiten` });
  await form.getByLabel('Erinnert an').selectOption('female');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('.admin-status')).toHaveText(`„${monumentName}“ ist gespeichert.`);

  await page.getByRole('button', { name: 'Protokoll' }).click();
  const filters = page.getByRole('form', { name: 'Protokoll filtern' });
  const table = page.getByRole('table', { name: /Aktionen der Stadt/ });
  const rows = table.locator('tbody tr');
  await filters.getByLabel('Wer').fill(editor.name.toLowerCase()); // part of a name, in any case
  await filters.getByRole('button', { name: 'Filter anwenden' }).click();
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole('cell', { name: 'Denkmal bearbeitet', exact: true })).toBeVisible();
  await expect(row).toContainText(monumentName);
  // Only the changed field, in words, read aloud with "Vorher" and "Nachher".
  await expect(row.getByRole('listitem')).toHaveText(['Geschlecht: Vorher Nicht angegeben → Nachher Weiblich']);
  await expect(row).not.toContainText('{');
  expect(await seriousViolations(page), 'axe: the audit log with an entry').toEqual([]);

  await filters.getByLabel('Wer').fill(other.name);
  await filters.getByRole('button', { name: 'Filter anwenden' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('cell', { name: 'Antwort der Stadt gespeichert', exact: true })).toBeVisible();
  await expect(rows.first().getByRole('listitem').filter({ hasText: 'Status:' })).toHaveText(
    'Status: Vorher offen → Nachher in Prüfung',
  );

  // By item: the monument's name finds its entries, whoever acted.
  await filters.getByLabel('Wer').fill('');
  await filters.getByLabel('Eintrag: Nummer, Kennung oder Name').fill(monumentName);
  await filters.getByRole('button', { name: 'Filter anwenden' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(editor.name);

  await filters.getByLabel('Eintrag: Nummer, Kennung oder Name').fill('');
  await filters.getByLabel('Wer').fill(editor.name);
  await filters.getByRole('button', { name: 'Filter anwenden' }).click();
  await expect(rows).toHaveCount(1);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Als CSV herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('protokoll.csv');
  const records: string[][] = parse(await readFile(await download.path(), 'utf8'));
  expect(records[0]).toEqual(['Eintrag', 'Zeitpunkt', 'Person', 'Aktion', 'Art', 'Kennung', 'Name', 'Feld', 'Vorher', 'Nachher']);
  expect(records.slice(1).map((r) => r.slice(2))).toEqual([
    [editor.name, 'Denkmal bearbeitet', 'Denkmal', monument.id, monumentName, 'Geschlecht', 'Nicht angegeben', 'Weiblich'],
  ]);
});

test('personal data out of the log: a phone number edited out of a proposal is removed from its entries, after a confirmation; the removal is logged without it', async ({
  page,
  api,
}) => {
  test.slow(); // staff actions; the machine is shared
  const clerk = addStaff('Datenschutz Sachbearbeiterin');
  const monument = await api.addMonument(unique('Platz der Namen'), ...somewhere());
  const phone = `0664 ${String(Date.now()).slice(-7)}`;
  const clean = unique('Tafel für meine Großmutter');
  const proposal = await api.addProposal(monument.id, `${clean}, ruft mich an: ${phone}`);

  await signIn(page, clerk.token, clerk.name);
  await page.getByRole('button', { name: 'Alle Vorschläge' }).click();
  await page.getByLabel(/^Vorschläge oder Denkmäler suchen/).fill(`Nr. ${proposal.id}`);
  const card = page.locator('.admin-card').first();
  await card.getByRole('button', { name: 'Text bearbeiten' }).click();
  await card.getByLabel('Text des Vorschlags').fill(clean);
  await card.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('.admin-status')).toHaveText(`„${clean}“ ist gespeichert.`);

  await page.getByRole('button', { name: 'Protokoll' }).click();
  const filters = page.getByRole('form', { name: 'Protokoll filtern' });
  await filters.getByLabel('Eintrag: Nummer, Kennung oder Name').fill(String(proposal.id));
  await filters.getByRole('button', { name: 'Filter anwenden' }).click();
  const table = page.getByRole('table', { name: /Aktionen der Stadt/ });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(phone);

  await rows.first().getByRole('button', { name: 'Daten entfernen…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Personenbezogene Daten aus dem Protokoll entfernen' });
  await expect(dialog).toContainText(`aus allen Einträgen zu Vorschlag ${proposal.id}`);
  await expect(dialog).toContainText('Das lässt sich nicht rückgängig machen.');
  const text = dialog.getByLabel('Zu entfernender Text (zum Beispiel eine Telefonnummer)');
  await text.fill('06');
  await expect(dialog.getByRole('button', { name: 'Entfernen' })).toBeDisabled();
  // Cancelled: nothing changes.
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(rows.first()).toContainText(phone);

  await rows.first().getByRole('button', { name: 'Daten entfernen…' }).click();
  await text.fill(phone);
  expect(await seriousViolations(page), 'axe: the redaction dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Entfernen' }).click();
  await expect(page.locator('.admin-status')).toHaveText(`Aus 1 Eintrag zu Vorschlag ${proposal.id} entfernt.`);
  await expect(rows).toHaveCount(2);
  await expect(table).not.toContainText(phone);
  await expect(rows.nth(1).getByRole('listitem')).toHaveText([
    `Text des Vorschlags: Vorher ${clean}, ruft mich an: […] → Nachher ${clean}`,
  ]);
  await expect(
    rows.first().getByRole('cell', { name: 'Personenbezogene Daten aus dem Protokoll entfernt', exact: true }),
  ).toBeVisible();
  await expect(rows.first()).toContainText(clerk.name);
  await expect(rows.first().getByRole('listitem')).toHaveText(['Geänderte Protokolleinträge: Vorher (leer) → Nachher 1']);
});
