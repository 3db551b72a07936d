// A first day at the city's desk: a new staff member signs in and works
// through ten items of their own with the words on the screen alone: two hidden with reasons, one
// place and one category corrected, the other monuments confirmed, three proposals answered in
// German only. Then each act is in the audit log, filtered to that person, in plain words with
// only the changed fields.
import { addStaff, searchQueue, signIn } from './admin-fixtures';
import { expect, somewhere, test, unique, type Page } from './fixtures';

const status = (page: Page) => page.locator('.admin-status');

test('a new staff member clears ten items and finds each act in the audit log in words', async ({ page, api }) => {
  test.slow(); // some thirty staff actions in one browser on a shared machine
  const tag = unique('Tag');
  const names = Array.from({ length: 7 }, (_, i) => `Erster Tag ${i + 1} ${tag}`);
  const monuments = [];
  for (const name of names) monuments.push(await api.addMonument(name, ...somewhere()));
  const answered = monuments[6]!;
  const proposals = [];
  for (const i of [1, 2, 3]) proposals.push(await api.addProposal(answered.id, `Vorschlag ${i} ${tag}`));

  const { name, token } = addStaff('Neu im Team');
  await signIn(page, token, name);
  const review = page.getByRole('button', { name: /^Prüfen \(\d+\)$/ });
  await expect(review).toBeVisible();
  // The day's ten items, whatever else waits in the queue.
  await searchQueue(page, tag);
  const card = (label: string) => page.getByRole('article', { name: label });

  // Two hidden, each with a reason: one from the list, one written for the case.
  for (const [i, reason] of [
    [0, 'Werbung oder Spam'],
    [1, 'Eigene Begründung'],
  ] as const) {
    await card(names[i]!).getByRole('button', { name: 'Ausblenden (Moderation)…' }).click();
    const dialog = page.getByRole('dialog', { name: `„${names[i]}“ ausblenden (Moderation)` });
    await dialog.getByRole('radio', { name: reason }).check();
    if (reason === 'Eigene Begründung')
      await dialog.getByRole('textbox', { name: /^Begründung/ }).fill('Steht so nicht in Linz.');
    await dialog.getByRole('button', { name: 'Ausblenden', exact: true }).click();
    await expect(status(page)).toHaveText(`„${names[i]}“ ist ausgeblendet.`);
  }

  // One place and one category corrected, then confirmed with the three others.
  await card(names[2]!).getByRole('button', { name: 'Bearbeiten' }).click();
  let form = card(names[2]!).getByRole('form', { name: `${names[2]} bearbeiten` });
  // Five decimals ending in 1: written back exactly as typed.
  const [lat, lng] = somewhere().map((v) => `${v.toFixed(4)}1`);
  await form.getByLabel('Breitengrad').fill(lat!);
  await form.getByLabel('Längengrad').fill(lng!);
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(status(page)).toHaveText(`„${names[2]}“ ist gespeichert.`);
  await card(names[3]!).getByRole('button', { name: 'Bearbeiten' }).click();
  form = card(names[3]!).getByRole('form', { name: `${names[3]} bearbeiten` });
  await form.getByLabel('Kategorie').selectOption({ label: 'Gedenktafel' });
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(status(page)).toHaveText(`„${names[3]}“ ist gespeichert.`);
  for (const label of names.slice(2)) {
    await card(label).getByRole('button', { name: 'Bestätigen' }).click();
    await expect(card(label)).toHaveCount(0);
  }

  // Three answers, in German only.
  await page.getByRole('button', { name: 'Alle Vorschläge' }).click();
  for (const proposal of proposals) {
    await page.getByLabel('Vorschläge oder Denkmäler suchen').fill(proposal.name);
    await card(proposal.name).getByRole('button', { name: 'Antwort der Stadt' }).click();
    const answer = card(proposal.name).getByRole('form', { name: `Offizielle Antwort auf ${proposal.name}` });
    await answer.getByLabel('Status').selectOption('in_review');
    await answer.getByLabel('Stellungnahme (Deutsch)').fill('Wir prüfen den Vorschlag im Kulturausschuss.');
    await answer.getByRole('button', { name: 'Antwort veröffentlichen' }).click();
    await expect(status(page)).toHaveText(`Die Antwort auf „${proposal.name}“ ist veröffentlicht.`);
  }

  // The audit log, filtered to this person: every act, in words, only what changed.
  await page.getByRole('button', { name: 'Protokoll' }).click();
  const filters = page.getByRole('form', { name: 'Protokoll filtern' });
  await filters.getByLabel('Wer').fill(name);
  await filters.getByRole('button', { name: 'Filter anwenden' }).click();
  const rows = page.getByRole('table', { name: /Aktionen der Stadt/ }).locator('tbody tr');
  await expect(rows).toHaveCount(2 + 2 + 5 + 3);
  const row = (action: string, item: string) =>
    rows.filter({ has: page.getByRole('cell', { name: action, exact: true }) }).filter({ hasText: item });
  await expect(row('Denkmal ausgeblendet (Moderation)', names[0]!)).toContainText('Werbung oder Spam');
  await expect(row('Denkmal ausgeblendet (Moderation)', names[1]!)).toContainText('Steht so nicht in Linz.');
  await expect(row('Denkmal bearbeitet', names[2]!).getByRole('listitem').filter({ hasText: 'Breitengrad:' })).toHaveText(
    new RegExp(`^Breitengrad: Vorher [\\d,]+° → Nachher ${lat!.replace('.', ',')}°$`),
  );
  await expect(row('Denkmal bearbeitet', names[3]!).getByRole('listitem')).toHaveText([
    'Kategorie: Vorher Unbestimmt → Nachher Gedenktafel',
  ]);
  for (const label of names.slice(2)) await expect(row('Denkmal als geprüft bestätigt', label)).toHaveCount(1);
  for (const proposal of proposals) {
    const answer = row('Antwort der Stadt gespeichert', proposal.name);
    await expect(answer.getByRole('listitem').filter({ hasText: 'Status:' })).toHaveText(
      'Status: Vorher offen → Nachher in Prüfung',
    );
    await expect(answer).toContainText('Wir prüfen den Vorschlag im Kulturausschuss.');
  }
  // Words, not the log's keys or records.
  await expect(page.getByRole('table', { name: /Aktionen der Stadt/ })).not.toContainText(/monument\.|proposal\.|\{"/);
});
