// The staff area at /admin in Chromium: sign-in and sign-out, every staff action through the UI
// and the audit entry it leaves, a 401 returning to the sign-in form.
import { seriousViolations } from './axe';
import { addStaff, auditOf, auditRow, revokeStaff, searchQueue, signIn } from './admin-fixtures';
import { expect, test, unique, type Page } from './fixtures';

// axe judges the structure, the same in both languages (as in screens.spec.ts, which also checks
// both languages' layout here): German, the first.
test.describe('axe on /admin', () => {
  const lang = 'de';
  test('the sign-in form and the review queue have no serious or critical violations', async ({
    page,
    api,
    playwright,
    baseURL,
  }) => {
    const { name, token } = addStaff('Barrierefrei');
    const monument = await api.addMonument(unique('Gemeldet'), 48.31, 14.28);
    const proposal = await api.addProposal(monument.id, unique('Gemeldeter Vorschlag'));
    const reporter = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    await reporter.post(`/api/interventions/${proposal.id}/reports`, { data: { reason: 'spam', comment: 'Werbung' } });
    await reporter.dispose();

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.page')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    await signIn(page, token, name, lang);
    // The views' buttons stand above the vote alerts: the alerts' table, coming after the buttons
    // were drawn, would otherwise push them down under a click.
    const nav = await page
      .getByRole('navigation', { name: lang === 'de' ? 'Bereich für die Stadt' : 'Staff area' })
      .boundingBox();
    const alerts = await page.getByRole('region', { name: lang === 'de' ? 'Hinweise zu Stimmen' : 'Vote alerts' }).boundingBox();
    expect(nav!.y + nav!.height).toBeLessThanOrEqual(alerts!.y);
    // A refusal is said in the staff member's language, not in the server's English ("Unknown proposal.").
    await page.getByRole('button', { name: lang === 'de' ? 'Stimmen prüfen' : 'Check votes' }).click();
    await page.getByLabel(lang === 'de' ? 'Nummer des Vorschlags' : 'Proposal number').fill('987654321');
    await page.getByRole('button', { name: lang === 'de' ? 'Anzeigen' : 'Show' }).click();
    await expect(
      page.getByText(
        lang === 'de'
          ? 'Das gibt es nicht (mehr). Vielleicht ist die Nummer falsch, oder jemand hat es inzwischen zusammengeführt oder entfernt.'
          : 'That does not exist (any more). Perhaps the number is wrong, or someone has merged or removed it meanwhile.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Unknown proposal.', { exact: false })).toHaveCount(0);
    await page.getByRole('button', { name: lang === 'de' ? /^Prüfen \(\d+\)$/ : /^To check \(\d+\)$/ }).click();
    await searchQueue(page, monument.name, lang);
    await expect(page.getByRole('article', { name: monument.name })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Meldungen \(\d+\)$/ }).click();
    await searchQueue(page, proposal.name, lang);
    await expect(page.getByRole('article', { name: proposal.name })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

const status = (page: Page) => page.locator('.admin-status');

test('a wrong token is refused; sign-out ends the session; a revoked member is sent back to sign in', async ({ page }) => {
  const { name, token } = addStaff('Sachbearbeiterin');
  await page.goto('/admin');
  await page.getByLabel('Zugangsschlüssel').fill(`${token}x`);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Zugangsschlüssel ist ungültig/);

  await signIn(page, token, name);
  // A result said in German does not stay standing once the page speaks English.
  await expect(status(page)).toHaveText('Sie sind angemeldet.');
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(status(page)).toHaveText('');
  await page.getByRole('button', { name: 'Auf Deutsch umschalten' }).click();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(status(page)).toHaveText('Sie sind abgemeldet.');
  await expect(page.getByLabel('Zugangsschlüssel')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Anmeldung für Mitarbeiter:innen' })).toBeVisible();

  await signIn(page, token, name);
  revokeStaff(name);
  await page.getByRole('button', { name: 'Protokoll' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Sitzung ist abgelaufen/);
  await expect(page.getByLabel('Zugangsschlüssel')).toBeVisible();
});

test('monument: reports shown as text, edit (marker and fields), validate, reject, restore, each in the audit log', async ({
  page,
  api,
  playwright,
  baseURL,
}) => {
  test.slow(); // a long flow of staff actions; the machine is shared
  const { name, token } = addStaff('Prüferin');
  const monumentName = unique('Brunnen');
  const monument = await api.addMonument(monumentName, 48.3, 14.29);
  const reporter = await playwright.request.newContext({ baseURL: baseURL ?? '' });
  const report = await reporter.post(`/api/monuments/${monument.id}/reports`, {
    data: { reason: 'wrong', comment: '<b>steht woanders</b>' },
  });
  expect(report.status()).toBe(201);
  await reporter.dispose();

  await signIn(page, token, name);
  await page.getByRole('button', { name: /^Meldungen \(\d+\)$/ }).click();
  await searchQueue(page, monumentName);
  const card = page.getByRole('article', { name: monumentName });
  await expect(card).toContainText('Von Besucher:innen hinzugefügt');
  await expect(card).toContainText('Falsch (existiert nicht, falscher Ort, doppelt)');
  await expect(card.getByText('<b>steht woanders</b>')).toBeVisible();

  await card.getByRole('button', { name: 'Bearbeiten' }).click();
  const form = card.getByRole('form', { name: `${monumentName} bearbeiten` });
  await form.getByLabel('Name (Englisch)').fill(`${monumentName} EN`);
  await form.getByLabel('Kategorie').selectOption({ label: 'Brunnen' });
  await form.getByLabel('Erinnert an').selectOption('female');
  await form.getByLabel('Kurzbeschreibung (Deutsch)').fill('Ein Brunnen am Platz.');
  const lat = form.getByLabel('Breitengrad');
  await expect(lat).toHaveValue('48.3');
  await expect(form.locator('.leaflet-marker-icon')).toBeVisible();
  expect(await seriousViolations(page), 'axe: the edit form with its map').toEqual([]);
  const marker = form.locator('.leaflet-marker-icon');
  await form.getByRole('region', { name: 'Karte für die Position des Denkmals' }).scrollIntoViewIfNeeded();
  const box = await marker.boundingBox();
  if (!box) throw new Error('no marker');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height / 2 - 30, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 - 60, { steps: 5 });
  await page.mouse.up();
  await expect(lat).not.toHaveValue('48.3');
  expect(Number(await lat.inputValue())).toBeGreaterThan(48.3);
  await form.getByLabel('Längengrad').fill('14.2912');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(status(page)).toHaveText(`„${monumentName}“ ist gespeichert.`);
  const saved = await api.monument(monumentName);
  expect(saved).toMatchObject({ name_en: `${monumentName} EN`, category: 'fountain', sex: 'female', geoLocY: 14.2912 });
  expect(saved.geoLocX).toBeGreaterThan(48.3);

  await card.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(status(page)).toHaveText(`„${monumentName}“ ist bestätigt.`);
  expect((await api.monument(monumentName)).validated).toBe(true);

  await card.getByRole('button', { name: 'Ausblenden (Moderation)…' }).click();
  const dialog = page.getByRole('dialog', { name: `„${monumentName}“ ausblenden (Moderation)` });
  await dialog.getByRole('radio', { name: 'Werbung oder Spam' }).check();
  await dialog.getByRole('button', { name: 'Ausblenden', exact: true }).click();
  await expect(status(page)).toHaveText(`„${monumentName}“ ist ausgeblendet.`);
  await expect.poll(async () => (await api.monuments()).some((m) => m.id === monument.id)).toBe(false);

  const rejected = page.getByRole('region', { name: 'In dieser Sitzung ausgeblendet' });
  await rejected.getByRole('article', { name: monumentName }).getByRole('button', { name: 'Wiederherstellen' }).click();
  await expect(status(page)).toHaveText(`„${monumentName}“ ist wiederhergestellt.`);
  await expect.poll(async () => (await api.monuments()).some((m) => m.id === monument.id)).toBe(true);

  const audit = await auditOf(page, monument.id);
  for (const action of [
    'Denkmal bearbeitet',
    'Denkmal als geprüft bestätigt',
    'Denkmal ausgeblendet (Moderation)',
    'Denkmal wieder öffentlich gemacht',
  ]) {
    await expect(auditRow(audit, action)).toHaveCount(1);
    await expect(auditRow(audit, action)).toContainText(name);
  }
  await expect(auditRow(audit, 'Denkmal bearbeitet')).toContainText(`${monumentName} EN`);
  await expect(auditRow(audit, 'Denkmal bearbeitet')).toContainText('14,29120°');
});

test('merge: chosen with the search box after a confirmation; proposals and votes move; audited', async ({
  page,
  api,
  request,
}) => {
  test.slow(); // a long flow of staff actions; the machine is shared
  const { name, token } = addStaff('Archivar');
  const duplicateName = unique('Doppelt');
  const duplicate = await api.addMonument(duplicateName, 48.301, 14.291);
  const kept = await api.addMonument(unique('Behalten'), 48.302, 14.292);
  const proposal = await api.addProposal(duplicate.id, unique('Eine Frau'));
  await api.voteAsOthers(proposal.id, duplicate.id, 2);

  await signIn(page, token, name);
  await searchQueue(page, duplicateName);
  await page.getByRole('article', { name: duplicateName }).getByRole('button', { name: 'Zusammenführen…' }).click();
  const dialog = page.getByRole('dialog', { name: `„${duplicateName}“ mit einem anderen Denkmal zusammenführen` });
  await expect(dialog.getByRole('button', { name: 'Zusammenführen' })).toBeDisabled();
  await dialog.getByLabel('Denkmäler suchen').fill(kept.name);
  await dialog.getByRole('radio', { name: new RegExp(kept.name) }).check();
  expect(await seriousViolations(page), 'axe: the merge dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Zusammenführen' }).click();
  await expect(status(page)).toHaveText(
    `„${duplicateName}“ ist mit „${kept.name}“ zusammengeführt: 1 Vorschlag und 2 Stimmen übertragen.`,
  );

  const moved = await api.proposals(kept.id);
  expect(moved).toEqual([expect.objectContaining({ id: proposal.id, votes: 2 })]);
  const old = await request.get(`/api/monuments/${duplicate.id}`);
  expect(old.status()).toBe(200);
  expect(((await old.json()) as { id: string }).id).toBe(kept.id);

  const audit = await auditOf(page, duplicate.id);
  await expect(auditRow(audit, 'Denkmal mit einem anderen zusammengeführt')).toHaveCount(1);
  await expect(auditRow(audit, 'Denkmal mit einem anderen zusammengeführt')).toContainText(name);
});

test('proposal merge in /admin: the same monument’s proposals offered first, found by number, confirmed; votes move once per browser; audited', async ({
  page,
  api,
}) => {
  test.slow(); // a long flow of staff actions; the machine is shared
  const { name, token } = addStaff('Zusammenführerin');
  const monument = await api.addMonument(unique('Zwei gleiche'), 48.303, 14.293);
  const elsewhere = await api.addMonument(unique('Anderswo'), 48.304, 14.294);
  const keptName = unique('Gedenktafel für Marie');
  const duplicateName = unique('Tafel für Marie');
  const kept = await api.addProposal(monument.id, keptName);
  const duplicate = await api.addProposal(monument.id, duplicateName);
  const other = await api.addProposal(elsewhere.id, unique('Tafel anderswo'));
  await api.voteAsOthers(kept.id, monument.id, 1);
  await api.voteAsOthers(duplicate.id, monument.id, 2);

  await signIn(page, token, name);
  await page.getByRole('button', { name: 'Alle Vorschläge' }).click();
  await page.getByLabel(/^Vorschläge oder Denkmäler suchen/).fill(duplicateName);
  const card = page.getByRole('article', { name: duplicateName });
  await card.getByRole('button', { name: 'Zusammenführen…' }).click();
  const dialog = page.getByRole('dialog', { name: `„${duplicateName}“ mit einem anderen Vorschlag zusammenführen` });
  await expect(dialog).toContainText('Das lässt sich nicht rückgängig machen.');
  await expect(dialog.getByRole('button', { name: 'Zusammenführen' })).toBeDisabled();
  // Offered first: the other proposal at the same monument, with its number and monument.
  await expect(dialog.locator('.admin-merge__choice').first()).toContainText(`${keptName} Nr. ${kept.id} · ${monument.name}`);
  const search = dialog.getByLabel('Vorschläge suchen (Name, Denkmal oder Nummer)');
  await search.fill(`Nr. ${other.id}`);
  await expect(dialog.locator('.admin-merge__choice')).toHaveCount(1);
  await search.fill(`Nr. ${kept.id}`);
  await dialog.getByRole('radio', { name: new RegExp(keptName) }).check();
  await expect(dialog).toContainText(`„${duplicateName}“ wird mit „${keptName}“ zusammengeführt.`);
  expect(await seriousViolations(page), 'axe: the proposal merge dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Zusammenführen' }).click();
  await expect(status(page)).toHaveText(`„${duplicateName}“ ist mit „${keptName}“ zusammengeführt; dieser hat jetzt 3 Stimmen.`);

  const after = await api.proposals(monument.id);
  expect(after.map((p) => ({ id: p.id, votes: p.votes }))).toEqual([{ id: kept.id, votes: 3 }]);
  const audit = await auditOf(page, duplicate.id);
  await expect(auditRow(audit, 'Vorschlag mit einem ähnlichen zusammengeführt')).toContainText(name);
});

test('proposal: edit text, official answer (none in either language refused), hide, restore, each in the audit log', async ({
  page,
  api,
}) => {
  test.slow(); // a long flow of staff actions; the machine is shared
  const { name, token } = addStaff('Referentin');
  const monument = await api.monument('Hessendenkmal');
  const title = unique('Denkmal für Johanna');
  const proposal = await api.addProposal(monument.id, title);
  const corrected = `${title} (korrigiert)`;

  await signIn(page, token, name);
  await page.getByRole('button', { name: 'Alle Vorschläge' }).click();
  // The number the mails name ("Vorschlag Nr. 12") finds the card, and the card shows it.
  await page.getByLabel('Vorschläge oder Denkmäler suchen').fill(`Nr. ${proposal.id}`);
  let card = page.getByRole('article', { name: title });
  await expect(card.locator('.admin-tags')).toContainText(`Nr. ${proposal.id}`);
  await expect(page.locator('.admin-card')).toHaveCount(1);
  await page.getByLabel('Vorschläge oder Denkmäler suchen').fill(title);
  await card.getByRole('button', { name: 'Text bearbeiten' }).click();
  await card.getByLabel('Text des Vorschlags').fill(corrected);
  await card.getByRole('button', { name: 'Speichern' }).click();
  await expect(status(page)).toHaveText(`„${corrected}“ ist gespeichert.`);

  await page.getByLabel('Vorschläge oder Denkmäler suchen').fill(corrected);
  card = page.getByRole('article', { name: corrected });
  await card.getByRole('button', { name: 'Antwort der Stadt' }).click();
  const answer = card.getByRole('form', { name: `Offizielle Antwort auf ${corrected}` });
  await answer.getByLabel('Status').selectOption('planned');
  // No statement in either language: the form says so and sends nothing (one language is enough).
  await answer.getByLabel('Stellungnahme (Deutsch)').fill('   ');
  await answer.getByRole('button', { name: 'Antwort veröffentlichen' }).click();
  await expect(answer.getByRole('alert')).toHaveText('Bitte schreiben Sie die Stellungnahme auf Deutsch oder auf Englisch.');
  await answer.getByLabel('Stellungnahme (Englisch)').fill('We will build it.');
  expect((await api.proposals(monument.id)).find((i) => i.id === proposal.id)).toMatchObject({
    status: 'open',
    answer: null,
  });

  await answer.getByLabel('Stellungnahme (Deutsch)').fill('Wir bauen es.');
  await answer.getByRole('button', { name: 'Antwort veröffentlichen' }).click();
  await expect(status(page)).toHaveText(`Die Antwort auf „${corrected}“ ist veröffentlicht.`);
  expect((await api.proposals(monument.id)).find((i) => i.id === proposal.id)).toMatchObject({
    name: corrected,
    status: 'planned',
    answer: { de: 'Wir bauen es.', en: 'We will build it.' },
  });

  await card.getByRole('button', { name: 'Ausblenden (Moderation)…' }).click();
  const hide = page.getByRole('dialog', { name: `Den Vorschlag „${corrected}“ ausblenden (Moderation)` });
  await hide.getByRole('radio', { name: 'Eigene Begründung' }).check();
  await hide.getByRole('textbox', { name: /^Begründung/ }).fill('Bitte sachlich bleiben.');
  await hide.getByRole('button', { name: 'Ausblenden', exact: true }).click();
  await expect(status(page)).toHaveText(`„${corrected}“ ist ausgeblendet.`);
  await expect.poll(async () => (await api.proposals(monument.id)).some((i) => i.id === proposal.id)).toBe(false);

  await page.getByRole('button', { name: /^Prüfen \(\d+\)$/ }).click();
  await page
    .getByRole('region', { name: 'In dieser Sitzung ausgeblendet' })
    .getByRole('article', { name: corrected })
    .getByRole('button', { name: 'Wiederherstellen' })
    .click();
  await expect(status(page)).toHaveText(`„${corrected}“ ist wiederhergestellt.`);
  await expect.poll(async () => (await api.proposals(monument.id)).some((i) => i.id === proposal.id)).toBe(true);

  const audit = await auditOf(page, proposal.id);
  for (const action of [
    'Vorschlag bearbeitet',
    'Antwort der Stadt gespeichert',
    'Vorschlag ausgeblendet (Moderation)',
    'Vorschlag wieder öffentlich gemacht',
  ]) {
    await expect(auditRow(audit, action)).toHaveCount(1);
    await expect(auditRow(audit, action)).toContainText(name);
  }
  await expect(auditRow(audit, 'Vorschlag bearbeitet')).toContainText(title);
  await expect(auditRow(audit, 'Vorschlag bearbeitet')).toContainText(corrected);
  await expect(auditRow(audit, 'Antwort der Stadt gespeichert')).toContainText('Wir bauen es.');
});

test('outbox: the mayor notification of a proposal at 10 votes is listed with its state', async ({ page, api }) => {
  const { name, token } = addStaff('Postamt');
  const monument = await api.monument('Hessendenkmal');
  const title = unique('Zehn Stimmen');
  const proposal = await api.addProposal(monument.id, title);
  await api.voteAsOthers(proposal.id, monument.id, 10);

  await signIn(page, token, name);
  await page.getByRole('button', { name: 'Postausgang' }).click();
  const table = page.getByRole('table', { name: 'E-Mails an das Büro des Bürgermeisters' });
  const row = table.getByRole('row', { name: new RegExp(title) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText(/Wartet|Wird gesendet|Gesendet/);
  expect(await seriousViolations(page), 'axe: the outbox').toEqual([]);
});

test('keyboard: sign in with Enter; the hide dialog takes focus, Escape closes it and focus returns', async ({ page, api }) => {
  const { name, token } = addStaff('Tastatur');
  const monumentName = unique('Tastenbrunnen');
  await api.addMonument(monumentName, 48.305, 14.285);
  await page.goto('/admin');
  await page.getByLabel('Zugangsschlüssel').focus();
  await page.keyboard.type(token);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Bereich für die Stadt' })).toBeFocused();
  await expect(page.getByText(`Angemeldet als ${name}`, { exact: true })).toBeVisible();

  await searchQueue(page, monumentName);
  const reject = page.getByRole('article', { name: monumentName }).getByRole('button', { name: 'Ausblenden (Moderation)…' });
  await reject.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `„${monumentName}“ ausblenden (Moderation)` });
  // The first reason takes focus; hiding stays disabled until one is chosen.
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Ausblenden', exact: true })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(reject).toBeFocused();
  expect((await api.monuments()).some((m) => m.name === monumentName)).toBe(true);
});

test('audit log: filtered by who, 50 entries a page, "older" and "newer" page through the rest', async ({
  page,
  api,
  request,
}) => {
  test.slow(); // a long flow of staff actions; the machine is shared
  const { name, token } = addStaff('Vielbeschäftigt');
  const monument = await api.monument('Hessendenkmal');
  const proposal = await api.addProposal(monument.id, unique('Oft beantwortet'));
  // 51 answers through the city's REST endpoint (bearer token), each one audit entry.
  for (let i = 1; i <= 51; i++) {
    const res = await request.put(`/api/staff/interventions/${proposal.id}/answer`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'in_review', statement: { de: `Antwort ${i}`, en: `Answer ${i}` } },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await signIn(page, token, name);
  await page.getByRole('button', { name: 'Protokoll' }).click();
  await page.getByLabel('Wer').fill(name);
  await page.getByRole('button', { name: 'Filter anwenden' }).click();
  const table = page.getByRole('table', { name: /Aktionen der Stadt/ });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText('Answer 51');
  await expect(page.getByRole('button', { name: 'Neuere Einträge' })).toBeDisabled();
  expect(await seriousViolations(page), 'axe: the audit log').toEqual([]);
  await page.getByRole('button', { name: 'Ältere Einträge' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(/Answer 1(?!\d)/);
  await expect(page.getByRole('button', { name: 'Ältere Einträge' })).toBeDisabled();
  await page.getByRole('button', { name: 'Neuere Einträge' }).click();
  await expect(rows).toHaveCount(50);
});

test('a proposal rejected elsewhere is opened by its id and restored', async ({ page, api, playwright, baseURL }) => {
  const { name, token } = addStaff('Vertretung');
  const monument = await api.monument('Hessendenkmal');
  const title = unique('Abgelehnt von woanders');
  const proposal = await api.addProposal(monument.id, title);
  // Another staff member (here the city's own system, by bearer token) rejected it.
  const city = await playwright.request.newContext({
    baseURL: baseURL ?? '',
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  expect(
    (await city.post('/trpc/staff.proposals.reject', { data: { proposalId: proposal.id, reason: { text: 'Spam' } } })).status(),
  ).toBe(200);
  await city.dispose();
  expect((await api.proposals(monument.id)).some((i) => i.id === proposal.id)).toBe(false);

  await signIn(page, token, name);
  const lookup = page.getByRole('region', { name: 'Denkmal oder Vorschlag über die Kennung öffnen' });
  await lookup.getByLabel('Art').selectOption('proposal');
  await lookup.getByLabel('Kennung').fill(String(proposal.id));
  await lookup.getByRole('button', { name: 'Öffnen' }).click();
  await lookup.getByRole('article', { name: title }).getByRole('button', { name: 'Wiederherstellen' }).click();
  await expect(status(page)).toHaveText(`„${title}“ ist wiederhergestellt.`);
  await expect.poll(async () => (await api.proposals(monument.id)).some((i) => i.id === proposal.id)).toBe(true);
});

test.describe('a first visit', () => {
  test.use({ seenIntro: false });
  test('the citizens’ welcome is not shown on /admin; staff can sign in at once', async ({ page }) => {
    const { name, token } = addStaff('Neu');
    await signIn(page, token, name);
    await expect(page.getByRole('dialog', { name: 'Willkommen!' })).toHaveCount(0);
  });
});

test('outbox: a mail the mayor’s server refused for good is sent again from its row; audited', async ({
  page,
  api,
  playwright,
  baseURL,
}) => {
  const { name, token } = addStaff('Poststelle');
  const monument = await api.monument('Hessendenkmal');
  // The e2e SMTP peer (playwright.config.ts) refuses (550) a mail that names a proposal with "Unzustellbar".
  const title = unique('Unzustellbar');
  const proposal = await api.addProposal(monument.id, title);
  await api.voteAsOthers(proposal.id, monument.id, 10);
  const city = await playwright.request.newContext({
    baseURL: baseURL ?? '',
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const entry = async () =>
    (
      (await (await city.get('/api/staff/outbox')).json()) as {
        id: number;
        proposalId: number;
        status: string;
        attempts: number;
      }[]
    ).find((e) => e.proposalId === proposal.id);
  await expect.poll(async () => (await entry())?.status, { timeout: 15_000 }).toBe('failed');
  expect((await entry())?.attempts).toBe(1);

  await signIn(page, token, name);
  await page.getByRole('button', { name: 'Postausgang' }).click();
  const row = page
    .getByRole('table', { name: 'E-Mails an das Büro des Bürgermeisters' })
    .getByRole('row', { name: new RegExp(title) });
  await expect(row.getByRole('cell').first()).toHaveText('Fehlgeschlagen');
  await expect(row.getByRole('cell').nth(2)).toContainText('550');
  await row.getByRole('button', { name: `E-Mail zu „${title}“ erneut senden` }).click();
  await expect(status(page)).toHaveText(`Die E-Mail zu „${title}“ wird erneut gesendet.`);
  // Sent again, and refused again by the same server: a second attempt.
  await expect.poll(async () => (await entry())?.attempts, { timeout: 15_000 }).toBe(2);
  const notificationId = (await entry())?.id ?? -1;
  await city.dispose();

  const audit = await auditOf(page, notificationId);
  await expect(auditRow(audit, 'E-Mail an das Bürgermeisterbüro erneut gesendet')).toHaveCount(1);
  await expect(auditRow(audit, 'E-Mail an das Bürgermeisterbüro erneut gesendet')).toContainText(name);
});
