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
