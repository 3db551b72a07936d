// What became of an answer: the status history as a timeline on the monument's view
// (each step's day written out and its note, shown as text), an answer in one language with the
// note that says so, and the proposals waiting for the city's answer on /interventions and first
// in the staff area.
import { addStaff, signIn } from './admin-fixtures';
import { seriousViolations } from './axe';
import { expect, somewhere, test, unique, type Page } from './fixtures';
import { staffToken } from './staff';

const fullDate = (iso: string, lang: 'de' | 'en') =>
  new Intl.DateTimeFormat(lang === 'de' ? 'de-AT' : 'en-GB', { dateStyle: 'long', timeZone: 'Europe/Vienna' }).format(
    new Date(iso),
  );

async function answer(page: Page, id: number, data: object) {
  const res = await page.request.put(`/api/staff/interventions/${id}/answer`, {
    headers: { Authorization: `Bearer ${await staffToken()}` },
    data,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { history: { at: string }[] };
}

for (const lang of ['de', 'en'] as const) {
  test.describe(`status history and waiting list (${lang})`, () => {
    test.use({ lang });

    test('the monument view shows every step with its day and note; an answer in German only says so', async ({ page, api }) => {
      test.slow();
      const monument = await api.addMonument(unique('Verlauf'), ...somewhere());
      const title = unique('Eine Tafel');
      const proposal = await api.addProposal(monument.id, title);
      const note = 'Im Kulturausschuss am 12.3. beraten <b>laut</b>';
      await answer(page, proposal.id, { status: 'in_review', statement: { de: 'Wir prüfen das.' }, note });
      const { history } = await answer(page, proposal.id, {
        status: 'planned',
        statement: { de: 'Die Tafel kommt 2027.' },
        note: 'Gemeinderat hat zugestimmt',
      });

      await page.goto(`/monuments/${monument.id}?proposal=${proposal.id}`);
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      const timeline = card.getByRole('region', { name: lang === 'de' ? 'Verlauf' : 'What happened so far' });
      const steps = timeline.getByRole('listitem');
      await expect(steps).toHaveCount(2);
      await expect(steps.nth(0)).toHaveText(
        `${fullDate(history[0]?.at ?? '', lang)} ${lang === 'de' ? 'In Prüfung' : 'In review'}${note}`,
      );
      await expect(steps.nth(1)).toContainText(lang === 'de' ? 'Geplant' : 'Planned');
      await expect(steps.nth(1)).toContainText('Gemeinderat hat zugestimmt');
      // The note is text: its markup is shown, not made.
      await expect(timeline.locator('b')).toHaveCount(0);
      // The statement in German only: in the English view with a note that says so.
      await expect(card.locator('[lang="de"]')).toHaveText('Die Tafel kommt 2027.');
      if (lang === 'en') await expect(card).toContainText('The city answered in German only.');
      else await expect(card).not.toContainText('nur auf');
      // The card the link selected (the rest of the view has its own axe checks in monument-view.spec).
      expect(await seriousViolations(page, '.proposal-card--shared')).toEqual([]);
    });

    test('a proposal at the threshold is listed as waiting until the city answers, in public and first for staff', async ({
      page,
      api,
    }) => {
      test.slow();
      const monument = await api.addMonument(unique('Wartet'), ...somewhere());
      const title = unique('Ein Brunnen');
      const proposal = await api.addProposal(monument.id, title);
      await api.voteAsOthers(proposal.id, monument.id, 10);
      await expect.poll(async () => (await api.proposals(monument.id))[0]?.mayorNotifiedAt ?? null).not.toBeNull();

      await page.goto('/interventions');
      const waiting = page.getByRole('region', {
        name: lang === 'de' ? /Warten auf die Antwort der Stadt/ : /Waiting for the city's answer/,
      });
      const item = waiting.getByRole('listitem').filter({ hasText: title });
      await expect(item).toContainText(lang === 'de' ? `bei „${monument.name}“` : `at “${monument.name}”`);
      await expect(item).toContainText(lang === 'de' ? 'wartet seit heute' : 'waiting since today');
      await expect(item.getByRole('link', { name: title })).toHaveAttribute(
        'href',
        `/monuments/${monument.id}?proposal=${proposal.id}`,
      );
      expect(await seriousViolations(page, '.awaiting')).toEqual([]);

      // The staff area: the same list comes first, with the answer form at hand.
      const { name, token } = addStaff('Antwortende');
      await signIn(page, token, name, lang);
      const staffList = page.getByRole('region', {
        name: lang === 'de' ? /Warten auf die Antwort der Stadt/ : /Waiting for the city's answer/,
      });
      await expect(staffList).toBeVisible();
      const staffItem = staffList.getByRole('listitem').filter({ hasText: title });
      const answer = async (status: string | null, text: string) => {
        await staffItem
          .getByRole('button', { name: lang === 'de' ? `Offizielle Antwort auf ${title}` : `Official answer to ${title}` })
          .click();
        if (status) await staffItem.getByLabel('Status').selectOption(status);
        await staffItem.getByLabel(lang === 'de' ? 'Stellungnahme (Englisch)' : 'Statement (English)').fill(text);
        await staffItem.getByRole('button', { name: lang === 'de' ? 'Antwort veröffentlichen' : 'Publish answer' }).click();
      };
      // A holding reply that leaves the status open is not yet the city's answer: it keeps waiting.
      await answer(null, 'We will look into it.');
      await expect(
        page.getByText(
          lang === 'de' ? `Die Antwort auf „${title}“ ist veröffentlicht.` : `The answer to “${title}” is published.`,
        ),
      ).toBeVisible();
      await page.reload();
      await expect(staffItem).toHaveCount(1);
      // A status is: the proposal leaves the list.
      await answer('in_review', 'The culture committee is reviewing it.');
      await expect(staffList.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

      await page.goto('/interventions');
      await expect(page.getByRole('region', { name: lang === 'de' ? /Warten auf/ : /Waiting for/ })).toBeVisible();
      await expect(page.getByRole('region', { name: lang === 'de' ? /Warten auf/ : /Waiting for/ }).getByText(title)).toHaveCount(
        0,
      );
    });
  });
}
