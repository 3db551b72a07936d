// Hear back: follow a proposal from the popup, confirm from the mail the SMTP peer got,
// see it on /mine, answer as the city in /admin (which shows how many follow), hear the answer by
// mail, unsubscribe from its link; and the same pages' failures, following in this browser only, the
// offer after a vote and after a proposal, and the privacy section. Axe on every new screen.
import { seriousViolations } from './axe';
import { expect, openPopup, popupSettled, test, unique, type Page, somewhere } from './fixtures';
import { linkIn, mailTo } from './mailbox';
import { addStaff, signIn } from './admin-fixtures';

const rowOf = (popup: ReturnType<Page['locator']>, name: string) => popup.getByRole('listitem').filter({ hasText: name });
const addressOf = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.org`;

test('follow from the popup, confirm from the mail, see it on /mine, read the city’s answer by mail, unsubscribe', async ({
  page,
  api,
}) => {
  test.setTimeout(300_000); // a long flow through two mails and five pages; the machine is shared
  const monument = await api.addMonument(unique('Folgen'), ...somewhere());
  const title = unique('Gefolgt');
  const proposal = await api.addProposal(monument.id, title);
  await api.voteAsOthers(proposal.id, monument.id, 7);
  const email = addressOf('folgerin');

  await page.goto('/');
  const popup = await openPopup(page, new RegExp(`^${monument.name} \\(`));
  const follow = rowOf(popup, title).getByRole('button', { name: `„${title}“ folgen` });
  // Keyboard: the row's button opens the form, whose first field takes the focus.
  await follow.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `„${title}“ folgen` });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('E-Mail-Adresse');
  await expect(field).toBeFocused();
  await expect(dialog.getByLabel('Sprache der E-Mails')).toHaveValue('de');
  expect(await seriousViolations(page, 'dialog')).toEqual([]);

  // Empty, then a bad address: clear messages, nothing sent.
  await dialog.getByRole('button', { name: 'Folgen', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Bitte gib deine E-Mail-Adresse ein.');
  await field.fill('nicht-gültig@beispiel');
  await dialog.getByRole('button', { name: 'Folgen', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Diese E-Mail-Adresse können wir nicht annehmen.');

  await field.fill(email);
  await dialog.getByRole('button', { name: 'Folgen', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Bitte bestätige deine Adresse: Wir haben dir eine E-Mail geschickt. Der Link darin gilt 48 Stunden.',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(follow).toBeFocused();

  const confirmation = await mailTo(email, /Bitte bestätigen/);
  const confirmPath = linkIn(confirmation, '/follow/confirm?token=');

  // Opening the link confirms nothing: only the button posts.
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/follow/confirm')) posts.push(request.url());
  });
  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Adresse bestätigen' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(posts).toEqual([]);
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('status')).toContainText('Danke! Du folgst jetzt diesem Vorschlag.');
  // Done, the page no longer asks for it.
  await expect(page.getByRole('heading', { level: 1, name: 'Adresse bestätigt' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`„${title}“ bei ${monument.name}.`);
  const mapLink = page.getByRole('link', { name: 'Auf der Karte zeigen' });
  await expect(mapLink).toHaveAttribute('href', `/?monument=${monument.id}&proposal=${proposal.id}`);
  expect(posts).toHaveLength(1);

  // The same link a second time: used.
  await page.goto(confirmPath);
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('alert')).toContainText('Dieser Link ist falsch, schon benutzt oder abgelaufen');

  await page.goto('/mine');
  const following = page.getByRole('region', { name: /^Gefolgt/ });
  await expect(following.getByRole('heading', { name: title })).toBeVisible();
  await expect(following.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '7 von 10 Stimmen');
  await expect(following).toContainText('Status: Offen');
  expect(await seriousViolations(page)).toEqual([]);

  // The city answers in /admin, whose card says how many follow (never who); the follower hears
  // it in her language, with the one-click unsubscribe headers.
  const statement = { de: 'Die Stadt prüft eine Tafel.', en: 'The city is considering a plaque.' };
  const staff = addStaff('Stadt antwortet');
  await signIn(page, staff.token, staff.name);
  await page.getByRole('button', { name: 'Alle Vorschläge' }).click();
  await page.getByLabel('Vorschläge oder Denkmäler suchen').fill(title);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('listitem').filter({ hasText: 'per E-Mail' })).toHaveText('1 Person folgt per E-Mail');
  await expect(card).not.toContainText(email);
  await card.getByRole('button', { name: 'Antwort der Stadt' }).click();
  const answer = card.getByRole('form', { name: `Offizielle Antwort auf ${title}` });
  await answer.getByLabel('Status').selectOption('in_review');
  await answer.getByLabel('Stellungnahme (Deutsch)').fill(statement.de);
  await answer.getByLabel('Stellungnahme (Englisch)').fill(statement.en);
  await answer.getByRole('button', { name: 'Antwort veröffentlichen' }).click();
  await expect(page.locator('.admin-status')).toHaveText(`Die Antwort auf „${title}“ ist veröffentlicht.`);
  const news = await mailTo(email, /hat zu .* geantwortet/);
  expect(news.text).toContain(statement.de);
  expect(news.text).not.toContain(statement.en);
  // Mails about one proposal open its monument's view with it selected.
  expect(news.text).toContain(`/monuments/${monument.id}?proposal=${proposal.id}`);
  const header = (key: string) => news.headerLines.find((line) => line.key === key)?.line;
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(header('list-unsubscribe')).toMatch(
    /^List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:\d+\/api\/follow\/unsubscribe\?token=[\w-]+>$/,
  );

  await page.goto('/mine');
  await expect(following).toContainText('Status: In Prüfung');
  await expect(following).toContainText(statement.de);

  // Its unsubscribe link: a page with two buttons; "Abmelden" ends this follow.
  await page.goto(linkIn(news, '/follow/unsubscribe?token='));
  await expect(page.getByRole('heading', { level: 1, name: 'Abmelden' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Von allem abmelden' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Abgemeldet: Zu diesem Vorschlag bekommst du keine E-Mails mehr.');
  await expect(page.getByRole('main').getByRole('link', { name: 'Meine Beteiligung' })).toHaveAttribute('href', '/mine');
  await page.goto('/mine');
  await expect(page.getByRole('region', { name: /^Gefolgt/ })).toContainText('Du folgst noch keinem Vorschlag.');
});

test('wrong links: the confirmation and unsubscribe pages say so and change nothing', async ({ page }) => {
  test.slow(); // two pages, each checked with axe; the machine is shared
  const token = 'x'.repeat(43);
  await page.goto(`/follow/confirm?token=${token}`);
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Dieser Link ist falsch, schon benutzt oder abgelaufen (er gilt 48 Stunden).',
  );
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/follow/unsubscribe?token=${token}&all=1`);
  // The mail's "every proposal" link puts that button first.
  await expect(
    page
      .getByRole('button')
      .filter({ hasText: /abmelden/i })
      .first(),
  ).toHaveText('Von allem abmelden');
  await page.getByRole('button', { name: 'Von allem abmelden' }).click();
  await expect(page.getByRole('alert')).toContainText('Dieser Link ist falsch oder wurde schon benutzt.');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/follow/confirm');
  await expect(page.getByRole('alert')).toContainText('Dieser Link ist falsch');
  await expect(page.getByRole('button', { name: 'Bestätigen' })).toHaveCount(0);
});

test('after a vote: follow this proposal in this browser, see it on /mine, stop from there', async ({ page, api }) => {
  test.slow(); // the map, a dialog and /mine twice; the machine is shared
  const monument = await api.addMonument(unique('Merken'), ...somewhere());
  const title = unique('Gemerkt');
  await api.addProposal(monument.id, title);

  await page.goto('/mine');
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Beteiligung' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Abgestimmt/ })).toContainText('noch für keinen Vorschlag gestimmt');
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/');
  const popup = await openPopup(page, new RegExp(`^${monument.name} \\(`));
  // Loaded and still: the popup grows with its list and the map pans it into view, and a click
  // in that moment can land beside the button.
  await popupSettled(page);
  await rowOf(popup, title)
    .getByRole('button', { name: `Für „${title}“ stimmen` })
    .click();
  await expect(popup.getByRole('status').filter({ hasText: 'Deine Stimme wurde gezählt!' })).toBeVisible();
  await popup.getByRole('button', { name: `Weitere Möglichkeiten zu „${title}“` }).click();
  await expect(popup.getByRole('link', { name: 'Meine Beteiligung' })).toHaveAttribute('href', '/mine');
  await popup
    .locator('.follow-offer')
    .getByRole('button', { name: `„${title}“ folgen` })
    .click();

  const dialog = page.getByRole('dialog', { name: `„${title}“ folgen` });
  const remember = dialog.getByRole('button', { name: 'In diesem Browser merken' });
  await expect(remember).toHaveAttribute('aria-pressed', 'false');
  await remember.click();
  await expect(dialog.getByRole('status')).toContainText('Gemerkt');
  await expect(remember).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/mine');
  await expect(page.getByRole('region', { name: /^Abgestimmt/ }).getByRole('heading', { name: title })).toBeVisible();
  const following = page.getByRole('region', { name: /^Gefolgt/ });
  await expect(following.getByRole('heading', { name: title })).toBeVisible();
  await expect(following.getByRole('link', { name: `„${title}“ auf der Karte zeigen` })).toHaveAttribute(
    'href',
    new RegExp(`^/\\?monument=${monument.id}&proposal=\\d+$`),
  );
  await following.getByRole('button', { name: `„${title}“: nicht mehr merken` }).click();
  await expect(following).toContainText('Du folgst noch keinem Vorschlag.');

  // A new proposal's confirmation offers the same: follow it, and the link to /mine, which lists it.
  const mine = unique('Mein Vorschlag');
  await page.goto('/');
  const again = await openPopup(page, new RegExp(`^${monument.name} \\(`));
  await popupSettled(page);
  await again.getByRole('textbox', { name: 'Dein Vorschlag' }).fill(mine);
  await again.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(again.getByRole('status').filter({ hasText: 'Dein Vorschlag wurde hinzugefügt!' })).toBeVisible();
  await again.getByRole('button', { name: `Weitere Möglichkeiten zu „${mine}“` }).click();
  await expect(again.locator('.follow-offer').getByRole('button', { name: `„${mine}“ folgen` })).toBeVisible();
  await again.getByRole('link', { name: 'Meine Beteiligung' }).click();
  await expect(page).toHaveURL(/\/mine$/);
  await expect(page.getByRole('region', { name: /^Vorgeschlagen/ }).getByRole('heading', { name: mine })).toBeVisible();
});

test('the privacy section on following says each rule, in both languages', async ({ page }) => {
  const rules = {
    de: [
      'Eine nicht bestätigte Anmeldung wird nach 48 Stunden gelöscht.',
      'Ein Folgen endet 90 Tage, nachdem sein Vorschlag einen endgültigen Status erreicht hat (abgelehnt, umgesetzt, zusammengeführt oder entfernt) und die letzte E-Mail dazu verschickt wurde.',
      'Meldest du dich ab, löschen wir deine Adresse sofort, außer du folgst mit ihr noch einem anderen Vorschlag.',
      'Für die Begrenzung von Anfragen verwenden wir nur mit einem Schlüssel gebildete Hashes der Adressen, nie die Adressen selbst.',
      'E-Mail-Adressen erscheinen nie in Protokollen (Logs).',
    ],
    en: [
      'A follow that is not confirmed is deleted after 48 hours.',
      'A follow ends 90 days after its proposal reached a final status (declined, done, merged or removed) and its last e-mail went out.',
      'If you unsubscribe, we delete your address at once, unless it still follows another proposal.',
      'To limit requests we use only keyed hashes of addresses, never the addresses themselves.',
      'E-mail addresses never appear in logs.',
    ],
  };
  await page.goto('/datenschutz');
  const section = page.getByRole('region', { name: 'Einem Vorschlag folgen' });
  for (const rule of rules.de) await expect(section).toContainText(rule);
  await page.getByRole('button', { name: 'Switch to English' }).click();
  const english = page.getByRole('region', { name: 'Following a proposal' });
  for (const rule of rules.en) await expect(english).toContainText(rule);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('the header keeps its five links and the language switch on one 360 px row; the follow form fits', async ({
    page,
    api,
  }, testInfo) => {
    test.slow(); // the map and a dialog; the machine is shared
    await page.goto('/mine');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Schließen und zurück zur Karte' })).toBeVisible();
    await page.goto('/');
    await expect(header.getByRole('link', { name: 'Meine Beteiligung' })).toBeVisible();
    const fits = await header.evaluate((element) => {
      const boxes = [...element.querySelectorAll('a, button')].map((el) => el.getBoundingClientRect());
      const title = element.querySelector('.header__title');
      const nav = element.querySelector('nav');
      return {
        overflow: element.scrollWidth - element.clientWidth,
        right: Math.max(...boxes.map((b) => b.right)),
        // The title must end before the navigation starts (not run under the language switch).
        titleEnd: title ? title.getBoundingClientRect().left + title.scrollWidth : Infinity,
        navStart: nav?.getBoundingClientRect().left ?? 0,
      };
    });
    expect(fits.overflow).toBeLessThanOrEqual(0);
    expect(fits.right).toBeLessThanOrEqual(360);
    expect(fits.titleEnd).toBeLessThanOrEqual(fits.navStart);
    await page.screenshot({ path: testInfo.outputPath('header-360.png') });

    await page.setViewportSize({ width: 390, height: 800 });
    const monument = await api.addMonument(unique('Telefon'), ...somewhere());
    const title = unique('Am Telefon');
    await api.addProposal(monument.id, title);
    await page.reload();
    const popup = await openPopup(page, new RegExp(`^${monument.name} \\(`));
    await page.screenshot({ path: testInfo.outputPath('popup-390.png') });
    await rowOf(popup, title)
      .getByRole('button', { name: `„${title}“ folgen` })
      .click();
    const dialog = page.getByRole('dialog', { name: `„${title}“ folgen` });
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('follow-dialog-390.png') });
  });
});
