// `Monument.proposals`: the number of public proposals, and the monuments list (and its ETag)
// follows every change of it: a new proposal, hiding by reports, staff rejecting or restoring, a merge.
import { Monument, MonumentList, pathOf, routes, type Intervention } from '@linz/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, expectAnswer, json, testApp, propose as proposeAt } from '../support/harness.js';
import { bearer, newStaff, trpcPost } from '../support/staff-helpers.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let token: string;
beforeEach(async () => {
  t = await testApp();
  token = await newStaff(t.database, 'Erika');
});
afterEach(() => t.close());

const MON = 'mon-dreifaltigkeitssaeule';
const OTHER = 'mon-hessendenkmal';

const propose = (name: string, monumentId = MON) => proposeAt(t.app, name, monumentId);
const staff = async (path: string, input: unknown) => {
  const res = await t.app.inject(trpcPost(path, input, bearer(token)));
  expect(res.statusCode, res.body).toBe(200);
};

/** The list's ETag and each monument's count, as a client sees them. */
async function counts() {
  const res = await t.app.inject({ url: routes.listMonuments.path });
  const list = expectAnswer(res, 200, MonumentList);
  return { etag: String(res.headers.etag), of: (id: string) => list.find((m) => m.id === id)?.proposals };
}
/** Runs `change` and checks the list's ETag changed and the counts are `expected` afterwards. */
async function expectAfter(change: () => Promise<unknown>, expected: Record<string, number | undefined>) {
  const before = await counts();
  await change();
  const after = await counts();
  expect(after.etag).not.toBe(before.etag);
  for (const [id, n] of Object.entries(expected)) expect(after.of(id), id).toBe(n);
}

describe('Monument.proposals', () => {
  it('counts public proposals; the list and its ETag follow creation, hiding, rejection, restoring and merging', async () => {
    const start = await counts();
    expect(start.of(MON)).toBe(0);
    expect(start.of(OTHER)).toBe(0);
    let first!: Intervention;
    await expectAfter(async () => (first = await propose('Erste')), { [MON]: 1 });
    let second!: Intervention;
    await expectAfter(async () => (second = await propose('Zweite')), { [MON]: 2, [OTHER]: 0 });
    await propose('Dritte', OTHER);
    // One monument's answer agrees with the list.
    const one = await t.app.inject({ url: pathOf(routes.monument.path, { monumentId: MON }) });
    expect(expectAnswer(one, 200, Monument).proposals).toBe(2);

    // Hidden by reports from three browsers in three networks (IPv4 /24s): no longer counted.
    const report = (who: string) =>
      t.app.inject({
        method: 'POST',
        url: pathOf(routes.reportProposal.path, { proposalId: second.id }),
        remoteAddress: `192.0.${who.charCodeAt(0)}.2`,
        headers: { ...json, ...browser(t.app, who) },
        payload: { reason: 'spam' },
      });
    expect((await report('a')).statusCode).toBe(201);
    expect((await report('b')).statusCode).toBe(201);
    expect((await counts()).of(MON)).toBe(2);
    await expectAfter(() => report('c'), { [MON]: 1 });

    // Staff reject the other one, then restore both.
    await expectAfter(() => staff('staff.proposals.reject', { proposalId: first.id, reason: { text: 'Spam' } }), {
      [MON]: 0,
    });
    await expectAfter(() => staff('staff.proposals.restore', { proposalId: first.id }), { [MON]: 1 });
    await expectAfter(() => staff('staff.proposals.restore', { proposalId: second.id }), { [MON]: 2 });

    // A merge moves the proposals to the kept monument; the merged one leaves the list.
    await expectAfter(() => staff('staff.monuments.merge', { monumentId: MON, into: OTHER }), {
      [MON]: undefined,
      [OTHER]: 3,
    });
    const kept = await t.app.inject({ url: pathOf(routes.monument.path, { monumentId: MON }) });
    expect(expectAnswer(kept, 200, Monument)).toMatchObject({ id: OTHER, proposals: 3 });
  });

  it('a hidden monument leaves the list with its proposals; restoring brings both back', async () => {
    await propose('Eins');
    await expectAfter(() => staff('staff.monuments.reject', { monumentId: MON, reason: { text: 'Spam' } }), { [MON]: undefined });
    await expectAfter(() => staff('staff.monuments.restore', { monumentId: MON }), { [MON]: 1 });
  });
});
