// Script injection in a real browser: more than 100 payloads are stored as monument and proposal
// names, then shown on the map (marker labels), in the popup, on the list page and through the
// add flow. No script may run (a page hook records any call, dialogs are caught), every name must
// appear literally, and the fixtures fail the test on any CSP violation or page error.
import { expect, mapReady, openPopup, test, type Page } from './fixtures';
import { coordinateFields } from './place';

// Each vector calls __xss(n) if it ever runs; %n is replaced by its number.
const VECTORS = [
  '<script>__xss(%n)</script>',
  '<img src=x onerror=__xss(%n)>',
  '<svg onload=__xss(%n)>',
  '<svg><script>__xss(%n)</script></svg>',
  '<body onload=__xss(%n)>',
  '<iframe src="javascript:__xss(%n)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss(%n)</script>">',
  '<a href="javascript:__xss(%n)">x</a>',
  '<input autofocus onfocus=__xss(%n)>',
  '<details open ontoggle=__xss(%n)>',
  '<video><source onerror=__xss(%n)></video>',
  '<audio src=x onerror=__xss(%n)>',
  '<marquee onstart=__xss(%n)>',
  '<object data="javascript:__xss(%n)">',
  '<embed src="javascript:__xss(%n)">',
  '<math><mtext><img src=x onerror=__xss(%n)>',
  '<style>@import "javascript:__xss(%n)"</style>',
  '<link rel=import href="data:text/html,<script>__xss(%n)</script>">',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss(%n)">',
  '<base href="javascript:__xss(%n)//">',
  '<form action="javascript:__xss(%n)"><button>x</button></form>',
  '<div style="background:url(javascript:__xss(%n))">',
  '<img src="x" onerror="&#95;&#95;xss(%n)">',
  '<img src=x onerror=eval(atob("X194c3MoMSk="))>%n',
  '<scr<script>ipt>__xss(%n)</scr</script>ipt>',
  '<SCRIPT SRC=data:text/javascript,__xss(%n)></SCRIPT>',
  '<script type=module>__xss(%n)</script>',
  '<template><img src=x onerror=__xss(%n)></template>',
  '<noscript><p title="</noscript><img src=x onerror=__xss(%n)>">',
  '<select autofocus onfocus=__xss(%n)>',
  '<textarea autofocus onfocus=__xss(%n)>',
  '<keygen autofocus onfocus=__xss(%n)>',
  'javascript:__xss(%n)',
  'data:text/html,<script>__xss(%n)</script>',
  '{{constructor.constructor("__xss(%n)")()}}',
  '${__xss(%n)}',
  '{{name}} $t(popup.add) __xss(%n)',
  // Bidi overrides (U+202E) are refused by the contract since it was tightened; entities stay literal.
  '&lt;b&gt;gnp.exe <b>%n</b>',
];
const CONTEXTS = ['%v', '">%v', "'>%v"];

function payloads(): string[] {
  const all: string[] = [];
  let n = 1;
  for (const context of CONTEXTS) {
    for (const vector of VECTORS) {
      const p = context.replace('%v', vector.replaceAll('%n', String(n)));
      if (p.length <= 120) all.push(p);
      n++;
    }
  }
  return all;
}
const PAYLOADS = payloads();

/** Records any script a payload manages to run, and any dialog. */
async function trap(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __ran: number[] }).__ran = [];
    (window as unknown as { __xss: (n: number) => void }).__xss = (n) => (window as unknown as { __ran: number[] }).__ran.push(n);
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return {
    async expectNothingRan() {
      expect(await page.evaluate(() => (window as unknown as { __ran: number[] }).__ran)).toEqual([]);
      expect(dialogs).toEqual([]);
      // No element a payload describes made it into the document.
      const injected = await page.evaluate(
        () =>
          document.querySelectorAll(
            'img[src="x"], svg[onload], iframe, object, embed, [onerror], [onload], [onfocus], [ontoggle], marquee, base',
          ).length,
      );
      expect(injected).toBe(0);
    },
  };
}

test.describe.configure({ mode: 'serial' });

test.describe('script injection', () => {
  const suffix = Date.now().toString(36);
  // Each name ends in the suffix, so the map can be filtered to these monuments alone (no cluster with others).
  const named = PAYLOADS.map((p, i) => ({ payload: p, monument: `${p.slice(0, 119 - suffix.length)} ${suffix}`, index: i }));
  let carrierName = '';

  test(`stores ${PAYLOADS.length} payloads as monument and proposal names`, async ({ api }) => {
    test.setTimeout(120_000);
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(100);
    for (const { monument, index } of named) {
      const stored = await api.addMonument(monument, 48.296 + (index % 12) * 0.0018, 14.272 + Math.floor(index / 12) * 0.003);
      expect(stored.name).toBe(monument.trim());
    }
    carrierName = `Träger ${suffix}`;
    // North of the payloads' grid, so that it joins none of them in a cluster.
    const carrier = await api.addMonument(carrierName, 48.322, 14.2855);
    for (const { payload } of named) {
      const p = await api.addProposal(carrier.id, payload);
      expect(p.name).toBe(payload.trim());
    }
  });

  test('marker labels and popups show the names literally and run nothing', async ({ page }) => {
    test.setTimeout(120_000);
    const t = await trap(page);
    // Only these monuments (the search for the suffix), close enough that none of the payload
    // grid's markers (about 200 m apart) joins another in a cluster, on a screen that shows them all.
    await page.setViewportSize({ width: 1440, height: 1700 });
    await page.goto(`/?lat=48.3059&lng=14.2855&zoom=16&q=${suffix}`);
    await mapReady(page);
    const titles = await page.locator('.leaflet-marker-icon').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
    for (const { monument } of named) {
      expect(titles).toContain(`${monument.trim()} (von Besucher:innen hinzugefügt, noch nicht geprüft)`);
    }
    // The carrier's popup lists every payload as a proposal, each with its vote button.
    const popup = await openPopup(page, new RegExp(`^Träger ${suffix}`));
    await expect(popup.locator('.proposal-row__name')).toHaveCount(PAYLOADS.length);
    const rows = await popup.locator('.proposal-row__name').allTextContents();
    expect(new Set(rows.map((r) => r.trim()))).toEqual(new Set(PAYLOADS.map((p) => p.trim())));
    const sample = PAYLOADS[1] ?? '';
    await expect(popup.getByRole('button', { name: `Für „${sample}“ stimmen`, exact: true })).toHaveCount(1);
    await page.keyboard.press('Escape');
    // A sample of payload monuments opened one by one (from each of the three contexts): the heading is the name, as text.
    for (const { monument } of named.filter((_, i) => i % 27 === 0)) {
      const opened = await openPopup(page, `${monument.trim()} (von Besucher:innen hinzugefügt, noch nicht geprüft)`);
      await expect(opened.getByRole('heading', { level: 2 })).toHaveText(monument.trim());
      await page.keyboard.press('Escape');
    }
    await t.expectNothingRan();
  });

  test('the list page shows every proposal name literally and runs nothing', async ({ page }) => {
    const t = await trap(page);
    // The carrier's proposals (its name holds the suffix), every page of them.
    await page.goto(`/interventions?q=${suffix}`);
    const titles = page.locator('.proposal-item__title');
    await expect(titles.first()).toBeVisible();
    const more = page.getByRole('button', { name: /weitere Vorschläge anzeigen|weiteren Vorschlag anzeigen/ });
    while (await more.isVisible()) {
      const before = await titles.count();
      await more.click();
      await expect.poll(() => titles.count()).toBeGreaterThan(before);
    }
    await expect(titles).toHaveCount(PAYLOADS.length);
    const texts = (await titles.allTextContents()).map((s) => s.replace(/^\s*\S+\s/u, '').trim());
    for (const payload of PAYLOADS) expect(texts).toContain(payload.trim());
    await expect(page.getByText(carrierName, { exact: true }).first()).toBeVisible();
    await t.expectNothingRan();
  });

  test('the add flow takes payloads as names and shows them literally afterwards', async ({ page }) => {
    test.setTimeout(90_000);
    const t = await trap(page);
    for (const [i, payload] of PAYLOADS.filter((_, k) => k % 25 === 3).entries()) {
      const name = `${payload} add${i}${suffix}`.slice(0, 120).trim();
      await page.goto('/add');
      await page.getByLabel('Name', { exact: true }).fill(name);
      const fields = await coordinateFields(page);
      await fields.lat.fill(String(48.31 + i * 0.001));
      await fields.lng.fill(String(14.3 + i * 0.001));
      await page.getByLabel('Dein Vorschlag: Was sollte stattdessen dort stehen?').fill(payload);
      await page.getByRole('button', { name: 'Denkmal hinzufügen' }).click();
      await expect(page).toHaveURL(/\/$/);
      await mapReady(page);
      const popup = await openPopup(page, `${name} (von Besucher:innen hinzugefügt, noch nicht geprüft)`);
      await expect(popup.getByRole('heading', { level: 2 })).toHaveText(name);
      await expect(popup.locator('.proposal-row__name')).toHaveText([payload.trim()]);
      // And a proposal typed into the popup's own form.
      await popup.getByLabel('Dein Vorschlag').fill(`${payload} #2`);
      await popup.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
      await expect(popup.locator('.proposal-row__name').filter({ hasText: `${payload.trim()} #2` })).toHaveCount(1);
      await page.keyboard.press('Escape');
    }
    await t.expectNothingRan();
  });
});
