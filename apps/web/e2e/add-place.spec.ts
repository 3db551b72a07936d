// /add's place: a pin on a map that starts at the long press or the map's centre,
// is dragged, tapped, moved by the arrow keys or to "Mein Standort"; coordinates for experts take a
// decimal comma; a place outside Linz is refused before anything is sent.
import { expect, test, unique, type Page } from './fixtures';
import { coordinateFields } from './place';

const MAP = 'Karte zum Setzen der Stecknadel';
const PIN = 'Ort des neuen Denkmals (mit den Pfeiltasten verschieben)';
const place = (page: Page) => page.locator('.place-field__place');
/** The pin's coordinates as the expert fields hold them. */
async function pinAt(page: Page) {
  const fields = await coordinateFields(page);
  return { lat: Number(await fields.lat.inputValue()), lng: Number(await fields.lng.inputValue()) };
}
const pinReady = (page: Page) => expect(page.getByRole('region', { name: MAP }).getByRole('button', { name: PIN })).toBeVisible();

test('the pin starts at the long press, else at the map’s last centre; the place is shown in words with 5 decimals', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('pendingCoords', JSON.stringify({ lat: 48.301231234567, lng: 14.276543219876 }));
    sessionStorage.setItem('mapView', JSON.stringify({ center: { lat: 48.29, lng: 14.3 }, zoom: 15 }));
  });
  await page.goto('/add');
  await pinReady(page);
  await expect(place(page)).toHaveText('Gewählter Ort: 48,30123° N, 14,27654° O');
  expect(await pinAt(page)).toEqual({ lat: 48.301231, lng: 14.276543 });
  await expect(page.getByRole('button', { name: 'Vergrößern' })).toBeVisible();

  await page.evaluate(() => localStorage.removeItem('pendingCoords'));
  await page.reload();
  await pinReady(page);
  await expect(place(page)).toHaveText('Gewählter Ort: 48,29000° N, 14,30000° O');
});

test('drag, tap and arrow keys move the pin; the fields follow with at most 6 decimals', async ({ page }) => {
  await page.goto('/add');
  await pinReady(page);
  const start = await pinAt(page);
  const pin = page.getByRole('button', { name: PIN });

  // Dragged 80 px to the right: east, same latitude.
  const box = (await pin.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height - 4, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height - 4, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await pinAt(page)).lng).toBeGreaterThan(start.lng + 0.0005);
  const dragged = await pinAt(page);
  for (const n of [dragged.lat, dragged.lng]) expect(String(n)).toMatch(/^\d+\.\d{1,6}$/);

  // A tap on the map puts the pin there (above the pin: north).
  const map = page.getByRole('region', { name: MAP });
  const mapBox = (await map.boundingBox())!;
  await page.mouse.click(mapBox.x + mapBox.width / 2 - 60, mapBox.y + 40);
  await expect.poll(async () => (await pinAt(page)).lat).toBeGreaterThan(dragged.lat);
  const tapped = await pinAt(page);
  expect(tapped.lng).toBeLessThan(dragged.lng);

  // The focused pin moves with the arrow keys; the map does not pan instead.
  await pin.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await pinAt(page)).lat).toBeGreaterThan(tapped.lat);
  const up = await pinAt(page);
  expect(up.lng).toBeCloseTo(tapped.lng, 6);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await pinAt(page)).lng).toBeLessThan(up.lng);
  await expect(pin).toBeFocused();
});

test.describe('my location', () => {
  test('"Mein Standort" moves the pin to the browser’s position', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 48.2951, longitude: 14.3001 });
    await page.goto('/add');
    await pinReady(page);
    await page.getByRole('button', { name: 'Mein Standort' }).click();
    await expect(place(page)).toHaveText('Gewählter Ort: 48,29510° N, 14,30010° O');
    expect(await pinAt(page)).toEqual({ lat: 48.2951, lng: 14.3001 });
  });

  test.describe('English', () => {
    test.use({ lang: 'en' });
    test('a position that cannot be had is said in the visitor’s language', async ({ page }) => {
      // As a browser answers when it has no fix (a refused permission only waits for a prompt here).
      await page.addInitScript(() => {
        navigator.geolocation.getCurrentPosition = (_found, failed) =>
          failed?.({ code: 2, message: 'no fix', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
      });
      await page.goto('/add');
      const said: string[] = [];
      page.on('dialog', (dialog) => {
        said.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: 'My location' }).click();
      await expect.poll(() => said).toEqual(['Could not determine position.']);
    });
  });
});

test('a decimal comma is a decimal point: saved at 48.3169, back on the map at zoom 16 with the message', async ({
  page,
  api,
}) => {
  const name = unique('Komma-Büste');
  await page.goto('/add');
  await pinReady(page);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  const fields = await coordinateFields(page);
  await fields.lat.fill('48,3169');
  await fields.lng.fill('14,2858');
  await expect(place(page)).toHaveText('Gewählter Ort: 48,31690° N, 14,28580° O');
  await page.getByRole('textbox', { name: /Dein Vorschlag/ }).fill('Ein Platz für Frauen');
  await page.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status')).toHaveText(
    'Dein Denkmal ist jetzt auf der Karte. Bis die Stadt es geprüft hat, ist es als „noch nicht geprüft“ markiert.',
  );
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(sessionStorage.getItem('mapView') ?? 'null') as { zoom: number } | null)?.zoom))
    .toBe(16);
  expect((await api.monuments()).find((m) => m.name === name)).toMatchObject({ geoLocX: 48.3169, geoLocY: 14.2858 });
});

test('a place outside Linz is refused before sending, and says so', async ({ page }) => {
  await page.goto('/add');
  await pinReady(page);
  await page.getByRole('textbox', { name: 'Name' }).fill(unique('Nigeria'));
  const fields = await coordinateFields(page);
  await fields.lat.fill('10');
  await fields.lng.fill('10');
  await expect(place(page)).toContainText('außerhalb von Linz');
  await page.getByRole('textbox', { name: /Dein Vorschlag/ }).fill('Etwas');
  const posts: string[] = [];
  page.on('request', (r) => void (r.method() === 'POST' && posts.push(new URL(r.url()).pathname)));
  await page.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Dieser Ort liegt außerhalb von Linz. Setz die Stecknadel auf einen Ort in Linz.',
  );
  await expect(page).toHaveURL(/\/add$/);
  expect(posts).toEqual([]);

  // Should a form let it through, the server's refusal (OUTSIDE_AREA) says the same.
  await fields.lat.fill('48.3');
  await fields.lng.fill('14.29');
  await page.route('**/api/add-monument', (r) =>
    r.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"outside","code":"OUTSIDE_AREA"}' }),
  );
  await page.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Dieser Ort liegt außerhalb von Linz. Setz die Stecknadel auf einen Ort in Linz.',
  );
});
