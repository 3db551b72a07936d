// /add: texts, fields, the round trip to the map, and the failure paths.
import { expect, openPopup, test, unique } from './fixtures';
import { coordinateFields } from './place';

const mapViewOf = (page: import('./fixtures').Page) =>
  page.evaluate(
    () =>
      JSON.parse(sessionStorage.getItem('mapView') ?? 'null') as { center: { lat: number; lng: number }; zoom: number } | null,
  );

test('texts, back links and fields (DE)', async ({ page }) => {
  await page.goto('/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Denkmal hinzufügen' })).toBeVisible();
  await expect(page.getByText(/Fehlt ein Denkmal/)).toBeVisible();
  await expect(page.getByText(/rechten Maustaste auf die Karte \(oder 3 Sekunden gedrückt halten\)/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zur Karte', exact: true })).toHaveCount(2);
  const form = page.getByRole('form', { name: 'Neues Denkmal' });
  // Text fields rather than number fields: a number field cannot take the decimal comma (48,3069).
  for (const field of Object.values(await coordinateFields(page))) {
    await expect(field).toHaveAttribute('inputmode', 'decimal');
    await expect(field).toHaveAttribute('required', '');
  }
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('required', '');
  const title = form.getByRole('textbox', { name: /Dein Vorschlag/ });
  await expect(title).toHaveAttribute('required', '');
  await expect(title).toHaveAttribute('placeholder', /Marianne von Willemer/);
  // Required fields stop an empty submit in the browser.
  await form.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
  await expect(page).toHaveURL(/\/add$/);
});

test.describe('English', () => {
  test.use({ lang: 'en' });
  test('texts in English', async ({ page }) => {
    await page.goto('/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Add a monument' })).toBeVisible();
    await expect(page.getByText(/right-click the map \(or press and hold it for 3 seconds\)/)).toBeVisible();
    await expect((await coordinateFields(page, 'en')).lat).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the map', exact: true })).toHaveCount(2);
  });
});

test('round trip: "Adding...", monument and proposal saved, back on the map at zoom 16 with the message', async ({
  page,
  api,
}) => {
  const name = unique('Büste Johanna Dohnal');
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('pendingCoords', JSON.stringify({ lat: 48.30123456, lng: 14.27654321 })));
  await page.getByRole('link', { name: 'Denkmal hinzufügen' }).click();
  await expect(page).toHaveURL(/\/add$/);
  // Rounded to 6 decimals (about 10 cm): the press's further digits are noise.
  const fields = await coordinateFields(page);
  await expect(fields.lat).toHaveValue('48.301235');
  await expect(fields.lng).toHaveValue('14.276543');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: /Dein Vorschlag/ }).fill('Ein Platz für Frauen');
  // A reload keeps what was typed, and the place.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(page.getByRole('textbox', { name: /Dein Vorschlag/ })).toHaveValue('Ein Platz für Frauen');
  await expect((await coordinateFields(page)).lat).toHaveValue('48.301235');
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/add-monument', async (route) => {
    await gate;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
  await expect(page.getByRole('button', { name: 'Wird hinzugefügt...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status')).toHaveText(
    'Dein Denkmal ist jetzt auf der Karte. Bis die Stadt es geprüft hat, ist es als „noch nicht geprüft“ markiert.',
  );
  await expect.poll(async () => (await mapViewOf(page))?.zoom).toBe(16);
  const view = await mapViewOf(page);
  expect(view?.center.lat).toBeCloseTo(48.301235, 6);
  expect(view?.center.lng).toBeCloseTo(14.276543, 6);
  expect(await page.evaluate(() => localStorage.getItem('pendingCoords'))).toBeNull();

  const created = (await api.monuments()).find((m) => m.name === name);
  expect(created).toMatchObject({ validated: false, geoLocX: 48.301235, geoLocY: 14.276543 });
  expect(created?.id).toMatch(/^mon-user-\d+$/);
  const popup = await openPopup(page, new RegExp(`^${name} \\(`));
  await expect(popup.getByRole('listitem')).toContainText('Ein Platz für Frauen');
  await page.getByRole('status').getByRole('button', { name: 'Meldung schließen' }).click();
  await expect(
    page.getByText(
      'Dein Denkmal ist jetzt auf der Karte. Bis die Stadt es geprüft hat, ist es als „noch nicht geprüft“ markiert.',
    ),
  ).toHaveCount(0);
  // Sent, the texts are forgotten: the next monument starts empty.
  await page.goto('/add');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: /Dein Vorschlag/ })).toHaveValue('');
  // "Meine Beteiligung" lists it among the monuments this browser added, with a way to its view.
  await page.goto('/mine');
  const added = page.getByRole('region', { name: /^Hinzugefügte Denkmäler/ });
  await expect(added.getByRole('heading', { name })).toBeVisible();
  await expect(added.getByRole('link', { name: `Alles über „${name}“` })).toHaveAttribute('href', `/monuments/${created?.id}`);
});

test('a blank proposal title is not posted', async ({ page, api }) => {
  const name = unique('Ohne Vorschlag');
  await page.goto('/add');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  const fields = await coordinateFields(page);
  await fields.lat.fill('48.31');
  await fields.lng.fill('14.29');
  await page.getByRole('textbox', { name: /Dein Vorschlag/ }).fill('   ');
  const posts: string[] = [];
  page.on('request', (r) => void (r.method() === 'POST' && posts.push(new URL(r.url()).pathname)));
  await page.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(posts).toEqual(['/api/add-monument']);
  const created = (await api.monuments()).find((m) => m.name === name);
  expect(await api.proposals(created?.id ?? 'missing')).toEqual([]);
});

test('a name of spaces is named at its field, and nothing is sent', async ({ page }) => {
  await page.goto('/add');
  const name = page.getByRole('textbox', { name: 'Name' });
  // Spaces and a zero-width space pass the browser's `required`; the server would refuse them.
  await name.fill('  \u200b ');
  await page.getByRole('textbox', { name: /Dein Vorschlag/ }).fill('Ein Brunnen');
  const posts: string[] = [];
  page.on('request', (r) => void (r.method() === 'POST' && posts.push(new URL(r.url()).pathname)));
  await page.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
  await expect(name).toHaveAccessibleDescription('Der Name braucht mindestens einen Buchstaben oder eine Ziffer.');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText('Der Name braucht mindestens einen Buchstaben oder eine Ziffer.');
  expect(posts).toEqual([]);
  // Typing clears it; a real name goes on.
  await name.fill('Brunnen am Hauptplatz');
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a name near its 120 characters says how many it has, and at the limit that it is full', async ({ page }) => {
  await page.goto('/add');
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('Brunnen');
  await expect(page.getByText(/von 120 Zeichen/)).toHaveCount(0);
  await expect(name).not.toHaveAttribute('aria-describedby');
  await name.fill('B'.repeat(96));
  await expect(name).toHaveAccessibleDescription('96 von 120 Zeichen');
  // The browser stops the typing at 120 (maxLength): the page says why nothing more comes.
  await name.fill('B'.repeat(130));
  await expect(name).toHaveValue('B'.repeat(120));
  await expect(name).toHaveAccessibleDescription('120 von 120 Zeichen: Das ist die Höchstlänge.');
  await expect(page.getByText('120 von 120 Zeichen: Das ist die Höchstlänge.')).toBeVisible();
  // With another description, the count comes after it.
  await name.fill(' '.repeat(100));
  await page.getByRole('textbox', { name: /Dein Vorschlag/ }).fill('Ein Brunnen');
  await page.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
  await expect(name).toHaveAccessibleDescription(
    'Der Name braucht mindestens einen Buchstaben oder eine Ziffer. 100 von 120 Zeichen',
  );
});

test('failures: "Übermittlung fehlgeschlagen." when not ok, 429, and kept for later on network failure', async ({ page }) => {
  await page.goto('/add');
  await page.getByRole('textbox', { name: 'Name' }).fill('Fehlschlag');
  const fields = await coordinateFields(page);
  await fields.lat.fill('48.3');
  await fields.lng.fill('14.3');
  await page.getByRole('textbox', { name: /Dein Vorschlag/ }).fill('Etwas');
  const submit = page.getByRole('button', { name: 'Denkmal hinzufügen' });
  const cases = [
    {
      handler: (r: import('@playwright/test').Route) =>
        r.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"bad"}' }),
      text: 'Übermittlung fehlgeschlagen.',
    },
    {
      handler: (r: import('@playwright/test').Route) =>
        r.fulfill({ status: 429, contentType: 'application/json', body: '{"message":"Too many requests"}' }),
      text: /Zu viele Anfragen/,
    },
  ];
  for (const { handler, text } of cases) {
    await page.unrouteAll();
    await page.route('**/api/add-monument', handler);
    await submit.click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(text);
    await expect(alert).toHaveCSS('color', 'rgb(163, 0, 27)');
    await expect(page).toHaveURL(/\/add$/);
    await expect(submit).toBeEnabled();
  }
  // No answer at all: the monument is kept for later (offline/queue.ts) and the page says so.
  await page.unrouteAll();
  await page.route('**/api/add-monument', (r) => r.abort());
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Dein Denkmal wartet auf Verbindung' })).toBeVisible();
  await expect(page).toHaveURL(/\/add$/);
});

test('the arrival happens once: reload, back and forward restore the last view without the message', async ({ page }) => {
  const added = 'Dein Denkmal ist jetzt auf der Karte. Bis die Stadt es geprüft hat, ist es als „noch nicht geprüft“ markiert.';
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('pendingCoords', JSON.stringify({ lat: 48.2951, lng: 14.3001 })));
  await page.getByRole('link', { name: 'Denkmal hinzufügen' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(unique('Einmal'));
  await page.getByRole('textbox', { name: /Dein Vorschlag/ }).fill('   ');
  await page.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status')).toHaveText(added);
  await expect.poll(async () => (await mapViewOf(page))?.zoom).toBe(16);
  const arrived = await mapViewOf(page);
  expect(arrived?.center.lat).toBeCloseTo(48.2951, 6);

  // Pan away with the keyboard: the session keeps the new view.
  await page.getByRole('region', { name: 'Karte der Denkmäler in Linz' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await mapViewOf(page))?.center.lat).toBeLessThan(48.2951 - 0.0001);
  const panned = await mapViewOf(page);
  const expectPannedView = async () => {
    await expect(page.locator('.leaflet-marker-icon').first()).toBeAttached();
    await expect(page.getByText(added)).toHaveCount(0);
    // The map writes the view it opened with, so an arrival replayed would show here.
    const view = await mapViewOf(page);
    expect(view?.zoom).toBe(16);
    expect(view?.center.lat).toBeCloseTo(panned?.center.lat ?? 0, 6);
    expect(view?.center.lng).toBeCloseTo(panned?.center.lng ?? 0, 6);
  };

  await page.reload();
  await expectPannedView();
  // Back to the form, then forward to the entry the arrival came with.
  await page.goBack();
  await expect(page).toHaveURL(/\/add$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/$/);
  await expectPannedView();
  // Away through the header and back.
  await page.getByRole('link', { name: 'Über das Projekt' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goBack();
  await expectPannedView();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the arrival message covers neither the zoom buttons nor the filter button', async ({ page }) => {
    await page.goto('/add');
    await page.getByRole('textbox', { name: 'Name' }).fill(unique('Telefon-Denkmal'));
    await page.getByRole('textbox', { name: /Dein Vorschlag/ }).fill('Ein Brunnen');
    await page.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Dein Denkmal ist jetzt auf der Karte. Bis die Stadt es geprüft hat, ist es als „noch nicht geprüft“ markiert.',
    );
    // The message covers neither the zoom buttons nor the filter button while it shows.
    await expect(page.locator('.filter-toggle')).toBeVisible();
    await expect(page.locator('.page')).toHaveCount(1);
    const [flash, ...controls] = await Promise.all(
      ['.map-flash', '.monument-map .leaflet-control-zoom', '.filter-toggle'].map((selector) =>
        page.locator(selector).boundingBox(),
      ),
    );
    for (const control of controls)
      expect(
        flash!.x < control!.x + control!.width &&
          control!.x < flash!.x + flash!.width &&
          flash!.y < control!.y + control!.height &&
          control!.y < flash!.y + flash!.height,
      ).toBe(false);
  });
});
