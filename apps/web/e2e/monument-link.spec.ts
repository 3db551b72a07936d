// A link from the mayor's e-mail to a monument: the map asks the server for it (merged: opens the
// kept one; gone: a clear message).
import { expect, mapReady, test, unique } from './fixtures';
import { staffToken } from './staff';

test('a link to a merged monument opens the monument it was merged into', async ({ page, api }) => {
  const old = await api.addMonument(unique('Doppelt'), 48.21 + Math.random() * 0.1, 14.21 + Math.random() * 0.1);
  const kept = await api.addMonument(unique('Behalten'), 48.31 + Math.random() * 0.08, 14.29 + Math.random() * 0.06);
  const res = await page.request.post('/trpc/staff.monuments.merge', {
    headers: { Authorization: `Bearer ${await staffToken()}` },
    data: { monumentId: old.id, into: kept.id },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await (await page.request.get(`/api/monuments/${old.id}`)).json()) as { id: string }).id).toBe(kept.id);

  let looked = 0;
  page.on('request', (r) => void (r.url().endsWith(`/api/monuments/${old.id}`) && looked++));
  await page.goto(`/?lat=${old.geoLocX}&lng=${old.geoLocY}&zoom=17&monument=${old.id}`);
  await mapReady(page);
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('heading', { level: 2, name: kept.name })).toBeVisible();
  await expect(popup).toBeInViewport();
  expect(looked).toBe(1);
});

test('a link to a known monument asks for that one monument, not the list; an unknown one says it is not on the map', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on(
    'request',
    (r) => void (/^\/api\/monuments(\/|$)/.test(new URL(r.url()).pathname) && asked.push(new URL(r.url()).pathname)),
  );
  await page.goto('/?lat=48.305833&lng=14.286389&zoom=17&monument=mon-dreifaltigkeitssaeule');
  await mapReady(page);
  await expect(page.locator('.leaflet-popup')).toContainText('Dreifaltigkeitssäule');
  // The monument and its photos (the popup's), never the whole list.
  expect(asked.filter((p) => !p.endsWith('/photos'))).toEqual(['/api/monuments/mon-dreifaltigkeitssaeule']);

  await page.goto('/?lat=48.305833&lng=14.286389&zoom=17&monument=mon-gibt-es-nicht');
  await mapReady(page);
  await expect(page.getByRole('alert')).toHaveText('Dieses Denkmal ist nicht (mehr) auf der Karte.');
  await expect(page.locator('.leaflet-popup')).toHaveCount(0);
});
