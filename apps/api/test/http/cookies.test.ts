// The privacy page lists the contract's COOKIES, by name and lifetime. The cookies the server
// really sets, on a first vote (the voter id and the author's mark) and on a staff sign-in, are
// each one of them, with the lifetime the page states. The staff sign-in with the city's accounts
// (oidc_tx) is followed by test/staff/oidc.test.ts.
import { COOKIES } from '@linz/contract/facts';
import { afterEach, describe, expect, it } from 'vitest';
import { firstMonument, newProposal, vote } from '../support/abuse-helpers.js';
import { DB_KIND, testApp } from '../support/harness.js';
import { newStaff, trpcPost } from '../support/staff-helpers.js';

let t: Awaited<ReturnType<typeof testApp>> | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const listed = new Map<string, number>(Object.values(COOKIES).map((c) => [c.name, c.seconds]));
/** Each cookie an answer sets, as [name, Max-Age]. */
const setBy = (res: { cookies: { name: string; maxAge?: number }[] }) => res.cookies.map((c) => [c.name, c.maxAge]);

describe(`the cookies the server sets on ${DB_KIND}`, () => {
  it('are the ones the privacy page lists, with the lifetimes it states', async () => {
    t = await testApp();
    const monument = await firstMonument(t.app);
    const proposal = await newProposal(t.app, monument.id, 'Ein Denkmal für die Trümmerfrauen', { ip: '203.0.113.7' });
    const voted = await vote(t.app, proposal, { ip: '198.51.100.7' });
    expect(voted.statusCode, voted.body).toBe(200);

    const token = await newStaff(t.database, 'Dora');
    const signedIn = await t.app.inject({ ...trpcPost('staff.session.signIn', { token }), remoteAddress: '192.0.2.7' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    const seen = [...setBy(voted), ...setBy(signedIn)];
    expect(seen.map(([name]) => name).sort()).toEqual([
      COOKIES.authorMark.name,
      COOKIES.authorMark.name,
      COOKIES.staffSession.name,
      COOKIES.voter.name,
    ]);
    for (const [name, maxAge] of seen) expect(maxAge, String(name)).toBe(listed.get(String(name)));
  });
});
