// Where a proposal stands, in the popup and on /interventions: status badge, progress toward the
// mayor's threshold, the mail's date and the city's answer in the visitor's language.
import { expect, openPopup, test, unique, type Page, somewhere } from './fixtures';
import { staffToken } from './staff';

const localDate = (iso: string, lang: 'de' | 'en', time = true) =>
  new Intl.DateTimeFormat(lang === 'de' ? 'de-AT' : 'en-GB', {
    dateStyle: 'medium',
    ...(time ? { timeStyle: 'short' } : {}),
    timeZone: 'Europe/Vienna',
  }).format(new Date(iso));

const rowOf = (popup: ReturnType<Page['locator']>, name: string) => popup.getByRole('listitem').filter({ hasText: name });

test('badge and progress: 3 votes are 3 of 10; a reached proposal shows when the mail went out', async ({ page, api }) => {
  const monument = await api.addMonument(unique('Fortschritt'), ...somewhere());
  const three = await api.addProposal(monument.id, 'Drei Stimmen');
  const ten = await api.addProposal(monument.id, 'Zehn Stimmen');
  await api.voteAsOthers(three.id, monument.id, 3);
  await api.voteAsOthers(ten.id, monument.id, 10);
  let notifiedAt: string | null = null;
  await expect
    .poll(async () => {
      const rows = await api.proposals(monument.id);
      return (notifiedAt = rows.find((i) => i.id === ten.id)?.mayorNotifiedAt ?? null);
    })
    .not.toBeNull();

  await page.goto('/');
  const popup = await openPopup(page, new RegExp(`^${monument.name} \\(`));
  const row3 = rowOf(popup, 'Drei Stimmen');
  await expect(row3).toContainText('Status: Offen');
  const bar = row3.getByRole('progressbar', { name: 'Stimmen bis zur E-Mail an den Bürgermeister' });
  await expect(bar).toHaveAttribute('aria-valuenow', '3');
  await expect(bar).toHaveAttribute('aria-valuemax', '10');
  await expect(bar).toHaveAttribute('aria-valuetext', '3 von 10 Stimmen');
  await expect(row3).toContainText('3 von 10 Stimmen');
  await expect(row3).not.toContainText('Bürgermeisters gesendet');

  const row10 = rowOf(popup, 'Zehn Stimmen');
  await expect(row10.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
  await expect(row10).toContainText('10 von 10 Stimmen');
  await expect(row10).toContainText(`Am ${localDate(notifiedAt ?? '', 'de')} an das Büro des Bürgermeisters gesendet`);

  await page.goto('/interventions');
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Drei Stimmen' }) })
    .first();
  await expect(item).toContainText('Status: Offen');
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  // The spec's facts keep their order: the votes stay the last definition.
  await expect(item.getByRole('definition').last()).toHaveText('3');
});

for (const lang of ['de', 'en'] as const) {
  test.describe(`the city's answer (${lang})`, () => {
    test.use({ lang });
    test('shows the status and the statement in the visitor language, with its date', async ({ page, api }) => {
      // openPopup may reload the map at the monument when it sits in a cluster.
      test.slow();
      const monument = await api.addMonument(unique('Antwort'), ...somewhere());
      const title = unique('Beantwortet');
      const proposal = await api.addProposal(monument.id, title);
      const token = await staffToken();
      const statement = {
        de: 'Die Stadt plant eine Tafel.\nBaubeginn 2027.',
        en: 'The city plans a plaque.\nWork starts in 2027.',
      };
      const res = await page.request.put(`/api/staff/interventions/${proposal.id}/answer`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { status: 'planned', statement },
      });
      expect(res.status(), await res.text()).toBe(200);
      const answered = (await res.json()) as { answer: { answeredAt: string } };
      const date = localDate(answered.answer.answeredAt, lang, false);

      await page.goto('/');
      const popup = await openPopup(page, new RegExp(`^${monument.name} \\(`));
      const row = rowOf(popup, title);
      await expect(row).toContainText(lang === 'de' ? 'Status: Geplant' : 'Status: Planned');
      await expect(row).toContainText(
        lang === 'de' ? `Antwort der Stadt vom ${date}: ${statement.de}` : `The city's answer of ${date}: ${statement.en}`,
      );
      await expect(row).not.toContainText(lang === 'de' ? statement.en : statement.de);
      await expect(row.locator(`[lang="${lang}"]`)).toHaveText(statement[lang]);

      await page.goto('/interventions');
      const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(item).toContainText(lang === 'de' ? 'Status: Geplant' : 'Status: Planned');
      await expect(item).toContainText(statement[lang]);
    });
  });
}

test('a server without the new fields: open and unanswered (the spec’s plain answers)', async ({ page, api }) => {
  const monument = await api.addMonument(unique('Alt'), ...somewhere());
  await page.route(`**/api/interventions/${monument.id}`, (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify([{ id: 5, name: 'Alter Server', votes: 7 }]) }),
  );
  await page.goto('/');
  const popup = await openPopup(page, new RegExp(`^${monument.name} \\(`));
  const row = rowOf(popup, 'Alter Server');
  await expect(row).toContainText('Status: Offen');
  await expect(row).toContainText('7 von 10 Stimmen');
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '7');
});
