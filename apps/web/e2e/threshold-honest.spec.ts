// Honest at the threshold (issue 56): ten browsers that share one address (a school class, a mobile
// network) reach 10. A connection's sixth to tenth votes for a proposal are held (the server's
// default of 5, as in the citizen's case), and the mayor's mail waits for a check of the votes (one
// network), so the 10th voter is told that the votes are checked first, not that the mayor was
// e-mailed; and the popup, the monument's view, /interventions and /mine show that browser one count.
import { expect, openPopup, somewhere, test, unique } from './fixtures';

/** One address for all ten: the server trusts one proxy (TRUST_PROXY=1) and reads it from X-Forwarded-For. */
const SHARED = { 'x-forwarded-for': `2001:db8:5c:${Math.floor(Math.random() * 0xffff).toString(16)}::10` };

test('ten browsers on one address reach 10: the message says the votes are checked first; every screen shows 10', async ({
  page,
  playwright,
  api,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const monument = await api.addMonument(unique('Schulhof'), ...somewhere());
  const title = unique('Klasse 4b');
  const proposal = await api.addProposal(monument.id, title);
  // Nine classmates, each a browser of its own (a cookie jar), from the shared address.
  for (let k = 0; k < 9; k++) {
    const classmate = await playwright.request.newContext({ baseURL, extraHTTPHeaders: SHARED });
    const res = await classmate.post(`/api/interventions/${proposal.id}/vote`, {
      data: { monumentId: monument.id, action: 'vote' },
    });
    expect(res.status(), await res.text()).toBe(200);
    await classmate.dispose();
  }
  // The tenth, in a real browser from the same address.
  await page.setExtraHTTPHeaders(SHARED);
  await page.goto('/');
  const popup = await openPopup(page, new RegExp(`^${monument.name} \\(`));
  const row = popup.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('9 Stimmen, davon 0 bestätigt');
  await row.getByRole('button', { name: `Für „${title}“ stimmen` }).click();
  const message = popup.getByRole('status').first();
  await expect(message).toHaveText(
    `„${title}“ hat 10 Stimmen erreicht! Die Stimmen werden zuerst geprüft; danach bekommt das Büro des Bürgermeisters eine E-Mail.`,
  );
  await expect(message).not.toContainText('benachrichtigt');
  await expect(row).toContainText('10 Stimmen, davon 0 bestätigt');
  // Every voter is offered the e-mail confirmation (folded into one line in the popup).
  await popup.getByRole('button', { name: `Weitere Möglichkeiten zu „${title}“` }).click();
  await expect(popup.getByRole('button', { name: `Stimme für „${title}“ per E-Mail bestätigen` })).toBeVisible();

  // The monument's view.
  await page.goto(`/monuments/${monument.id}`);
  await expect(page.getByRole('listitem').filter({ hasText: title }).first()).toContainText('10 Stimmen, davon 0 bestätigt');
  // The list of all proposals.
  await page.goto(`/interventions?q=${encodeURIComponent(title)}`);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(title) }) });
  await expect(item.getByRole('definition').last()).toHaveText('10');
  // Mine.
  await page.goto('/mine');
  await expect(
    page
      .getByRole('region', { name: /^Abgestimmt/ })
      .getByRole('listitem')
      .filter({ hasText: title }),
  ).toContainText('10 von 10 Stimmen');
  // Five of the ten were held: a visitor from elsewhere reads the five that count.
  expect((await api.proposals(monument.id)).find((p) => p.id === proposal.id)?.votes).toBe(5);
});
