// Reporting a monument or a proposal from the popup: the dialog, the thanks (new and repeat),
// the errors, and the item gone from the map and the list once 3 browsers reported it.
import { asOtherClient, expect, openPopup, test, unique, type Page, somewhere } from './fixtures';

async function ownMonument(api: import('./fixtures').Api, label: string) {
  const name = unique(label);
  const monument = await api.addMonument(name, ...somewhere());
  return { monument, marker: new RegExp(`^${name} \\(`) };
}

/** Reports as another browser (its own cookie jar) from another address. */
async function reportAsOther(page: Page, path: string) {
  const other = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin, extraHTTPHeaders: asOtherClient() });
  if (!other) throw new Error('no browser');
  const res = await other.request.post(path, { data: { reason: 'spam' } });
  expect(res.status(), await res.text()).toBe(201);
  await other.close();
}

test('report a proposal: reason, comment with counter, thanks for new and repeat, hidden after 3 browsers', async ({
  page,
  api,
}) => {
  const { monument, marker } = await ownMonument(api, 'Melden');
  const title = unique('Unsinn');
  const proposal = await api.addProposal(monument.id, title);
  await api.addProposal(monument.id, 'Bleibt stehen');
  await page.goto('/');
  const popup = await openPopup(page, marker);
  const opener = popup.getByRole('button', { name: `Vorschlag „${title}“ melden` });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `Vorschlag „${title}“ melden` });
  await expect(dialog).toBeVisible();
  // No reason chosen yet: said, nothing sent.
  await dialog.getByRole('button', { name: 'Meldung senden' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Bitte wähle einen Grund.');
  await dialog.getByRole('radio', { name: 'Falsch (gibt es nicht, falscher Ort, doppelt)' }).check();
  const comment = dialog.getByRole('textbox', { name: 'Kommentar (freiwillig)' });
  await expect(comment).toHaveAttribute('maxlength', '500');
  await comment.fill('Doppelt');
  await expect(dialog.getByText('7 von 500 Zeichen')).toBeVisible();
  const created = page.waitForResponse((r) => r.url().endsWith(`/api/interventions/${proposal.id}/reports`));
  await dialog.getByRole('button', { name: 'Meldung senden' }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toHaveCount(0);
  await expect(popup.getByRole('status')).toHaveText('Danke für deine Meldung! Die Stadt sieht sie sich an.');
  await expect(opener).toBeFocused();

  // The same browser again: 200, the same thanks.
  await popup.getByRole('button', { name: 'Meldung schließen' }).click();
  await opener.click();
  await dialog.getByRole('radio', { name: 'Spam oder Werbung' }).check();
  const repeat = page.waitForResponse((r) => r.url().endsWith(`/api/interventions/${proposal.id}/reports`));
  await dialog.getByRole('button', { name: 'Meldung senden' }).click();
  expect((await repeat).status()).toBe(200);
  await expect(popup.getByRole('status')).toHaveText('Danke für deine Meldung! Die Stadt sieht sie sich an.');

  // Two more browsers: the third report hides it from the popup and from /interventions.
  await reportAsOther(page, `/api/interventions/${proposal.id}/reports`);
  expect((await api.proposals(monument.id)).map((i) => i.name)).toContain(title);
  await reportAsOther(page, `/api/interventions/${proposal.id}/reports`);
  await page.reload();
  const again = await openPopup(page, marker);
  await expect(again.getByRole('listitem')).toHaveCount(1);
  await expect(again.getByRole('listitem')).toContainText('Bleibt stehen');
  await page.goto('/interventions');
  await expect(page.getByRole('heading', { name: 'Bleibt stehen' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
});

test.describe('English', () => {
  test.use({ lang: 'en' });
  test('report a monument by keyboard; after 3 browsers its marker is gone', async ({ page, api }) => {
    const { monument, marker } = await ownMonument(api, 'Report me');
    await page.goto('/');
    const popup = await openPopup(page, marker);
    const opener = popup.getByRole('button', { name: 'Report this monument' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Report monument “${monument.name}”` });
    await expect(dialog).toBeVisible();
    // Escape closes the dialog only; the popup stays and the button has focus again.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(popup.getByRole('heading', { name: monument.name })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const spam = dialog.getByRole('radio', { name: 'Spam or advertising' });
    await spam.focus();
    await page.keyboard.press('Space');
    await expect(spam).toBeChecked();
    await dialog.getByRole('button', { name: 'Send report' }).press('Enter');
    await expect(popup.getByRole('status')).toHaveText('Thank you for your report! The city will look at it.');
    await reportAsOther(page, `/api/monuments/${monument.id}/reports`);
    await reportAsOther(page, `/api/monuments/${monument.id}/reports`);
    expect((await api.monuments()).map((m) => m.id)).not.toContain(monument.id);
    // The same view as when its popup opened: drawn again, without it.
    await page.reload();
    await expect(page.locator('.leaflet-container[aria-busy="false"]')).toBeVisible();
    await expect(page.getByRole('button', { name: marker })).toHaveCount(0);
  });
});

test('report failures: 404, 429 and a server error are shown in the dialog', async ({ page, api }) => {
  const { monument, marker } = await ownMonument(api, 'Fehlmeldung');
  await page.goto('/');
  const popup = await openPopup(page, marker);
  await popup.getByRole('button', { name: 'Dieses Denkmal melden' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Beleidigend' }).check();
  for (const [fulfil, text] of [
    [{ status: 404, contentType: 'application/json', body: '{"message":"monument not found"}' }, /gibt es nicht mehr/],
    [{ status: 429, contentType: 'application/json', body: '{"message":"Too many requests"}' }, /Zu viele Anfragen/],
    [{ status: 503, body: '' }, 'Serverfehler.'],
  ] as const) {
    await page.unrouteAll();
    await page.route(`**/api/monuments/${monument.id}/reports`, (route) => route.fulfill(fulfil));
    await dialog.getByRole('button', { name: 'Meldung senden' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(text);
  }
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(popup.getByRole('status')).toHaveCount(0);
});
