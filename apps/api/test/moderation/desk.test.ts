// The city's desk: hiding by staff needs a reason, which its author (and only its
// author) reads on "mine"; canned reasons staff edit, in the audit log; categories from one list.
import {
  AuditPage,
  CreatedMonument,
  Intervention,
  Mine,
  MONUMENT_CATEGORIES,
  pathOf,
  routes,
  type ModerationReason,
  type StaffMonument,
  type StaffQueue,
} from '@linz/contract';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LINZ_SITE_PROFILE } from '../support/city.js';
import { browser, DB_KIND, expectAnswer, json, testApp } from '../support/harness.js';
import { bearer, dataOf, newStaff, snapshotRows, trpcGet, trpcPost } from '../support/staff-helpers.js';

let t: Awaited<ReturnType<typeof testApp>> | undefined;
let token = '';
afterEach(async () => {
  await t?.close();
  t = undefined;
});
async function start(env: Record<string, string> = {}) {
  t = await testApp(env);
  token = await newStaff(t.database, 'Erika');
  return t;
}

const MON = 'mon-dreifaltigkeitssaeule';
const call = (p: string, input: unknown) => t!.app.inject(trpcPost(p, input, bearer(token)));
const staff = async <O>(p: string, input: unknown) => {
  const res = await call(p, input);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<O>(res);
};
const trpcError = (body: string) => (JSON.parse(body) as { error: { data: { code: string; reason?: string } } }).error;
const proposeAs = async (who: string, name: string) =>
  expectAnswer(
    await t!.app.inject({
      method: 'POST',
      url: pathOf(routes.createProposal.path, { monumentId: MON }),
      headers: { ...json, ...browser(t!.app, who) },
      payload: { name },
    }),
    201,
    Intervention,
  );
const reasonsList = async () =>
  dataOf<ModerationReason[]>(await t!.app.inject(trpcGet('staff.reasons.list', undefined, bearer(token))));
const mineOf = async (who: string) =>
  expectAnswer(await t!.app.inject({ url: routes.mine.path, headers: browser(t!.app, who) }), 200, Mine);

describe(`the desk on ${DB_KIND}`, () => {
  it('hiding needs a reason (canned or written); without one, or with an unknown one, nothing changes', async () => {
    await start();
    const p = await proposeAs('author', 'Ein Vorschlag');
    const before = await snapshotRows(t!.database);
    for (const input of [
      { proposalId: p.id },
      { proposalId: p.id, reason: {} },
      { proposalId: p.id, reason: { text: '   ' } },
      { proposalId: p.id, reason: { reasonId: 1, text: 'both' } },
    ]) {
      const res = await call('staff.proposals.reject', input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
    }
    const unknown = await call('staff.proposals.reject', { proposalId: p.id, reason: { reasonId: 99999 } });
    expect(unknown.statusCode).toBe(400);
    expect(trpcError(unknown.body).data.reason).toBe('UNKNOWN_REASON');
    expect((await call('staff.monuments.reject', { monumentId: MON })).statusCode).toBe(400);
    expect(await snapshotRows(t!.database)).toEqual(before);

    const [canned] = await reasonsList();
    expect(canned).toMatchObject({ de: 'Beleidigend oder herabwürdigend', en: 'Offensive or degrading' });
    const hidden = await staff<{ moderation: string; moderationReason: unknown }>('staff.proposals.reject', {
      proposalId: p.id,
      reason: { reasonId: canned?.id },
    });
    expect(hidden).toMatchObject({ moderation: 'rejected', moderationReason: { de: canned?.de, en: canned?.en } });
    const audit = AuditPage.parse(dataOf(await t!.app.inject(trpcGet('staff.audit.list', {}, bearer(token)))));
    expect(audit.entries[0]).toMatchObject({
      action: 'proposal.reject',
      after: { moderationReason: { de: canned?.de } },
    });
  });

  it('the author reads the reason on "mine" in both languages; nobody else, and no public list, carries it', async () => {
    await start();
    const p = await proposeAs('author', 'Ein Vorschlag');
    await proposeAs('author', 'Noch einer');
    expect((await mineOf('author')).hidden).toEqual([]);
    await staff('staff.proposals.reject', { proposalId: p.id, reason: { text: 'Bitte sachlich bleiben.' } });
    const mine = await mineOf('author');
    expect(mine.hidden).toEqual([
      {
        kind: 'proposal',
        name: 'Ein Vorschlag',
        monumentId: MON,
        monumentName: 'Dreifaltigkeitssäule',
        reason: { de: 'Bitte sachlich bleiben.', en: 'Bitte sachlich bleiben.' },
      },
    ]);
    expect(mine.proposed.map((i) => i.proposal.name)).toEqual(['Noch einer']);
    expect((await mineOf('someone-else')).hidden).toEqual([]);
    for (const url of [
      routes.allProposals.path,
      pathOf(routes.monumentProposals.path, { monumentId: MON }),
      pathOf(routes.monument.path, { monumentId: MON }),
      routes.proposalsCsv.path,
      routes.feedAnswers.path,
    ]) {
      const res = await t!.app.inject({ url });
      expect(res.body, url).not.toContain('sachlich');
    }

    // A visitor's monument hidden with a canned reason: its author reads it in both languages.
    const added = expectAnswer(
      await t!.app.inject({
        method: 'POST',
        url: routes.addMonument.path,
        headers: { ...json, ...browser(t!.app, 'author') },
        payload: { name: 'Bank im Park', geoLocX: 48.3, geoLocY: 14.29 },
      }),
      201,
      CreatedMonument,
    );
    expect(added.category).toBe('undetermined');
    const reasons = await reasonsList();
    const notMonument = reasons.find((r) => r.de.startsWith('Kein Denkmal'));
    await staff('staff.monuments.reject', { monumentId: added.id, reason: { reasonId: notMonument?.id } });
    expect((await mineOf('author')).hidden[0]).toEqual({
      kind: 'monument',
      name: 'Bank im Park',
      monumentId: added.id,
      monumentName: 'Bank im Park',
      reason: { de: notMonument?.de, en: notMonument?.en },
    });
    // Restored: no longer hidden, the reason is gone.
    await staff('staff.monuments.restore', { monumentId: added.id });
    await staff('staff.proposals.restore', { proposalId: p.id });
    expect((await mineOf('author')).hidden).toEqual([]);
  });

  it('staff edit the canned reasons, each change in the audit log; a hiding keeps the text it was given', async () => {
    await start();
    const added = await staff<ModerationReason>('staff.reasons.add', { de: 'Urheberrecht verletzt', en: 'Copyright infringed' });
    const p = await proposeAs('author', 'Ein Vorschlag');
    await staff('staff.proposals.reject', { proposalId: p.id, reason: { reasonId: added.id } });
    await staff('staff.reasons.update', { id: added.id, de: 'Urheberrecht', en: 'Copyright' });
    expect((await mineOf('author')).hidden[0]?.reason).toEqual({ de: 'Urheberrecht verletzt', en: 'Copyright infringed' });
    expect((await call('staff.reasons.add', { de: '', en: 'x' })).statusCode).toBe(400);
    await staff('staff.reasons.remove', { id: added.id });
    expect((await call('staff.reasons.remove', { id: added.id })).statusCode).toBe(404);
    const list = await reasonsList();
    expect(list.some((r) => r.id === added.id)).toBe(false);
    const audit = AuditPage.parse(
      dataOf(await t!.app.inject(trpcGet('staff.audit.list', { itemKind: 'reason' }, bearer(token)))),
    );
    expect(audit.entries.map((e) => [e.action, e.actor])).toEqual([
      ['reason.remove', 'Erika'],
      ['reason.update', 'Erika'],
      ['reason.add', 'Erika'],
    ]);
    expect(audit.entries[1]).toMatchObject({ before: { de: 'Urheberrecht verletzt' }, after: { de: 'Urheberrecht' } });
  });

  it('a category comes from the one list: another is refused with UNKNOWN_CATEGORY, changing nothing', async () => {
    await start();
    expect(dataOf(await t!.app.inject(trpcGet('staff.categories', undefined, bearer(token))))).toEqual([...MONUMENT_CATEGORIES]);
    const before = await snapshotRows(t!.database);
    for (const category of ['Bank', 'Statue', 'Unknown']) {
      const res = await call('staff.monuments.update', { monumentId: MON, patch: { category } });
      expect(res.statusCode, res.body).toBe(400);
      expect(trpcError(res.body).data.reason).toBe('UNKNOWN_CATEGORY');
    }
    expect(await snapshotRows(t!.database)).toEqual(before);
    const saved = await staff<StaffMonument>('staff.monuments.update', { monumentId: MON, patch: { category: 'memorial' } });
    expect(saved.category).toBe('memorial');
  });

  it("a new category is the site profile's decision", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'site-')), 'site.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(LINZ_SITE_PROFILE(), 'utf8')), categories: ['bench'] }));
    await start({ SITE_PROFILE: file });
    expect(dataOf<string[]>(await t!.app.inject(trpcGet('staff.categories', undefined, bearer(token)))).at(-1)).toBe('bench');
    await staff('staff.monuments.update', { monumentId: MON, patch: { category: 'bench' } });
  });

  it('the queue shows who reported as counts (reports, networks) and a proposal with its monument’s place and context', async () => {
    await start();
    const p = await proposeAs('author', 'Ein Vorschlag');
    for (const [who, address] of [
      ['r1', '198.51.100.7'],
      ['r2', '198.51.100.8'],
    ] as const) {
      const res = await t!.app.inject({
        method: 'POST',
        url: pathOf(routes.reportProposal.path, { proposalId: p.id }),
        remoteAddress: address,
        headers: { ...json, ...browser(t!.app, who) },
        payload: { reason: 'offensive' },
      });
      expect(res.statusCode).toBe(201);
    }
    const queue = dataOf<StaffQueue>(await t!.app.inject(trpcGet('staff.queue', undefined, bearer(token))));
    const item = queue.proposals.find((i) => i.id === p.id);
    expect(item?.reporters).toEqual({ reports: 2, networks: 1 });
    expect(item?.monument).toMatchObject({ geoLocX: expect.any(Number), category: 'column', sex: expect.any(String) });
    expect(JSON.stringify(queue)).not.toMatch(/198\.51/);
  });
});
