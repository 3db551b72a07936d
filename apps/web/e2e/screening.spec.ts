// The word screen end to end (docs/screening.md): a proposal with a listed word is held. Its author
// sees it as "wird geprüft" in the popup and on /mine; another browser, the feeds, GeoJSON and
// Open311 do not see it; staff find it first in /admin with the word marked, approve it, and then
// everyone sees it and can vote for it. (MODERATION=pre is covered by the API tests.)
import type { Browser } from '@playwright/test';
import { addStaff, revokeStaff, signIn } from './admin-fixtures';
import { seriousViolations } from './axe';
import { expect, openPopup, test, unique, type Page, somewhere } from './fixtures';

/** A page in a browser of its own (its own cookies and storage): another visitor, or staff. */
async function otherPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'de-AT', timezoneId: 'Europe/Vienna' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await context.addInitScript(() => {
    localStorage.setItem('lang', 'de');
    localStorage.setItem('introSeen', 'true');
  });
  return context.newPage();
}

test('a held proposal: under review for its author, absent for others and the open data, approved in /admin, then votable', async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  // Three browsers (author, another visitor, staff) and a staff member made with the CLI: about
  // 30 s on a quiet machine, so the default 45 s is tripled.
  test.slow();
  const monumentName = unique('Wortfilter');
  const monument = await api.addMonument(monumentName, ...somewhere());
  const marker = new RegExp(`^${monumentName} \\(`);
  const title = `${unique('Tafel')} für den W1chser`;

  // The author proposes: held, "wird geprüft" in the popup.
  await page.goto('/');
  let popup = await openPopup(page, marker);
  await popup.getByRole('textbox', { name: 'Dein Vorschlag' }).fill(title);
  const sent = page.waitForResponse(
    (r) => r.url().endsWith(`/api/interventions/${monument.id}`) && r.request().method() === 'POST',
  );
  await popup.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  const answer = (await (await sent).json()) as { id: number; underReview: boolean };
  expect(answer.underReview).toBe(true);
  await expect(popup.getByRole('status')).toHaveText(
    'Danke! Dein Vorschlag wird geprüft und erscheint für alle, sobald die Stadt ihn freigibt.',
  );
  const review = popup.getByRole('list', { name: 'wird geprüft' });
  await expect(review.getByRole('listitem')).toHaveText(`${title} wird geprüft`);
  await expect(popup.getByRole('list', { name: 'Vorgeschlagene Interventionen' })).toHaveCount(0);
  // …and on /mine.
  await page.goto('/mine');
  const own = page.getByRole('listitem').filter({ hasText: title });
  await expect(own).toContainText('wird geprüft');
  await expect(own).toContainText('Nur du siehst das in diesem Browser.');

  // Another browser sees nothing of it, nor do the open data.
  const other = await otherPage(browser, baseURL ?? '');
  await other.goto('/');
  popup = await openPopup(other, marker);
  await expect(popup.getByText('Noch keine Vorschläge', { exact: false })).toBeVisible();
  await expect(popup).not.toContainText(title);
  for (const path of [
    '/api/feeds/interventions.atom',
    '/api/monuments.geojson',
    '/open311/v2/requests.json',
    '/api/interventions/all',
  ]) {
    const res = await other.request.get(path);
    expect(res.status(), path).toBe(200);
    expect(await res.text(), path).not.toContain('W1chser');
  }

  // Staff: first in the queue, the word marked (as text), approved.
  const staff = addStaff('Wortfilter-Team');
  const city = await otherPage(browser, baseURL ?? '');
  await signIn(city, staff.token, staff.name);
  const cards = city.getByRole('region', { name: /^Neuer? Vorschl[aä]ge? zu prüfen/ }).getByRole('article');
  const card = city.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  // Held items come first: every card up to this one is held (other specs may hold items too).
  const texts = await cards.allTextContents();
  const at = texts.findIndex((text) => text.startsWith(title));
  expect(at).toBeGreaterThanOrEqual(0);
  for (const text of texts.slice(0, at + 1)) expect(text).toContain('Zustand: vom Wortfilter zurückgehalten');
  await expect(card.locator('mark')).toHaveText('W1chser');
  await expect(card).toContainText('Zustand: vom Wortfilter zurückgehalten');
  await expect(card).toContainText('Wortfilter: wichser');
  // Held by the word screen: hiding is the primary action, and publishing asks first (issue 56).
  await expect(card.getByRole('button', { name: 'Ausblenden (Moderation)…' })).toHaveClass(/button--primary/);
  await card.getByRole('button', { name: 'Freigeben …' }).click();
  const ask = city.getByRole('dialog', { name: `„${title}“ veröffentlichen?` });
  await expect(ask).toContainText('Nach der Freigabe sehen ihn alle.');
  await ask.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(city.getByText(`„${title}“ ist freigegeben und öffentlich.`).first()).toBeAttached();
  await expect(city.getByRole('article', { name: title })).toHaveCount(0);
  revokeStaff(staff.name);

  // Now the other browser sees it and votes for it.
  await other.goto('/');
  popup = await openPopup(other, marker);
  const rows = popup.getByRole('list', { name: 'Vorgeschlagene Interventionen' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);
  await rows
    .first()
    .getByRole('button', { name: `Für „${title}“ stimmen` })
    .click();
  await expect(rows.first()).toContainText('1 Stimme');
  expect(await (await other.request.get('/api/feeds/interventions.atom')).text()).toContain('W1chser');

  // The author: no longer under review.
  await page.goto('/mine');
  await expect(page.getByRole('listitem').filter({ hasText: title }).first()).not.toContainText('wird geprüft');
  await other.context().close();
  await city.context().close();
});

test('staff edit the word lists in /admin: a word added holds the next text, removed it no longer does; axe-clean', async ({
  page,
  api,
}) => {
  const word = `Spatzenhirn${Date.now().toString(36)}`;
  const staff = addStaff('Listen-Team');
  await signIn(page, staff.token, staff.name);
  await page.getByRole('button', { name: 'Wortfilter' }).click();
  const view = page.getByRole('region', { name: 'Wortfilter' });
  const german = view.getByRole('region', { name: /^Deutsch \(\d+\)$/ });
  await expect(german.getByRole('listitem').filter({ hasText: /^arschloch/ })).toBeVisible();
  expect(await seriousViolations(page), 'axe: the word lists').toEqual([]);

  // Added by keyboard: the list is chosen, the word typed, Enter sends it.
  await view.getByLabel('Liste', { exact: true }).selectOption('de');
  await view.getByLabel('Wort oder Wortfolge', { exact: true }).fill(word);
  await view.getByLabel('Wort oder Wortfolge', { exact: true }).press('Enter');
  await expect(page.getByText(`„${word}“ steht jetzt auf der Liste Deutsch.`).first()).toBeAttached();
  await expect(german.getByRole('listitem').filter({ hasText: word })).toBeVisible();
  const monument = await api.addMonument(unique('Liste'), ...somewhere());
  const held = await page.request.post(`/api/interventions/${monument.id}`, { data: { name: `Ein ${word.toUpperCase()}!` } });
  expect(((await held.json()) as { underReview: boolean }).underReview).toBe(true);

  await german.getByRole('button', { name: `„${word}“ aus der Liste Deutsch entfernen` }).click();
  await expect(page.getByText(`„${word}“ ist von der Liste Deutsch entfernt.`).first()).toBeAttached();
  await expect(german.getByRole('listitem').filter({ hasText: word })).toHaveCount(0);
  const clean = await page.request.post(`/api/interventions/${monument.id}`, { data: { name: `Noch ein ${word}` } });
  expect(((await clean.json()) as { underReview: boolean }).underReview).toBe(false);
  revokeStaff(staff.name);
});
