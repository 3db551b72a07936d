// axe-core on the popup's states and the report dialog, and on the intro overlay (desktop and phone).
// Every route is checked in screens.spec.ts (PAGES in pages.ts), best practice included.
import { seriousViolations } from './axe';
import { expect, mapReady, openPopup, test, unique, somewhere } from './fixtures';
import { staffToken } from './staff';

// axe judges the structure, the same in both languages (as in screens.spec.ts): German, the first.
test.describe('axe', () => {
  test('the open popup with a list has no serious or critical violations', async ({ page, api }) => {
    test.slow();
    const monument = await api.monument('Hessendenkmal');
    await api.addProposal(monument.id, 'Barrierefrei');
    await page.goto('/');
    await mapReady(page);
    const popup = await openPopup(page, 'Hessendenkmal');
    await expect(popup.getByRole('listitem').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the popup with status, progress, the mayor's date, an answer, and the report dialog", async ({ page, api }) => {
    test.slow();
    const monument = await api.addMonument(unique('Axe'), ...somewhere());
    const reached = await api.addProposal(monument.id, 'Erreicht');
    const answered = await api.addProposal(monument.id, 'Beantwortet');
    await api.voteAsOthers(reached.id, monument.id, 10);
    const res = await page.request.put(`/api/staff/interventions/${answered.id}/answer`, {
      headers: { Authorization: `Bearer ${await staffToken()}` },
      data: { status: 'declined', statement: { de: 'Leider nicht möglich.', en: 'Sadly not possible.' } },
    });
    expect(res.status(), await res.text()).toBe(200);
    await expect.poll(async () => (await api.proposals(monument.id)).some((i) => i.mayorNotifiedAt)).toBe(true);
    await page.goto('/');
    await mapReady(page);
    const popup = await openPopup(page, new RegExp(`^${monument.name} \\(`));
    await expect(popup.getByRole('progressbar')).toHaveCount(2);
    await expect(popup.locator('.mayor-notice')).toBeVisible();
    await expect(popup.locator('.city-answer')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await popup.getByRole('button', { name: 'Dieses Denkmal melden' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('radio')).toHaveCount(4);
    await dialog.getByRole('button', { name: 'Meldung senden' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // It fits the screen, a 360 px phone included.
    const box = await dialog.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  });
});

test.describe('intro overlay', () => {
  test.use({ seenIntro: false });
  test('has no serious or critical violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('offers the other language while open; closed, it leaves focus on the page, not on the body', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Los geht’s' })).toBeFocused();
    await dialog.getByRole('button', { name: 'English' }).click();
    await expect(dialog.getByRole('heading')).toHaveText('Welcome!');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await dialog.getByRole('button', { name: "Let's go" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('#main')).toBeFocused();
    // Escape closes it the same way.
    await page.evaluate(() => localStorage.removeItem('introSeen'));
    await page.reload();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Deutsch' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.locator('#main')).toBeFocused();
  });

  test('closed before the page has come, the page takes focus when it comes', async ({ page }) => {
    // The welcome is drawn before the page's chunk is asked for; on a slow line it is closed first.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/AboutPage-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/about');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'English' })).toBeVisible();
    await expect(page.locator('#main')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    release();
    await expect(page.locator('#main')).toBeFocused();
  });
});
