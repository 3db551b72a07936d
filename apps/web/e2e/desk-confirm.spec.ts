// What cannot be taken back asks first (issue 56): removing a photo deletes it for good, so the
// desk asks; cancelled, the photo stays; confirmed, it is gone. (Releasing a held mayor's mail and
// publishing a held name ask too: votes.spec and screening.spec.)
import { addStaff, revokeStaff, signIn } from './admin-fixtures';
import { seriousViolations } from './axe';
import { sendProposalSketch } from './drawn';
import { expect, test, unique } from './fixtures';

test('removing a photo asks first: cancelled, it stays; confirmed, it is gone for good', async ({ page, api }) => {
  test.slow(); // an upload is re-encoded on a shared machine
  const monument = await api.monument('Hessendenkmal');
  const title = unique('Bild einer Stele');
  const proposal = await api.addProposal(monument.id, title);
  const alt = unique('Skizze einer Stele');
  expect(await sendProposalSketch(page, proposal.id, alt)).toBe(202);

  const staff = addStaff('Fotoprüfung');
  await signIn(page, staff.token, staff.name);
  await page
    .getByRole('navigation', { name: 'Bereich für die Stadt' })
    .getByRole('button', { name: /^Fotos/ })
    .click();
  const card = page.locator('.admin-photo').filter({ has: page.getByRole('img', { name: alt }) });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Entfernen' }).click();
  const ask = page.getByRole('dialog', { name: /^Foto zu „.*“ endgültig entfernen\?$/ });
  await expect(ask).toContainText(title);
  await expect(ask).toContainText('lässt sich nicht wiederherstellen');
  expect(await seriousViolations(page), 'axe: the removal confirmation').toEqual([]);
  await ask.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(ask).toHaveCount(0);
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Entfernen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Endgültig entfernen' }).click();
  await expect(page.locator('.admin-status')).toHaveText('Foto entfernt.');
  await expect(card).toHaveCount(0);
  revokeStaff(staff.name);
});
