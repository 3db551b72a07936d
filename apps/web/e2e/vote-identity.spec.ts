// One identity before the first vote: a fresh browser gets its voter cookie with the page, so a
// double-click racing a burst of requests counts once.
import { expect, openPopup, test, unique, somewhere } from './fixtures';

test('a fresh browser has its voter cookie with the page; a double-click and 20 fetches at once count once', async ({
  page,
  context,
  api,
}) => {
  const name = unique('Doppelklick');
  const monument = await api.addMonument(name, ...somewhere());
  const proposal = await api.addProposal(monument.id, unique('Brunnen'));
  expect(await context.cookies()).toEqual([]);

  await page.goto('/');
  expect((await context.cookies()).map((c) => c.name)).toContain('voter');
  const popup = await openPopup(page, new RegExp(`^${name} \\(`));

  const statuses: number[] = [];
  page.on('response', (r) => void (r.url().endsWith(`/api/interventions/${proposal.id}/vote`) && statuses.push(r.status())));
  const burst = page.evaluate(
    ({ id, monumentId }) =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`/api/interventions/${id}/vote`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ monumentId, action: 'vote' }),
          }).then((r) => r.status),
        ),
      ),
    { id: proposal.id, monumentId: monument.id },
  );
  await popup.getByRole('button', { name: `Für „${proposal.name}“ stimmen` }).dblclick();
  const fetched = await burst;
  // Whichever request came first, the popup tells its outcome: counted, or already voted.
  await expect(popup.getByRole('status').or(popup.getByRole('alert'))).toHaveText(/Deine Stimme wurde gezählt!|bereits/);
  await expect.poll(() => statuses.length).toBeGreaterThanOrEqual(21);

  expect(fetched.filter((s) => s !== 200 && s !== 403)).toEqual([]);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  const [after] = await api.proposals(monument.id);
  expect(after?.votes).toBe(1);
});
