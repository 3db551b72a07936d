// The marker popup: every state, adding proposals and the whole vote flow of spec section 4.
import { expect, mapReady, openPopup, popupSettled, test, unique, somewhere } from './fixtures';

// Each test works on its own visitor-added monument so parallel tests never share a list.
async function ownMonument(api: import('./fixtures').Api, label: string) {
  const name = unique(label);
  const monument = await api.addMonument(name, ...somewhere());
  return { monument, marker: new RegExp(`^${name} \\(`) };
}

/** Where the confetti's canvas has paint (in the page's pixels): its mean x and its lowest y. */
function confettiDrawn(page: import('./fixtures').Page) {
  return page.locator('canvas.confetti-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { width, height } = canvas;
    const data = canvas.getContext('2d')?.getImageData(0, 0, width, height).data;
    const scale = width / canvas.getBoundingClientRect().width;
    let count = 0;
    let sumX = 0;
    let bottom = -1;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        if ((data?.[(y * width + x) * 4 + 3] ?? 0) > 0) {
          count++;
          sumX += x;
          bottom = y;
        }
    return count ? { x: sumX / count / scale, bottom: bottom / scale } : null;
  });
}

test('shows name, question, loading, then the empty state (DE)', async ({ page, api }) => {
  const { monument, marker } = await ownMonument(api, 'Leer');
  // Hold the answer until the loading state has been seen.
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/interventions/${monument.id}`, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/');
  const popup = await openPopup(page, marker);
  await expect(popup.getByRole('heading', { name: monument.name })).toBeFocused();
  await expect(popup.getByText('Was sollte stattdessen hier stehen?')).toBeVisible();
  await expect(popup.getByRole('status')).toHaveText('Interventionen werden geladen…');
  release();
  await expect(popup.getByText('Noch keine Vorschläge. Mach den ersten!')).toBeVisible();
  await expect(popup.getByRole('textbox', { name: 'Dein Vorschlag' })).toBeVisible();
  // A visitor's monument says it is not checked yet, close under its name and above the question
  // (Leaflet's paragraph margins left 37 px beneath the note).
  const [note, question] = await Promise.all(
    [
      popup.getByText('Von Besucher:innen hinzugefügt, noch nicht geprüft.'),
      popup.getByText('Was sollte stattdessen hier stehen?'),
    ].map((l) => l.boundingBox()),
  );
  expect(question!.y - (note!.y + note!.height)).toBeLessThanOrEqual(24);
});

test('a failed or malformed load shows the red error', async ({ page, api }) => {
  const { monument, marker } = await ownMonument(api, 'Fehler');
  let calls = 0;
  await page.route(`**/api/interventions/${monument.id}`, (route) => {
    calls++;
    return calls <= 2
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
      : route.fulfill({ status: 200, contentType: 'application/json', body: '{"not":"a list"}' });
  });
  await page.goto('/');
  let popup = await openPopup(page, marker);
  const error = popup.getByRole('alert');
  await expect(error).toHaveText('Laden der Interventionen fehlgeschlagen.');
  await expect(error).toHaveCSS('color', 'rgb(163, 0, 27)');
  await page.keyboard.press('Escape');
  await page.reload();
  popup = await openPopup(page, marker);
  await expect(popup.getByRole('alert')).toHaveText('Laden der Interventionen fehlgeschlagen.');
});

test.describe('English', () => {
  test.use({ lang: 'en' });
  test('states and the error in English', async ({ page, api }) => {
    const { monument, marker } = await ownMonument(api, 'Empty');
    await page.goto('/');
    let popup = await openPopup(page, marker);
    await expect(popup.getByText('What should be here instead?')).toBeVisible();
    await expect(popup.getByText('No proposals yet. Be the first!')).toBeVisible();
    await page.route(`**/api/interventions/${monument.id}`, (route) => route.abort());
    await page.reload();
    popup = await openPopup(page, marker);
    await expect(popup.getByRole('alert')).toHaveText('Failed to load interventions.');
  });
});

test('adding a proposal: disabled and "adding" while it runs, new one on top, input cleared', async ({ page, api }) => {
  const { monument, marker } = await ownMonument(api, 'Hinzu');
  await api.addProposal(monument.id, 'Erster Vorschlag');
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/interventions/${monument.id}`, async (route) => {
    if (route.request().method() === 'POST') await gate;
    await route.continue();
  });
  await page.goto('/');
  const popup = await openPopup(page, marker);
  const input = popup.getByRole('textbox', { name: 'Dein Vorschlag' });
  await input.fill('  Büste für Johanna Dohnal  ');
  await popup.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  const busy = popup.getByRole('button', { name: 'Wird hinzugefügt…' });
  await expect(busy).toBeDisabled();
  await expect(input).toHaveValue('');
  release();
  await expect(popup.getByRole('status')).toHaveText('Dein Vorschlag wurde hinzugefügt!');
  await expect(popup.getByRole('button', { name: 'Hinzufügen', exact: true })).toBeEnabled();
  const rows = popup.getByRole('list', { name: 'Vorgeschlagene Interventionen' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Büste für Johanna Dohnal');
  await expect(rows.first()).toContainText('0 Stimmen');
  await popup.getByRole('button', { name: 'Meldung schließen' }).click();
  await expect(popup.getByRole('status')).toHaveCount(0);
});

test('a list still loading when the proposal is added does not hide it afterwards', async ({ page, api }) => {
  const { monument, marker } = await ownMonument(api, 'Langsam');
  await api.addProposal(monument.id, 'Erster Vorschlag');
  // The list is read before the proposal exists, and its answer arrives only after the proposal's.
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reads = 0;
  await page.route(`**/api/interventions/${monument.id}`, async (route) => {
    if (route.request().method() !== 'GET' || reads++ > 0) return route.continue();
    const response = await route.fetch();
    await gate;
    await route.fulfill({ response });
  });
  await page.goto('/');
  const popup = await openPopup(page, marker);
  await expect(popup.getByRole('status')).toHaveText('Interventionen werden geladen…');
  await popup.getByRole('textbox', { name: 'Dein Vorschlag' }).fill('Ein Gedenkstein');
  await popup.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(popup.getByRole('status')).toHaveText('Dein Vorschlag wurde hinzugefügt!');
  release();
  const rows = popup.getByRole('list', { name: 'Vorgeschlagene Interventionen' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Ein Gedenkstein' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Erster Vorschlag' })).toHaveCount(1);
});

test('offline, a popup never opened before says its proposals are not on this device, and loads them once back online', async ({
  page,
  context,
  api,
}) => {
  const { monument, marker } = await ownMonument(api, 'Funkloch');
  await api.addProposal(monument.id, 'Erster Vorschlag');
  // A neighbour's popup opened online first: the popup's code is in the page (the service worker
  // keeps it offline; this spec runs without one).
  const neighbour = unique('Nachbar');
  // West-south-west, about 300 px away at zoom 19: its popup, opening upwards, neither covers this
  // marker nor pans it out of the view.
  await api.addMonument(neighbour, monument.geoLocX - 0.0002, monument.geoLocY - 0.0008);
  await page.goto(`/?lat=${monument.geoLocX}&lng=${monument.geoLocY}&zoom=19`);
  await mapReady(page);
  await openPopup(page, new RegExp(`^${neighbour} \\(`));
  // Loaded and still before its close button is pressed: the popup grows with its list and the map
  // pans it into view, and a click in that moment can land beside the button.
  await popupSettled(page);
  await page.locator('.leaflet-popup-close-button').click();
  await expect(page.locator('.leaflet-popup')).toHaveCount(0);
  // Its marker is on the map, not covered, while still online (offline no new data tiles come).
  const own = page.getByRole('button', { name: marker });
  await expect(own).toBeVisible();
  await context.setOffline(true);
  await own.focus();
  await page.keyboard.press('Enter');
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('status')).toHaveText(
    'Keine Verbindung: Die Vorschläge zu diesem Denkmal sind auf diesem Gerät nicht gespeichert. Einen neuen Vorschlag kannst du trotzdem machen; er wird gesendet, sobald wieder eine Verbindung besteht.',
  );
  await expect(popup.getByRole('textbox', { name: 'Dein Vorschlag' })).toBeEnabled();
  await context.setOffline(false);
  await expect(popup.getByRole('listitem').filter({ hasText: 'Erster Vorschlag' })).toBeVisible();
  await expect(popup.locator('.monument-popup__offline')).toHaveCount(0);
});

test('a blank title is refused; a failed add says so and clears the input', async ({ page, api }) => {
  const { monument, marker } = await ownMonument(api, 'Leertitel');
  await page.goto('/');
  const popup = await openPopup(page, marker);
  await popup.getByRole('textbox', { name: 'Dein Vorschlag' }).fill('   ');
  await popup.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(popup.getByRole('alert')).toHaveText('Bitte gib einen Titel für deinen Vorschlag ein.');
  await page.route(`**/api/interventions/${monument.id}`, (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
  );
  await popup.getByRole('textbox', { name: 'Dein Vorschlag' }).fill('Wird scheitern');
  await popup.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(popup.getByRole('alert')).toHaveText('Hinzufügen der Intervention fehlgeschlagen.');
  await expect(popup.getByRole('textbox', { name: 'Dein Vorschlag' })).toHaveValue('');
  await page.unrouteAll();
  await page.route(`**/api/interventions/${monument.id}`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, contentType: 'application/json', body: '{"message":"Too many requests"}' })
      : route.continue(),
  );
  await popup.getByRole('textbox', { name: 'Dein Vorschlag' }).fill('Zu schnell');
  await popup.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(popup.getByRole('alert')).toHaveText(/Zu viele Anfragen/);
});

test('the list scrolls within 150 px and ends at a row’s end', async ({ page, api }) => {
  const { monument, marker } = await ownMonument(api, 'Lang');
  // Rows of different heights: every third name takes two lines.
  for (let i = 1; i <= 8; i++)
    await api.addProposal(monument.id, i % 3 === 0 ? `Vorschlag ${i} mit einem langen Namen über zwei Zeilen` : `Vorschlag ${i}`);
  await page.goto('/');
  const popup = await openPopup(page, marker);
  const list = popup.getByRole('list', { name: 'Vorgeschlagene Interventionen' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  await expect(list).toHaveCSS('overflow-y', 'auto');
  const fit = () =>
    list.evaluate((el) => {
      // Where each row ends, from the top of the list's content (the list may be scrolled).
      const top = el.getBoundingClientRect().top - el.scrollTop;
      const ends = [...el.children].map((row) => Math.round(row.getBoundingClientRect().bottom - top));
      return { scroll: el.scrollHeight, client: el.clientHeight, ends };
    });
  const { scroll, client, ends } = await fit();
  expect(client).toBeLessThanOrEqual(150);
  expect(scroll).toBeGreaterThan(client);
  // No row is cut in half: the list's foot is a row's end, and the next row would not have fit.
  expect(
    ends.some((end) => Math.abs(end - client) <= 1),
    `${client} vs ${ends.join(', ')}`,
  ).toBe(true);
  expect(ends.find((end) => end > client + 1)).toBeGreaterThan(150);
  // It stays so after a vote changes a row.
  await list.getByRole('button', { name: 'Für „Vorschlag 1“ stimmen' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: 'Vorschlag 1' })).toContainText('1 Stimme');
  const after = await fit();
  expect(
    after.ends.some((end) => Math.abs(end - after.client) <= 1),
    `${after.client} vs ${after.ends.join(', ')}`,
  ).toBe(true);
});

test('voting: the server count, the voted list, then the local and the 403 duplicate checks', async ({ page, api }) => {
  const { monument, marker } = await ownMonument(api, 'Abstimmung');
  const proposal = await api.addProposal(monument.id, 'Denkmal für Marianne');
  await api.voteAsOthers(proposal.id, monument.id, 2);
  await page.goto('/');
  const popup = await openPopup(page, marker);
  const row = popup.getByRole('listitem').filter({ hasText: 'Denkmal für Marianne' });
  await expect(row).toContainText('2 Stimmen');
  await row.getByRole('button', { name: 'Für „Denkmal für Marianne“ stimmen' }).click();
  await expect(popup.getByRole('status')).toHaveText('Deine Stimme wurde gezählt!');
  await expect(row).toContainText('3 Stimmen');
  const thumb = row.getByRole('button', { name: 'Du hast für „Denkmal für Marianne“ gestimmt' });
  await expect(thumb).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate((id) => localStorage.getItem(`voted_${id}`), monument.id)).toBe(`[${proposal.id}]`);

  // Local check: no request is sent.
  let sent = 0;
  page.on('request', (r) => void (r.url().includes('/vote') && sent++));
  const more = popup.getByRole('button', { name: 'Weitere Möglichkeiten zu „Denkmal für Marianne“' });
  await expect(more).toBeVisible();
  await thumb.click();
  await expect(popup.getByRole('alert')).toHaveText('Du hast bereits schon abgestimmt.');
  expect(sent).toBe(0);
  // The vote's offer (follow, confirm by e-mail) stays: pressing again takes nothing away.
  await expect(more).toBeVisible();

  // Forget the local list: the server's cookie still knows (403).
  await page.evaluate((id) => localStorage.removeItem(`voted_${id}`), monument.id);
  await page.keyboard.press('Escape');
  const again = await openPopup(page, marker);
  await again.getByRole('button', { name: 'Für „Denkmal für Marianne“ stimmen' }).click();
  await expect(again.getByRole('alert')).toHaveText('Du hast bereits schon abgestimmt.');
  expect(sent).toBe(1);
  await expect(again.getByRole('listitem').filter({ hasText: 'Denkmal für Marianne' })).toContainText('3 Stimmen');
});

test('vote failures: a refusal\'s text, "Server error." for a 5xx or without a body, network failure, 429', async ({
  page,
  api,
}) => {
  const { monument, marker } = await ownMonument(api, 'Kaputt');
  await api.addProposal(monument.id, 'Vorschlag X');
  await page.goto('/');
  const popup = await openPopup(page, marker);
  const vote = popup.getByRole('button', { name: 'Für „Vorschlag X“ stimmen' });
  const answers = [
    {
      fulfil: { status: 400, contentType: 'application/json', body: '{"code":"INVALID_INPUT","message":"Ungültige Stimme"}' },
      text: 'Ungültige Stimme',
    },
    // A server error's message is never shown (ours is a generic English sentence): api/errors.ts.
    {
      fulfil: { status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"Internal server error."}' },
      text: 'Serverfehler.',
    },
    { fulfil: { status: 502, body: '' }, text: 'Serverfehler.' },
    { fulfil: { status: 200, contentType: 'application/json', body: '{"votes":"x"}' }, text: 'Serverfehler.' },
    {
      fulfil: { status: 429, contentType: 'application/json', body: '{"message":"Too many requests"}' },
      text: /Zu viele Anfragen/,
    },
  ];
  for (const { fulfil, text } of answers) {
    await page.unrouteAll();
    await page.route('**/vote', (route) => route.fulfill(fulfil));
    await vote.click();
    await expect(popup.getByRole('alert')).toHaveText(text);
    await popup.getByRole('button', { name: 'Meldung schließen' }).click();
  }
  await page.unrouteAll();
  // No answer at all: the vote is kept for later (offline/queue.ts), not lost, not counted yet.
  await page.route('**/vote', (route) => route.abort());
  await vote.click();
  await expect(popup.getByRole('status')).toHaveText(/Deine Stimme wartet auf Verbindung/);
  await expect(popup.getByRole('listitem')).toContainText('0 Stimmen');
});

for (const lang of ['de', 'en'] as const) {
  test.describe(`the tenth vote (${lang})`, () => {
    test.use({ lang });
    test('names the proposal, says the mayor was notified and throws confetti for 2 s', async ({ page, api }) => {
      const { monument, marker } = await ownMonument(api, 'Zehn');
      const title = `Frauenbüste ${lang}`;
      const proposal = await api.addProposal(monument.id, title);
      expect(await api.voteAsOthers(proposal.id, monument.id, 9)).toBe(9);
      await page.clock.install();
      await page.goto('/');
      const popup = await openPopup(page, marker);
      const row = popup.getByRole('listitem').filter({ hasText: title });
      await expect(row).toContainText(lang === 'de' ? '9 Stimmen' : '9 votes');
      const thumb = row.getByRole('button', { name: lang === 'de' ? `Für „${title}“ stimmen` : `Vote for “${title}”` });
      // From here on time moves only when the test says so.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await thumb.click();
      await expect(popup.getByRole('status')).toHaveText(
        lang === 'de'
          ? `„${title}“ hat 10 Stimmen erreicht! Der Bürgermeister wurde per E-Mail benachrichtigt.`
          : `“${title}” has reached 10 votes! The mayor has been notified by e-mail.`,
      );
      await expect(row).toContainText(lang === 'de' ? '10 Stimmen' : '10 votes');
      await expect(row.locator('.thumbs-up--celebrating')).toHaveCount(1);
      await expect(page.locator('canvas.confetti-canvas')).toHaveCount(1);
      // The confetti starts at the thumbs-up where it stands now, below the vote's banner: after two
      // frames the paper flies up and out from its centre.
      await page.clock.runFor(40);
      const drawn = await confettiDrawn(page);
      // (Voted, the button has another name.)
      const button = (await row.locator('.thumbs-up').boundingBox())!;
      expect(drawn, 'confetti drawn').not.toBeNull();
      expect(Math.abs(drawn!.x - (button.x + button.width / 2))).toBeLessThan(24);
      expect(drawn!.bottom).toBeGreaterThan(button.y - 24);
      expect(drawn!.bottom).toBeLessThan(button.y + button.height + 24);
      // Confetti for 2 seconds after the vote's answer: still there at 1.9 s, gone at 2 s.
      await page.clock.runFor(1900);
      await expect(page.locator('canvas.confetti-canvas')).toHaveCount(1);
      await expect(row.locator('.thumbs-up--celebrating')).toHaveCount(1);
      await page.clock.runFor(100);
      await expect(page.locator('canvas.confetti-canvas')).toHaveCount(0);
      await expect(row.locator('.thumbs-up--celebrating')).toHaveCount(0);
      await page.clock.resume();
      await expect(row).toContainText(
        lang === 'de' ? 'an das Büro des Bürgermeisters gesendet' : "Sent to the mayor's office on",
      );
    });
  });
}
