// Photos on a 360 px phone: a visitor adds a photo in the popup (the file chooser is
// given a JPEG the browser itself drew), sees it at once marked "wird geprüft" while nobody else
// does; staff approve it over the REST API (bearer token); then every visitor sees it above the
// monument's name with its alt text. The popup with its photo and the open form pass axe.
import { seriousViolations } from './axe';
import { expect, openPopup, test, unique, somewhere } from './fixtures';
import { drawnImage } from './drawn';
import { staffToken } from './staff';

test('upload from the popup, seen as pending by the uploader only, public once staff approve', async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  test.slow(); // two browsers load the map on a phone, and the upload is re-encoded; the machine is shared
  const name = unique('Fotosäule');
  const monument = await api.addMonument(name, ...somewhere());
  const marker = new RegExp(`^${name} \\(`);
  await page.goto('/');
  let popup = await openPopup(page, marker);
  await popup.getByRole('button', { name: 'Foto hinzufügen' }).click();
  const form = page.getByRole('dialog', { name: 'Foto oder Skizze hochladen' });
  await expect(form).toBeVisible();
  expect(await seriousViolations(page, '.photo-dialog')).toEqual([]);

  // Sent without the licence: the form says what is missing, nothing is sent.
  await form.getByLabel('Foto (JPEG, PNG oder WebP, höchstens 12 MB)').setInputFiles({
    name: 'IMG_2041.jpg',
    mimeType: 'image/jpeg',
    buffer: await drawnImage(page, 'image/jpeg'),
  });
  const alt = 'Die Säule von Süden, davor ein roter Platz';
  await form.getByLabel('Was zeigt das Bild?', { exact: false }).fill(alt);
  await form.getByLabel('Dein Name für die Nennung', { exact: false }).fill('Erika');
  await form.getByRole('button', { name: 'Hochladen' }).click();
  await expect(form.getByRole('alert')).toHaveText('Bitte bestätige die Lizenz.');
  await form.getByLabel(/CC BY 4\.0/).check();
  await form.getByRole('button', { name: 'Hochladen' }).click();
  await expect(form).toHaveCount(0);
  await expect(popup.getByText('Danke! Dein Bild wird geprüft und erscheint danach für alle.')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Foto hinzufügen' })).toBeFocused();

  // The uploader sees it at once, marked as under review.
  const photo = popup.locator('.monument-popup__photo');
  await expect(photo.getByRole('img', { name: alt })).toBeVisible();
  await expect(photo.getByText('wird geprüft')).toBeVisible();
  expect(await seriousViolations(page, '.leaflet-popup')).toEqual([]);

  // Another visitor does not.
  const other = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await other.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await other.addInitScript(() => {
    localStorage.setItem('lang', 'de');
    localStorage.setItem('introSeen', 'true');
  });
  const otherPhotos = await (await other.request.get(`/api/monuments/${monument.id}/photos`)).json();
  expect(otherPhotos).toEqual([]);

  // Staff approve it over the REST API.
  const auth = { authorization: `Bearer ${await staffToken()}` };
  const pending = (await (await page.request.get('/api/staff/photos?status=pending', { headers: auth })).json()) as {
    id: string;
    alt: string;
  }[];
  const mine = pending.find((p) => p.alt === alt);
  expect(mine).toBeDefined();
  const approved = await page.request.post(`/api/staff/photos/${mine?.id}/approve`, { headers: auth, data: {} });
  expect(approved.status()).toBe(200);

  // Now everyone sees it above the name, with its alt text and credit, no longer marked.
  const visitor = await other.newPage();
  await visitor.goto('/');
  popup = await openPopup(visitor, marker);
  const shown = popup.locator('.monument-popup__photo');
  const img = shown.getByRole('img', { name: alt });
  await expect(img).toBeVisible();
  await expect(shown.getByText('Foto: Erika, CC BY 4.0')).toBeVisible();
  await expect(shown.getByText('wird geprüft')).toHaveCount(0);
  // Above the name, and fitting the phone.
  const imgBox = await img.boundingBox();
  const nameBox = await popup.getByRole('heading', { name, level: 2 }).boundingBox();
  expect((imgBox?.y ?? 0) + (imgBox?.height ?? 0)).toBeLessThanOrEqual(nameBox?.y ?? 0);
  expect(imgBox?.width ?? 999).toBeLessThanOrEqual(360);
  // It is the re-encoded WebP, served as such.
  const src = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  const served = await visitor.request.get(src);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toContain('immutable');
  await other.close();
});

test("a refused photo is named by the answer's code: an iPhone's HEIC gets how to send a JPEG, a non-image its own text", async ({
  page,
  api,
}) => {
  const name = unique('Heicsäule');
  await api.addMonument(name, ...somewhere());
  await page.goto('/');
  const popup = await openPopup(page, new RegExp(`^${name} \\(`));
  await popup.getByRole('button', { name: 'Foto hinzufügen' }).click();
  const form = page.getByRole('dialog', { name: 'Foto oder Skizze hochladen' });
  await form.getByLabel('Was zeigt das Bild?', { exact: false }).fill('Die Säule von Norden');
  await form.getByLabel(/CC BY 4\.0/).check();
  const chooser = form.getByLabel('Foto (JPEG, PNG oder WebP, höchstens 12 MB)');
  // The start of an iPhone's HEIC file (an ISO-BMFF `ftyp` box of brand `heic`): the server tells
  // it by its bytes; the browser does not know the type either.
  const heic = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
    Buffer.alloc(512, 7),
  ]);
  await chooser.setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic });
  await form.getByRole('button', { name: 'Hochladen' }).click();
  await expect(form.getByRole('alert')).toHaveText(/^HEIC-Fotos \(iPhone\) können wir nicht annehmen\./);
  await chooser.setInputFiles({ name: 'notiz.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('nur ein Text') });
  await form.getByRole('button', { name: 'Hochladen' }).click();
  await expect(form.getByRole('alert')).toHaveText('Das ist kein JPEG-, PNG- oder WebP-Bild.');
});
