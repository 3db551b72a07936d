// "Wo ist das?" (issue 54) in Chromium: a citizen finds Achleitnerstraße, which has no place, and
// drops a pin; a second and a third citizen (other networks) agree; staff see the three on one map
// as agreeing and confirm; the street's marker appears, placed by citizens and confirmed by the city,
// and it can be supported like any monument.
import { addStaff, signIn } from './admin-fixtures';
import { asOtherClient, expect, test } from './fixtures';

const ITEM = 'mon-achleitnerstrasse';
const AT = { lat: 48.21055, lng: 14.33125 };

test('a citizen places Achleitnerstraße, two agree, staff confirm, and it is a marker to support', async ({
  page,
  playwright,
  baseURL,
}) => {
  // The first citizen, in the browser, from a network of their own.
  await page.setExtraHTTPHeaders(asOtherClient());
  await page.goto('/where-is-it');
  await expect(page.getByRole('heading', { level: 1, name: 'Wo ist das?' })).toBeVisible();
  await page.getByLabel('Suchen (Name, Person, Beschreibung)').fill('Achleitner');
  const entry = page.getByRole('article', { name: 'Achleitnerstraße' });
  await expect(entry).toContainText('Benannt nach Viktor Achleitner');
  await expect(entry).toContainText('Kremsmünsterer Straße');
  await entry.getByRole('button', { name: 'Ort für „Achleitnerstraße“ vorschlagen' }).click();
  const form = entry.getByRole('form', { name: 'Ort für „Achleitnerstraße“ vorschlagen' });
  await form.getByText('Koordinaten selbst eingeben').click();
  await form.getByLabel('Breitengrad').fill(String(AT.lat));
  await form.getByLabel('Längengrad').fill(String(AT.lng));
  await form.getByLabel(/^Anmerkung/).fill('Sackgasse vom Hauderweg aus');
  await form.getByRole('button', { name: 'Vorschlag senden' }).click();
  await expect(entry.getByRole('status')).toHaveText(/Danke! Dein Vorschlag für „Achleitnerstraße“ wartet/);

  // A second and a third citizen, each from another network, within 100 m.
  for (const [dLat, dLng] of [
    [0.0002, 0],
    [0, 0.0003],
  ] as const) {
    const citizen = await playwright.request.newContext({ baseURL: baseURL ?? '', extraHTTPHeaders: asOtherClient() });
    const res = await citizen.post(`/api/unplaced/${ITEM}/suggestions`, { data: { lat: AT.lat + dLat, lng: AT.lng + dLng } });
    expect(res.status(), await res.text()).toBe(201);
    await citizen.dispose();
  }

  // Staff see the three agree and confirm.
  const { name, token } = addStaff('Verortung');
  await signIn(page, token, name);
  await page.getByRole('button', { name: /^Wo ist das\? \(\d+\)$/ }).click();
  const item = page.getByRole('article', { name: 'Achleitnerstraße' });
  await expect(item).toContainText('Einig: 3 Vorschläge aus 3 Netzen liegen innerhalb von 100 m.');
  await expect(item).toContainText('Sackgasse vom Hauderweg aus');
  await item.getByRole('button', { name: 'Diesen Ort bestätigen' }).click();
  await expect(page.locator('.admin-status')).toHaveText('„Achleitnerstraße“ ist jetzt auf der Karte.');
  await expect(item).toHaveCount(0);

  // The marker, with its provenance; supported like any monument.
  await page.goto(`/?monument=${ITEM}`);
  const popup = page.locator('.monument-popup');
  await expect(popup.getByRole('heading', { name: 'Achleitnerstraße' })).toBeVisible({ timeout: 30_000 });
  await expect(popup).toContainText('Von Bürgerinnen und Bürgern verortet, von der Stadt bestätigt');
  await expect(popup).toContainText('Benannt nach Viktor Achleitner');
  // The register's link and credit name the city and the source as its profile does.
  await expect(popup.getByRole('link', { name: 'Eintrag im Straßennamen-Register der Stadt Linz' })).toBeVisible();
  await expect(popup).toContainText('Quelle: Stadt Linz – data.linz.gv.at (Straßennamen und deren Bedeutung), CC BY 4.0');
  await popup.getByRole('textbox', { name: 'Dein Vorschlag' }).fill('Zusatztafel: wer war Viktor Achleitner?');
  await popup.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(popup.getByRole('status')).toHaveText('Dein Vorschlag wurde hinzugefügt!');
  await popup.getByRole('button', { name: 'Für „Zusatztafel: wer war Viktor Achleitner?“ stimmen' }).click();
  await expect(popup.getByText('1 Stimme')).toBeVisible();
});
