// /?monument=<id>&proposal=<id>, as a proposal's share button sends it: the map opens at the
// monument with its popup, the shared proposal marked ("Der Vorschlag aus deinem Link"), scrolled to and
// focused; its share button shares the monument's view with it selected. Axe-clean. Desktop and phone.
import { seriousViolations } from './axe';
import { expect, mapReady, openPopup, test, unique } from './fixtures';

const MON = 'mon-dreifaltigkeitssaeule';

test('a shared proposal link opens the popup at that proposal, marked and focused', async ({ page, api }) => {
  // Several proposals, so the shared one is not simply the first row.
  const names = [unique('Erster Vorschlag'), unique('Zweiter Vorschlag'), unique('Geteilt: Käthe Leichter')];
  const created = [];
  for (const name of names) created.push(await api.addProposal(MON, name));
  const shared = created[2]!;
  await page.goto(`/?monument=${MON}&proposal=${shared.id}`);
  await mapReady(page);
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('heading', { level: 2, name: 'Dreifaltigkeitssäule' })).toBeVisible();
  const row = popup.locator('.proposal-row--shared');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(shared.name);
  await expect(row).toContainText('Der Vorschlag aus deinem Link');
  await expect(row).toBeFocused();
  await expect(row).toBeInViewport();
  // Only that one is marked.
  await expect(popup.getByText('Der Vorschlag aus deinem Link')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a proposal's share button shares its monument's view with it selected", async ({ page, api }) => {
  const proposal = await api.addProposal(MON, unique('Zum Teilen'));
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
    Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: unknown) => void calls.push(data) });
  });
  await page.goto('/');
  await mapReady(page);
  const popup = await openPopup(page, 'Dreifaltigkeitssäule');
  await popup.getByRole('button', { name: `Vorschlag „${proposal.name}“ teilen` }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Link geteilt.' })).toBeVisible();
  const calls = await page.evaluate(() => (window as unknown as { shareCalls: { title: string; url: string }[] }).shareCalls);
  expect(calls).toHaveLength(1);
  expect(calls[0]?.title).toBe(proposal.name);
  const url = new URL(calls[0]?.url ?? '');
  // The link opens the proposal selected in its monument's view.
  expect(url.pathname).toBe(`/monuments/${MON}`);
  expect(Object.fromEntries(url.searchParams)).toEqual({ proposal: String(proposal.id) });
  await page.goto(url.href);
  await expect(page.locator('.proposal-card--shared')).toContainText(proposal.name);
});
