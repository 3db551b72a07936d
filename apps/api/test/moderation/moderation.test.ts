// Reports and auto-hiding, staff decisions, merges, answers and the audit log, over REST and tRPC.
import {
  AuditPage,
  Intervention,
  ProposalList,
  Monument,
  MonumentProposalList,
  MonumentList,
  pathOf,
  routes,
  type MergeResult,
  type QueueProposal,
  type StaffMonument,
  type StaffQueue,
} from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, DB_KIND, expectAnswer, json, testApp, propose as proposeAt } from '../support/harness.js';
import { bearer, dataOf, newStaff, snapshotRows, trpcGet, trpcPost } from '../support/staff-helpers.js';

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
const vote = (id: number, who: string, monumentId = MON) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(routes.castVote.path, { proposalId: id }),
    headers: { ...json, ...browser(t.app, who) },
    payload: { monumentId, action: 'vote' },
  });
// Each reporter is a browser in a network of its own (an IPv4 /24): hiding needs distinct browsers
// and networks, as votes count them.
const reporters = new Map<string, string>();
const addressOf = (who: string) => {
  if (!reporters.has(who)) reporters.set(who, `198.51.${100 + reporters.size}.7`);
  return reporters.get(who) ?? '';
};
const reportMonument = (id: string, who: string, payload: object = { reason: 'spam' }) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(routes.reportMonument.path, { monumentId: id }),
    remoteAddress: addressOf(who),
    headers: { ...json, ...browser(t.app, who) },
    payload,
  });
const reportProposal = (id: number, who: string, payload: object = { reason: 'offensive', comment: 'rude' }) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(routes.reportProposal.path, { proposalId: id }),
    remoteAddress: addressOf(who),
    headers: { ...json, ...browser(t.app, who) },
    payload,
  });
const staff = <O>(path: string, input: unknown) =>
  t.app.inject(trpcPost(path, input, bearer(token))).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return dataOf<O>(res);
  });

/** What the public sees of a monument and a proposal through the spec's calls. */
async function publicView(monumentId: string, proposalId: number) {
  const monuments = expectAnswer(await t.app.inject({ url: routes.listMonuments.path }), 200, MonumentList);
  const all = expectAnswer(await t.app.inject({ url: routes.allProposals.path }), 200, ProposalList);
  const ofMonument = await t.app.inject({ url: pathOf(routes.monumentProposals.path, { monumentId }) });
  const create = await t.app.inject({
    method: 'POST',
    url: pathOf(routes.createProposal.path, { monumentId }),
    headers: json,
    payload: { name: 'Probe' },
  });
  const voted = await vote(proposalId, `probe-${Math.random()}`, monumentId);
  return {
    monumentListed: monuments.some((m) => m.id === monumentId),
    proposalListed: all.some((i) => i.id === proposalId),
    ofMonument: ofMonument.statusCode,
    ofMonumentHasIt:
      ofMonument.statusCode === 200 && MonumentProposalList.parse(JSON.parse(ofMonument.body)).some((i) => i.id === proposalId),
    create: create.statusCode,
    vote: voted.statusCode,
  };
}

describe(`reports and moderation on ${DB_KIND}`, () => {
  it('3 browsers hide a monument from every spec call; one browser 3 times counts once; restore brings it back with its votes', async () => {
    // As a visitor's monument: the city's validated ones are never hidden by reports (trust-round-3.test.ts).
    await t.database.rows(sql`UPDATE monuments SET validated = false WHERE id = ${MON}`);
    const p = await propose('Käthe Leichter');
    for (const who of ['v1', 'v2', 'v3']) expect((await vote(p.id, who)).statusCode).toBe(200);
    expect((await reportMonument(MON, 'r1')).statusCode).toBe(201);
    expect((await reportMonument(MON, 'r1', { reason: 'wrong' })).statusCode).toBe(200);
    expect((await reportMonument(MON, 'r1')).statusCode).toBe(200);
    expect(JSON.parse((await reportMonument(MON, 'r1')).body)).toEqual({ reported: true });
    expect((await reportMonument(MON, 'r2', { reason: 'other', comment: '' })).statusCode).toBe(201);
    const [{ n } = { n: 0 }] = await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM reports`);
    expect(n).toBe(2);
    expect(await publicView(MON, p.id)).toMatchObject({ monumentListed: true, proposalListed: true, ofMonumentHasIt: true });

    expect((await reportMonument(MON, 'r3', { reason: 'wrong', comment: 'duplicate' })).statusCode).toBe(201);
    expect(await publicView(MON, p.id)).toEqual({
      monumentListed: false,
      proposalListed: false,
      ofMonument: 404,
      ofMonumentHasIt: false,
      create: 404,
      vote: 404,
    });
    expect((await t.app.inject({ url: pathOf(routes.monument.path, { monumentId: MON }) })).statusCode).toBe(404);
    expect((await reportMonument(MON, 'r4')).statusCode).toBe(404);
    const audit = expectAnswer(await t.app.inject({ url: routes.staffAudit.path, headers: bearer(token) }), 200, AuditPage);
    expect(audit.entries[0]).toMatchObject({ actor: 'system', action: 'monument.hide', itemKind: 'monument', itemId: MON });
    const queue = expectAnswer(
      await t.app.inject({ url: routes.staffQueue.path, headers: bearer(token) }),
      200,
      StaffQueueSchema(),
    );
    const queued = queue.monuments.find((m) => m.id === MON);
    expect(queued?.moderation).toBe('hidden');
    expect(queued?.reports.map((r) => r.reason).sort()).toEqual(['other', 'spam', 'wrong']);
    expect(queued?.reports.find((r) => r.reason === 'wrong')?.comment).toBe('duplicate');

    const restored = await staff<StaffMonument>('staff.monuments.restore', { monumentId: MON });
    expect(restored).toMatchObject({ moderation: 'visible', reports: [] });
    const after = await publicView(MON, p.id);
    expect(after).toMatchObject({ monumentListed: true, proposalListed: true, ofMonumentHasIt: true, create: 201 });
    const all = expectAnswer(await t.app.inject({ url: routes.allProposals.path }), 200, ProposalList);
    expect(all.find((i) => i.id === p.id)?.votes).toBe(5); // 3 votes, a probe vote before the hiding and one after the restore
  });

  it('hides a proposal after 3 reports, refuses votes on it, and restores it', async () => {
    const p = await propose('Johanna Dohnal');
    expect((await vote(p.id, 'v1')).statusCode).toBe(200);
    for (const who of ['a', 'b', 'c']) expect((await reportProposal(p.id, who)).statusCode).toBe(201);
    const view = await publicView(MON, p.id);
    expect(view).toMatchObject({
      monumentListed: true,
      proposalListed: false,
      ofMonument: 200,
      ofMonumentHasIt: false,
      vote: 404,
    });
    const restored = await staff<QueueProposal>('staff.proposals.restore', { proposalId: p.id });
    expect(restored).toMatchObject({ moderation: 'visible', votes: 1, reports: [] });
    expect((await vote(p.id, 'v2')).statusCode).toBe(200);
  });

  it("a proposal's correction settles its open reports: the clerk who edits a phone number out of its name is done with it", async () => {
    const p = await propose('Ruf mich an: 0664 1234567');
    expect((await reportProposal(p.id, 'pd1', { reason: 'other', comment: 'Telefonnummer' })).statusCode).toBe(201);
    const inQueue = async () =>
      dataOf<StaffQueue>(await t.app.inject(trpcGet('staff.queue', undefined, bearer(token)))).proposals.some(
        (q) => q.id === p.id,
      );
    expect(await inQueue()).toBe(true);
    const fixed = await staff<QueueProposal>('staff.proposals.update', { proposalId: p.id, name: 'Ruf mich an' });
    expect(fixed).toMatchObject({ name: 'Ruf mich an', moderation: 'visible', reports: [] });
    expect(await inQueue()).toBe(false);
  });

  it('refuses bad reports with 400 and changes nothing', async () => {
    const p = await propose('X');
    const before = await snapshotRows(t.database);
    for (const payload of [
      {},
      { reason: 'boring' },
      { reason: 'spam', comment: 'x'.repeat(501) },
      { reason: 'spam', comment: 'a\u0000b' },
      { reason: 'spam', comment: 5 },
      [],
    ]) {
      expect((await reportProposal(p.id, 'z', payload)).statusCode, JSON.stringify(payload)).toBe(400);
      expect((await reportMonument(MON, 'z', payload)).statusCode).toBe(400);
    }
    expect((await reportMonument('no-such', 'z')).statusCode).toBe(404);
    expect((await reportProposal(999999, 'z')).statusCode).toBe(404);
    expect(await snapshotRows(t.database)).toEqual(before);
  });

  it('merge moves proposals and their votes exactly; the old id opens the kept monument', async () => {
    const a = await propose('A');
    const b = await propose('B');
    const kept = await propose('Kept', OTHER);
    for (let i = 0; i < 3; i++) expect((await vote(a.id, `a${i}`)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await vote(b.id, `b${i}`)).statusCode).toBe(200);
    expect((await vote(kept.id, 'k', OTHER)).statusCode).toBe(200);
    const votesBefore = await t.database.rows<{ proposal_id: number; voter_hash: string }>(
      sql`SELECT proposal_id, voter_hash FROM votes ORDER BY 1, 2`,
    );
    const result = await staff<MergeResult>('staff.monuments.merge', { monumentId: MON, into: OTHER });
    expect(result).toMatchObject({ movedProposals: 2, movedVotes: 5, kept: { id: OTHER } });
    expect(await t.database.rows(sql`SELECT proposal_id, voter_hash FROM votes ORDER BY 1, 2`)).toEqual(votesBefore);
    const ofKept = expectAnswer(
      await t.app.inject({ url: pathOf(routes.monumentProposals.path, { monumentId: OTHER }) }),
      200,
      MonumentProposalList,
    );
    expect(ofKept.map((i) => [i.id, i.votes]).sort()).toEqual(
      [
        [a.id, 3],
        [b.id, 2],
        [kept.id, 1],
      ].sort(),
    );
    const opened = expectAnswer(await t.app.inject({ url: pathOf(routes.monument.path, { monumentId: MON }) }), 200, Monument);
    expect(opened.id).toBe(OTHER);
    const list = expectAnswer(await t.app.inject({ url: routes.listMonuments.path }), 200, MonumentList);
    expect(list.some((m) => m.id === MON)).toBe(false);
    // Votes now go to the proposal at its new monument.
    expect((await vote(a.id, 'late', OTHER)).statusCode).toBe(200);

    const before = await snapshotRows(t.database);
    const refuse = (input: object) => t.app.inject(trpcPost('staff.monuments.merge', input, bearer(token)));
    expect((await refuse({ monumentId: OTHER, into: OTHER })).statusCode).toBe(400);
    expect((await refuse({ monumentId: OTHER, into: MON })).statusCode).toBe(400); // into a merged one
    expect((await refuse({ monumentId: MON, into: OTHER })).statusCode).toBe(400); // already merged
    expect((await refuse({ monumentId: OTHER, into: 'no-such' })).statusCode).toBe(404);
    expect((await refuse({ monumentId: 'no-such', into: OTHER })).statusCode).toBe(404);
    expect(await snapshotRows(t.database)).toEqual(before);
  });

  it('answers a proposal over REST with a bearer token; bad answers are 400 and change nothing', async () => {
    const p = await propose('Answer me');
    const url = pathOf(routes.staffAnswer.path, { proposalId: p.id });
    const put = (payload: unknown) =>
      t.app.inject({ method: 'PUT', url, headers: { ...json, ...bearer(token) }, payload: payload as object });
    const before = await snapshotRows(t.database);
    for (const payload of [
      { status: 'maybe', statement: { de: 'a', en: 'b' } },
      { status: 'planned', statement: { de: '', en: 'b' } },
      { status: 'planned', statement: { de: '   ', en: 'b' } },
      { status: 'planned', statement: { de: 'a', en: 'x'.repeat(2001) } },
      { status: 'planned', statement: {} },
      { status: 'planned' },
      [],
    ]) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ message: expect.any(String) });
    }
    expect(await snapshotRows(t.database)).toEqual(before);
    const answered = expectAnswer(
      await put({ status: 'planned', statement: { de: 'Wird geprüft.\nBis 2027.', en: 'x'.repeat(2000) } }),
      200,
      Intervention,
    );
    expect(answered).toMatchObject({ id: p.id, status: 'planned', answer: { de: 'Wird geprüft.\nBis 2027.' } });
    expect(Date.parse(answered.answer?.answeredAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Every public list shows it at once.
    const all = expectAnswer(await t.app.inject({ url: routes.allProposals.path }), 200, ProposalList);
    expect(all.find((i) => i.id === p.id)).toMatchObject({ status: 'planned', answer: answered.answer });
    const rows = expectAnswer(
      await t.app.inject({ url: pathOf(routes.monumentProposals.path, { monumentId: MON }) }),
      200,
      MonumentProposalList,
    );
    expect(rows.find((i) => i.id === p.id)).toMatchObject({ status: 'planned', answer: answered.answer });
    expect((await put({ status: 'done', statement: { de: 'a', en: 'b' } })).statusCode).toBe(200);
    const unknown = pathOf(routes.staffAnswer.path, { proposalId: 999999 });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: unknown,
          headers: { ...json, ...bearer(token) },
          payload: { status: 'done', statement: { de: 'a', en: 'b' } },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('every staff action leaves its audit entry with the values before and after', async () => {
    const p = await propose('Audit me');
    const visitor = expectAnswer(
      await t.app.inject({
        method: 'POST',
        url: routes.addMonument.path,
        headers: json,
        payload: { name: 'Neu', geoLocX: 48.3, geoLocY: 14.3 },
      }),
      201,
      Monument,
    );
    const queue = dataOf<StaffQueue>(await t.app.inject(trpcGet('staff.queue', undefined, bearer(token))));
    expect(queue.monuments[0]).toMatchObject({ id: visitor.id, addedByVisitor: true, validated: false });
    await staff('staff.monuments.update', {
      monumentId: visitor.id,
      patch: { name: 'Neuer Name', geoLocX: 48.31, sex: 'female', category: 'bust' },
    });
    await staff('staff.monuments.validate', { monumentId: visitor.id });
    await staff('staff.monuments.reject', { monumentId: visitor.id, reason: { text: 'Spam' } });
    await staff('staff.monuments.restore', { monumentId: visitor.id });
    await staff('staff.proposals.update', { proposalId: p.id, name: 'Korrigiert' });
    await staff('staff.proposals.reject', { proposalId: p.id, reason: { text: 'Spam' } });
    await staff('staff.proposals.restore', { proposalId: p.id });
    await staff('staff.proposals.answer', { proposalId: p.id, status: 'in_review', statement: { de: 'd', en: 'e' } });
    await staff('staff.monuments.merge', { monumentId: visitor.id, into: MON });
    const page = dataOf<AuditPage>(await t.app.inject(trpcGet('staff.audit.list', { actor: 'Erika' }, bearer(token))));
    expect(page.entries.map((e) => e.action).reverse()).toEqual([
      'monument.update',
      'monument.validate',
      'monument.reject',
      'monument.restore',
      'proposal.update',
      'proposal.reject',
      'proposal.restore',
      'proposal.answer',
      'monument.merge',
    ]);
    const update = page.entries.find((e) => e.action === 'monument.update');
    expect(update?.before).toMatchObject({ name: 'Neu', geoLocX: 48.3, sex: 'unspecified' });
    expect(update?.after).toMatchObject({ name: 'Neuer Name', geoLocX: 48.31, sex: 'female', category: 'bust' });
    const rename = page.entries.find((e) => e.action === 'proposal.update');
    expect(rename).toMatchObject({
      itemKind: 'proposal',
      itemId: String(p.id),
      before: { name: 'Audit me' },
      after: { name: 'Korrigiert' },
    });
    // Filters and paging.
    const two = dataOf<AuditPage>(
      await t.app.inject(trpcGet('staff.audit.list', { itemKind: 'proposal', limit: 2 }, bearer(token))),
    );
    expect(two.entries).toHaveLength(2);
    expect(two.next).toBe(two.entries[1]?.id);
    const rest = dataOf<AuditPage>(
      await t.app.inject(trpcGet('staff.audit.list', { itemKind: 'proposal', limit: 2, before: two.next }, bearer(token))),
    );
    expect(rest.entries.map((e) => e.action)).toEqual(['proposal.reject', 'proposal.update']);
    expect(rest.next).toBeNull();
    const rest2 = await t.app.inject({
      url: `${routes.staffAudit.path}?itemKind=proposal&limit=2&before=${two.next}`,
      headers: bearer(token),
    });
    expect(expectAnswer(rest2, 200, AuditPage)).toEqual(rest);
    expect((await t.app.inject({ url: `${routes.staffAudit.path}?limit=abc`, headers: bearer(token) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${routes.staffAudit.path}?itemKind=cat`, headers: bearer(token) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${routes.staffAudit.path}?limit=201`, headers: bearer(token) })).statusCode).toBe(400);
    // "Restoring" a public proposal dismisses its reports: logged as that, not as a restore.
    await staff('staff.proposals.restore', { proposalId: p.id });
    const dismissed = dataOf<AuditPage>(
      await t.app.inject(trpcGet('staff.audit.list', { actor: 'Erika', limit: 1 }, bearer(token))),
    );
    expect(dismissed.entries.map((e) => e.action)).toEqual(['proposal.dismissReports']);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE on the audit log', async () => {
    await staff('staff.monuments.validate', { monumentId: MON });
    const refusal = (query: ReturnType<typeof sql>) =>
      t.database.rows(query).then(
        () => 'allowed',
        (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message),
      );
    expect(await refusal(sql`UPDATE audit_log SET actor = 'someone else'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only: TRUNCATE refused/);
    const rows = await t.database.rows<{ actor: string }>(sql`SELECT actor FROM audit_log`);
    expect(rows.map((r) => r.actor)).toContain('Erika');
  });

  it('refuses bad staff input with 400 and changes nothing', async () => {
    const p = await propose('Bad input');
    const before = await snapshotRows(t.database);
    const bad: [string, unknown][] = [
      ['staff.monuments.update', { monumentId: MON, patch: {} }],
      ['staff.monuments.update', { monumentId: MON, patch: { name: '' } }],
      ['staff.monuments.update', { monumentId: MON, patch: { geoLocX: 91 } }],
      ['staff.monuments.update', { monumentId: MON, patch: { sex: 'other' } }],
      ['staff.monuments.update', { monumentId: MON, patch: { category: 'x'.repeat(61) } }],
      ['staff.monuments.update', { monumentId: MON, patch: { validated: true } }],
      ['staff.monuments.update', { monumentId: MON, patch: { name: 'a\u202eb' } }],
      ['staff.monuments.validate', { monumentId: '../x' }],
      ['staff.proposals.update', { proposalId: p.id, name: ' ' }],
      ['staff.proposals.update', { proposalId: -1, name: 'x' }],
      ['staff.proposals.answer', { proposalId: p.id, status: 'open', statement: { de: 'a\u0000', en: 'b' } }],
      ['staff.outbox.retry', { notificationId: 0 }],
    ];
    for (const [path, input] of bad) {
      const res = await t.app.inject(trpcPost(path, input, bearer(token)));
      expect(res.statusCode, `${path} ${JSON.stringify(input)}`).toBe(400);
    }
    expect(
      (await t.app.inject(trpcPost('staff.proposals.reject', { proposalId: 999999, reason: { text: 'Spam' } }, bearer(token))))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject(trpcPost('staff.monuments.reject', { monumentId: 'no-such', reason: { text: 'Spam' } }, bearer(token))))
        .statusCode,
    ).toBe(404);
    expect(await snapshotRows(t.database)).toEqual(before);
  });
});

function StaffQueueSchema() {
  return routes.staffQueue.answer;
}
