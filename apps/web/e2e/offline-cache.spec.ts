// What the service worker (sw/sw.ts) keeps, with the real worker: the tiles the visitor has seen
// (and no other), the last copy of the list pages, and never the staff area, a staff call or an
// answer that sets a cookie.
import { expect, test, unique, type Page } from './fixtures';
import { mapReady, visitOnline } from './sw';
import { addStaff, signIn } from './admin-fixtures';

test.use({ serviceWorkers: 'allow' });
test.setTimeout(150_000);

const TILES = 'denkmal-tiles';
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Keine Verbindung' });

/** Every cache's keys, by cache name. */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) all[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return all;
  });

/** The map's tile images once none is loading: which showed an image and which did not. */
async function settledTiles(page: Page) {
  const tiles = page.locator('img.leaflet-tile');
  await expect(tiles.first()).toBeAttached();
  await expect
    .poll(() => tiles.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)), { timeout: 20_000 })
    .toBe(true);
  const all = await tiles.evaluateAll((imgs) =>
    imgs.map((i) => ({ src: (i as HTMLImageElement).src, shown: (i as HTMLImageElement).naturalWidth > 0 })),
  );
  return {
    shown: all
      .filter((t) => t.shown)
      .map((t) => t.src)
      .sort(),
    broken: all.filter((t) => !t.shown).map((t) => t.src),
  };
}

test('tiles seen online show offline from the worker’s cache; a tile never seen is not kept or shown', async ({
  page,
  context,
}) => {
  const asked = new Set<string>();
  context.on('request', (r) => void (r.url().includes('/tiles/') && asked.add(r.url())));
  await visitOnline(page);
  const online = await settledTiles(page);
  expect(online.shown.length).toBeGreaterThan(0);
  expect(online.broken).toEqual([]);
  // Kept as seen, and only what was asked for: nothing fetched ahead.
  await expect.poll(async () => ((await cached(page))[TILES] ?? []).sort()).toEqual(expect.arrayContaining(online.shown));
  const kept = (await cached(page))[TILES] ?? [];
  for (const url of kept) expect(asked, url).toContain(url);

  // Offline, with the browser's own HTTP cache emptied: the worker's copy is the only one left.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await context.setOffline(true);
  const fromWorker: string[] = [];
  page.on('response', (r) => void (r.url().includes('/tiles/') && r.fromServiceWorker() && fromWorker.push(r.url())));
  await page.reload();
  await mapReady(page);
  await expect(banner(page)).toBeVisible();
  const offline = await settledTiles(page);
  expect(offline.shown).toEqual(online.shown);
  expect(offline.broken).toEqual([]);
  expect(fromWorker.sort()).toEqual(expect.arrayContaining(online.shown));

  // Somewhere never seen (a closer look at the north of Linz): no tile shows, none is in the cache.
  await page.goto('/?lat=48.3300&lng=14.2600&zoom=18');
  await expect(banner(page)).toBeVisible();
  const elsewhere = await settledTiles(page);
  expect(elsewhere.shown).toEqual([]);
  expect(elsewhere.broken.length).toBeGreaterThan(0);
  const keptNow = (await cached(page))[TILES] ?? [];
  for (const url of elsewhere.broken) expect(keptNow).not.toContain(url);
});

test('/stats, /monuments and /interventions show their last copy offline, with the banner', async ({ page, context, api }) => {
  // Something on each list.
  await api.addProposal((await api.monument('Hessendenkmal')).id, unique('Offline gelesen'));
  const pages = [
    { path: '/stats', heading: 'Wen Linz ehrt: die Zahlen', content: '.stats-headlines li' },
    { path: '/monuments', heading: 'Alle Denkmäler', content: '.monument-list > li' },
    { path: '/interventions', heading: 'Alle Interventionen', content: '.proposal-list > li' },
  ];
  await visitOnline(page);
  const online: string[][] = [];
  for (const { path, heading, content } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator(content).first()).toBeVisible({ timeout: 15_000 });
    online.push(await page.locator(content).allTextContents());
  }

  await context.setOffline(true);
  for (const [i, { path, heading, content }] of pages.entries()) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(banner(page)).toHaveText(/Die Daten können veraltet sein – Stand: /);
    await expect(page.locator(content)).toHaveText(online[i] ?? []);
  }
});

test('never kept: the staff area, staff calls, and any answer that sets a cookie', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  /** Every answer the browser got (the page's and the worker's own fetches) that set a cookie. */
  const setCookie: string[] = [];
  const staffCalls: string[] = [];
  context.on('response', (r) => {
    void r.headerValue('set-cookie').then((v) => v && setCookie.push(r.url()));
    if (/\/(trpc|api\/staff)\//.test(new URL(r.url()).pathname)) staffCalls.push(r.url());
  });
  await visitOnline(page);
  await page.goto('/stats');
  await expect(page.locator('.stats-headlines li').first()).toBeVisible({ timeout: 15_000 });
  await page.goto('/monuments');
  await expect(page.locator('.monument-list > li').first()).toBeVisible({ timeout: 15_000 });

  // The staff area: a sign-in (it sets the session cookie), its calls over tRPC and a REST one.
  const { name, token } = addStaff('Offline-Amt');
  await signIn(page, token, name);
  const queue = await page.evaluate(async () => (await fetch('/api/staff/queue')).status);
  expect(queue).toBe(200);
  expect(staffCalls.length).toBeGreaterThan(1);
  expect(setCookie.some((url) => new URL(url).pathname.startsWith('/trpc/'))).toBe(true);

  const all = await cached(page);
  const keys = Object.values(all).flat();
  expect(keys.length).toBeGreaterThan(0);
  expect(keys.filter((url) => /^\/(admin|trpc|api\/staff)(\/|$)|AdminPage/.test(new URL(url).pathname))).toEqual([]);
  expect(keys.filter((url) => setCookie.includes(url))).toEqual([]);
  // The public reads it keeps never set a cookie, not even for a first-time visitor without one.
  const reads = all['denkmal-api'] ?? [];
  const paths = reads.map((url) => new URL(url).pathname);
  expect(paths).toEqual(expect.arrayContaining(['/api/monuments/page', '/api/stats']));
  expect(paths.some((path) => path.startsWith('/api/map/'))).toBe(true);
  const stranger = await playwright.request.newContext({ baseURL });
  for (const url of reads) expect((await stranger.get(url)).headers()['set-cookie'], url).toBeUndefined();
  await stranger.dispose();
});
