// Photos beyond the popup: a photo sent with a new monument on /add, and the pictures
// of monuments and proposals in /monuments, /interventions and /mine once staff approved them.
import { expect, test, unique, type Page } from './fixtures';
import { coordinateFields } from './place';
import { drawnImage, sendProposalSketch } from './drawn';
import { staffToken } from './staff';

async function approve(page: Page, alt: string) {
  const auth = { authorization: `Bearer ${await staffToken()}` };
  const pending = (await (await page.request.get('/api/staff/photos?status=pending', { headers: auth })).json()) as {
    id: string;
    alt: string;
  }[];
  const photo = pending.find((p) => p.alt === alt);
  expect(photo).toBeDefined();
  expect((await page.request.post(`/api/staff/photos/${photo?.id}/approve`, { headers: auth, data: {} })).status()).toBe(200);
}

test('a photo sent with a new monument on /add; the approved pictures in /monuments, /interventions and /mine', async ({
  page,
  api,
}) => {
  test.slow(); // two uploads are re-encoded on a shared machine
  const name = unique('Fotobüste');
  const title = unique('Bild für Frauen');
  await page.goto('/add');
  const form = page.getByRole('form', { name: 'Neues Denkmal' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  const fields = await coordinateFields(page);
  await fields.lat.fill(String(48.25 + Math.random() * 0.1));
  await fields.lng.fill(String(14.25 + Math.random() * 0.1));
  await form.getByRole('textbox', { name: /Dein Vorschlag/ }).fill(title);
  const toggle = form.getByRole('button', { name: 'Foto hinzufügen (freiwillig)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await form.getByLabel('Foto (JPEG, PNG oder WebP, höchstens 12 MB)').setInputFiles({
    name: 'buste.png',
    mimeType: 'image/png',
    buffer: await drawnImage(page, 'image/png', { width: 300, height: 200 }),
  });
  const alt = `Die Büste von vorn, grüner Grund ${name}`;
  await form.getByLabel('Was zeigt das Bild?', { exact: false }).fill(alt);
  // Without the licence nothing is sent, and the form says why.
  const posts: string[] = [];
  page.on('request', (r) => void (r.method() === 'POST' && posts.push(new URL(r.url()).pathname)));
  await form.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
  await expect(form.getByRole('alert')).toHaveText('Bitte bestätige die Lizenz.');
  expect(posts).toEqual([]);
  await form.getByLabel(/CC BY 4\.0/).check();
  await form.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status')).toHaveText(
    'Dein Denkmal ist jetzt auf der Karte, als „noch nicht geprüft“ markiert. Das Foto erscheint für alle, sobald die Stadt es geprüft hat.',
  );
  const monument = (await api.monuments()).find((m) => m.name === name);
  expect(monument).toBeDefined();
  expect(posts).toEqual(['/api/add-monument', `/api/interventions/${monument?.id}`, `/api/monuments/${monument?.id}/photos`]);

  // The proposal's picture, over the REST API as a phone's form would send it.
  const proposal = (await api.proposals(monument?.id ?? '')).find((i) => i.name === title);
  const sketchAlt = `Skizze: eine Stele auf grünem Grund ${name}`;
  expect(await sendProposalSketch(page, proposal?.id ?? 0, sketchAlt)).toBe(202);

  // Not in the lists before staff approve.
  await page.goto(`/monuments?q=${encodeURIComponent(name)}`);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(item).toBeVisible();
  await expect(item.getByRole('img', { name: alt })).toHaveCount(0);

  await approve(page, alt);
  await approve(page, sketchAlt);

  await page.reload();
  const picture = item.getByRole('link', { name: `Bild zu „${name}“ groß öffnen` });
  await expect(picture.getByRole('img', { name: alt })).toBeVisible();
  await expect(picture).toHaveAttribute('href', /^\/media\/[0-9a-f]{64}\.webp$/);
  await expect(picture.getByRole('img')).toHaveAttribute('loading', 'lazy');

  await page.goto(`/interventions?q=${encodeURIComponent(title)}`);
  const listed = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(listed.getByRole('img', { name: sketchAlt })).toBeVisible();

  await page.goto('/mine');
  const mine = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) })
    .first();
  await expect(mine.getByRole('img', { name: sketchAlt })).toBeVisible();
});
