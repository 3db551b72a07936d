// Updates of the service worker: registered after the first paint; a new deployment (a changed
// /sw.js) is found on the next visit and offered ("Neue Version – neu laden"); the click loads it,
// and without the click it is in charge on the next visit once the old tabs are closed.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from './fixtures';
import { mapReady, visitOnline } from './sw';

test.use({ serviceWorkers: 'allow' });
test.setTimeout(150_000);

/** What the next deployment's worker adds: it answers /__sw-version, which the first one never does. */
const NEXT_WORKER = `\nself.addEventListener('fetch', (e) => { if (new URL(e.request.url).pathname === '/__sw-version') e.respondWith(new Response('next')); });\n`;
/** What the next deployment's page carries. */
const NEXT_PAGE = '<meta name="e2e-deployment" content="next">';

/**
 * The site as a visitor reaches it, in front of the e2e server: as deployed until `deploy()`, then
 * the next version: its /sw.js is the deployed bytes plus NEXT_WORKER, its pages carry NEXT_PAGE.
 * (Playwright's routing sees the worker script's first fetch but not the browser's update checks,
 * so a proxy stands in for the deployment.)
 */
async function site(upstream: string) {
  let next = false;
  const proxy = createServer((req, res) => {
    const url = new URL(req.url ?? '/', upstream);
    const headers = { ...req.headers, host: url.host };
    const change: ((body: string) => string) | undefined = !next
      ? undefined
      : url.pathname === '/sw.js'
        ? (body) => body + NEXT_WORKER
        : req.headers.accept?.includes('text/html')
          ? (body) => body.replace('</head>', `${NEXT_PAGE}</head>`)
          : undefined;
    // The plain bytes in full, to change (never a 304 for the browser's copy of the first version).
    if (change) for (const name of ['accept-encoding', 'if-none-match', 'if-modified-since'] as const) delete headers[name];
    const forward = request(url, { method: req.method, headers }, (answer) => {
      if (!change || answer.statusCode !== 200) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        return void answer.pipe(res);
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = Buffer.from(change(Buffer.concat(chunks).toString('utf8')));
        const { etag: _etag, 'last-modified': _modified, 'transfer-encoding': _chunked, ...kept } = answer.headers;
        res.writeHead(200, { ...kept, 'content-length': String(body.length) });
        res.end(body);
      });
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    deploy: () => void (next = true),
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

/** Which deployment the page comes from. */
const pageOf = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="e2e-deployment"]')?.getAttribute('content') ?? 'first');
/** Which deployment's worker answers this page: 'next' from the new one, else the server's 404. */
const workerOf = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/__sw-version');
    return res.ok ? await res.text() : 'first';
  });

test('the worker registers after the first paint and after the page has loaded', async ({ page }) => {
  await page.addInitScript(() => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args) {
      sessionStorage.setItem('e2e-sw-registered-at', String(performance.now()));
      return register.apply(this, args);
    };
  });
  await page.goto('/');
  await mapReady(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const timing = await page.evaluate(() => ({
    registeredAt: Number(sessionStorage.getItem('e2e-sw-registered-at')),
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
  }));
  expect(timing.firstPaint).toBeGreaterThan(0);
  expect(timing.registeredAt).toBeGreaterThan(timing.firstPaint ?? Infinity);
  expect(timing.registeredAt).toBeGreaterThanOrEqual(timing.loaded);
});

const it = test.extend<{ deployment: Awaited<ReturnType<typeof site>> }>({
  deployment: async ({ baseURL }, use) => {
    const deployment = await site(baseURL ?? '');
    await use(deployment);
    await deployment.close();
  },
});

it('a new version is offered while it waits, and the click reloads onto it', async ({ page, deployment }) => {
  await visitOnline(page, deployment.url);
  expect(await pageOf(page)).toBe('first');
  expect(await workerOf(page)).toBe('first');
  const offer = page.getByRole('button', { name: 'Neue Version – neu laden' });
  await expect(offer).toHaveCount(0);

  deployment.deploy();
  await page.reload();
  await mapReady(page);
  await expect(offer).toBeVisible({ timeout: 30_000 });
  // It waits: this page is still on the version it was loaded with.
  expect(await workerOf(page)).toBe('first');

  await page.evaluate(() => ((window as { e2eOld?: boolean }).e2eOld = true));
  const reloaded = page.waitForEvent('load');
  await offer.click();
  await reloaded;
  // A new window (the page reloaded), answered by the new worker.
  await mapReady(page);
  expect(await page.evaluate(() => (window as { e2eOld?: boolean }).e2eOld)).toBeUndefined();
  expect(await workerOf(page)).toBe('next');
  expect(await pageOf(page)).toBe('next');
  await expect(offer).toHaveCount(0);
});

it('without the click, the next visit after the old tabs are closed is on the new version', async ({
  page,
  context,
  deployment,
}) => {
  await visitOnline(page, deployment.url);
  deployment.deploy();
  await page.reload();
  await mapReady(page);
  await expect(page.getByRole('button', { name: 'Neue Version – neu laden' })).toBeVisible({ timeout: 30_000 });
  // Online the page comes from the network: the app is already the new one, its worker waits.
  expect(await pageOf(page)).toBe('next');
  expect(await workerOf(page)).toBe('first');
  await page.close();

  // The waiting worker takes over once the closed tab's client is gone, which a busy machine may
  // take a moment to notice: a visit that still came to the old worker is closed, and the next one
  // tried (each visit a new tab, as a visitor coming back).
  let next = await context.newPage();
  await expect
    .poll(
      async () => {
        if (next.isClosed()) next = await context.newPage();
        await next.goto(deployment.url);
        await mapReady(next);
        const worker = await workerOf(next);
        if (worker !== 'next') await next.close();
        return worker;
      },
      { timeout: 30_000 },
    )
    .toBe('next');
  expect(await pageOf(next)).toBe('next');
  await expect(next.getByRole('button', { name: 'Neue Version – neu laden' })).toHaveCount(0);
});
