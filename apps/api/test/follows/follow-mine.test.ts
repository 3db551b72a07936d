// Following beyond the mails' basics, on both databases: merging a proposal into another (votes
// once per browser, followers, the old id), "mine" and browser watches, the retention of follows
// (purgeFollows) and the follower count the city sees.
import { FollowerCounts, Mine, pathOf, QueueProposal, routes, Watching } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { purgeFollows } from '../../src/domain/follows/follows.js';
import { followApp, received, type FollowApp } from '../support/follow-helpers.js';
import { browser, DB_KIND, expectAnswer, json } from '../support/harness.js';
import { bearer } from '../support/staff-helpers.js';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function app(env: Record<string, string> = {}): Promise<FollowApp> {
  const a = await followApp(env);
  cleanups.push(() => a.close());
  return a;
}

const vote = (a: FollowApp, proposalId: number, who: string, monumentId = a.monumentId) =>
  a.app.inject({
    method: 'POST',
    url: pathOf(routes.castVote.path, { proposalId }),
    headers: { ...json, ...browser(a.app, who) },
    payload: { monumentId, action: 'vote' },
  });

const mineOf = async (a: FollowApp, who?: string) =>
  expectAnswer(await a.app.inject({ method: 'GET', url: routes.mine.path, headers: who ? browser(a.app, who) : {} }), 200, Mine);

describe(`merging proposals, mine and retention on ${DB_KIND}`, () => {
  it('a merge moves votes once per browser, recomputes counts, moves followers who hear of it, and the old id leads on', async () => {
    const a = await app();
    const kept = await a.proposal('Eine Linde');
    const dup = await a.proposal('Ein Lindenbaum');
    for (const who of ['v1', 'v2', 'both']) expect((await vote(a, kept, who)).statusCode).toBe(200);
    for (const who of ['v3', 'both']) expect((await vote(a, dup, who)).statusCode).toBe(200);
    await a.followConfirmed(dup, 'mo@example.org', 'de');
    await a.followConfirmed(dup, 'twice@example.org', 'en');
    await a.followConfirmed(kept, 'twice@example.org', 'en');
    const before = a.smtp!.messages.length;
    const res = await a.staff('staff.proposals.merge', { proposalId: dup, into: kept });
    expect(res.statusCode, res.body).toBe(200);
    const result = QueueProposal.parse((JSON.parse(res.body) as { result: { data: unknown } }).result.data);
    expect(result.id).toBe(kept);
    expect(result.votes).toBe(4); // v1, v2, both, v3: "both" counts once
    expect(result.followers).toBe(2);
    expect(await a.count('votes', sql`proposal_id = ${dup}`)).toBe(0);
    await a.drain();
    const mails = (await received(a.smtp!)).slice(before);
    expect(mails.map((m) => m.envelopeTo[0])).toEqual(['mo@example.org']);
    // Both names are visitors' texts: in the body, marked; the subject has our words.
    expect(mails[0]?.subject).toContain('wird unter anderem Namen weitergeführt');
    expect(mails[0]?.text).toContain(
      '„Ein Lindenbaum“ (so von jemandem auf der Karte eingegeben) wurde mit dem gleichartigen Vorschlag „Eine Linde“',
    );
    expect(mails[0]?.text).toContain(`proposal=${kept}`);
    // The old id: gone from the public list, a vote and a follow through it reach the kept proposal.
    const all = JSON.parse((await a.app.inject({ method: 'GET', url: routes.allProposals.path })).body) as { id: number }[];
    expect(all.map((i) => i.id)).not.toContain(dup);
    const late = await vote(a, dup, 'late-voter');
    expect(late.statusCode).toBe(200);
    expect(JSON.parse(late.body)).toEqual({ newVoteCount: 5 });
    expect((await vote(a, dup, 'both')).statusCode).toBe(403);
    expect((await a.follow(dup, { email: 'new@example.org', lang: 'de' })).statusCode).toBe(202);
    expect(await a.count('follows', sql`proposal_id = ${kept} AND email = 'new@example.org'`)).toBe(1);
    // The audit log keeps the merge; a merged proposal cannot be restored or merged again.
    expect(await a.count('audit_log', sql`action = 'proposal.merge' AND item_id = ${String(dup)}`)).toBe(1);
    expect((await a.staff('staff.proposals.restore', { proposalId: dup })).statusCode).toBe(400);
    expect((await a.staff('staff.proposals.merge', { proposalId: dup, into: kept })).statusCode).toBe(400);
    expect((await a.staff('staff.proposals.merge', { proposalId: kept, into: kept })).statusCode).toBe(400);
    expect((await a.staff('staff.proposals.merge', { proposalId: kept, into: 999_999 })).statusCode).toBe(404);
  });

  it('mine lists what this browser proposed, voted for and follows, and nothing of other browsers; no cookie: empty, no cookie issued', async () => {
    const a = await app();
    const mineP = await a.proposal('Meiner', 'me');
    const other = await a.proposal('Fremder', 'someone-else');
    const watched = await a.proposal('Beobachtet', 'someone-else');
    expect((await vote(a, other, 'me')).statusCode).toBe(200);
    expect((await vote(a, watched, 'someone-else')).statusCode).toBe(200);
    const w = await a.app.inject({
      method: 'POST',
      url: pathOf(routes.watch.path, { proposalId: watched }),
      headers: { ...json, ...browser(a.app, 'me') },
      payload: {},
    });
    expect(expectAnswer(w, 200, Watching)).toEqual({ watching: true });
    await a.followConfirmed(other, 'me@example.org', 'de', 'me');
    await a.follow(mineP, { email: 'me@example.org', lang: 'de' }, 'me'); // unconfirmed: not listed
    const m = await mineOf(a, 'me');
    expect(m.proposed.map((i) => i.proposal.id)).toEqual([mineP]);
    expect(m.voted.map((i) => i.proposal.id)).toEqual([other]);
    expect(m.following.map((i) => i.proposal.id).sort()).toEqual([other, watched].sort());
    expect(m.proposed[0]?.monument.id).toBe(a.monumentId);
    // The vote is not confirmed yet: the list says so, and /mine offers to confirm it.
    expect(m.voted.map((i) => i.voteConfirmed)).toEqual([false]);
    const theirs = await mineOf(a, 'someone-else');
    expect(theirs.proposed.map((i) => i.proposal.id).sort()).toEqual([other, watched].sort());
    expect(theirs.following).toEqual([]);
    const none = await a.app.inject({ method: 'GET', url: routes.mine.path });
    expect(expectAnswer(none, 200, Mine)).toEqual({
      proposed: [],
      voted: [],
      following: [],
      reviewing: [],
      added: [],
      hidden: [],
      seen: [],
    });
    expect(none.headers['set-cookie']).toBeUndefined();
    expect(none.headers['cache-control']).toContain('private');
    const un = await a.app.inject({
      method: 'POST',
      url: pathOf(routes.unwatch.path, { proposalId: watched }),
      headers: { ...json, ...browser(a.app, 'me') },
      payload: {},
    });
    expect(expectAnswer(un, 200, Watching)).toEqual({ watching: false });
    expect((await mineOf(a, 'me')).following.map((i) => i.proposal.id)).toEqual([other]);
    // tRPC answers the same.
    const trpc = await a.app.inject({ method: 'GET', url: '/trpc/follows.mine', headers: browser(a.app, 'me') });
    expect((JSON.parse(trpc.body) as { result: { data: unknown } }).result.data).toEqual(await mineOf(a, 'me'));
    expect(
      (
        await a.app.inject({
          method: 'POST',
          url: pathOf(routes.watch.path, { proposalId: 999_999 }),
          headers: json,
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });

  it('purgeFollows: unconfirmed after 48 h; ended 90 days after a final status once no mail is left', async () => {
    const a = await app();
    const [open, declined, busy] = [await a.proposal(), await a.proposal(), await a.proposal()];
    await a.follow(open, { email: 'unconfirmed@example.org', lang: 'de' });
    await a.followConfirmed(open, 'stays@example.org');
    await a.followConfirmed(declined, 'done@example.org');
    await a.followConfirmed(busy, 'waiting@example.org');
    await a.answer(declined, 'declined', 'Nein.', 'No.');
    await a.drain();
    // busy's mail does not go out yet: the SMTP server refuses for now, the row waits for a retry.
    a.smtp!.mode = 'tempfail';
    await a.answer(busy, 'done', 'Fertig.', 'Done.');
    await a.mailer.idle();
    expect(await a.count('follow_mails', sql`kind = 'status' AND status = 'pending'`)).toBe(1);
    const now = Date.now();
    const day = 24 * 3600 * 1000;
    expect(await purgeFollows(a.database, new Date(now + 47 * 3600 * 1000))).toEqual({ unconfirmed: 0, ended: 0 });
    expect(await purgeFollows(a.database, new Date(now + 49 * 3600 * 1000))).toEqual({ unconfirmed: 1, ended: 0 });
    expect(await purgeFollows(a.database, new Date(now + 89 * day))).toEqual({ unconfirmed: 0, ended: 0 });
    expect(await purgeFollows(a.database, new Date(now + 91 * day))).toEqual({ unconfirmed: 0, ended: 1 });
    expect(await a.count('follows', sql`email = 'done@example.org'`)).toBe(0);
    expect(await a.count('follows', sql`email = 'waiting@example.org'`)).toBe(1);
    a.smtp!.mode = 'accept';
    a.clock.advance(2 * 60_000);
    await a.drain();
    // (the declined proposal's follow has gone, and its mails with it)
    expect(await a.count('follow_mails', sql`kind = 'status' AND status = 'sent' AND attempts = 2`)).toBe(1);
    expect(await purgeFollows(a.database, new Date(now + 91 * day))).toEqual({ unconfirmed: 0, ended: 1 });
    expect(await a.count('follows')).toBe(1);
    expect(await a.count('follows', sql`email = 'stays@example.org'`)).toBe(1);
  });

  it('staff see the number of confirmed followers, never an address', async () => {
    const a = await app();
    const id = await a.proposal();
    const other = await a.proposal();
    await a.proposal(); // followed by nobody: left out of the counts
    await a.followConfirmed(id, 'n1@example.org');
    await a.followConfirmed(id, 'n2@example.org');
    await a.follow(id, { email: 'n3@example.org', lang: 'de' });
    await a.followConfirmed(other, 'n1@example.org');
    // The counts for the list of every proposal in /admin: staff only.
    const counts = await a.app.inject({
      method: 'GET',
      url: '/trpc/staff.proposals.followers',
      headers: bearer(a.staffToken),
    });
    expect(FollowerCounts.parse((JSON.parse(counts.body) as { result: { data: unknown } }).result.data)).toEqual([
      { proposalId: id, followers: 2 },
      { proposalId: other, followers: 1 },
    ]);
    expect(counts.body).not.toContain('@example.org');
    expect((await a.app.inject({ method: 'GET', url: '/trpc/staff.proposals.followers' })).statusCode).toBe(401);
    const res = await a.staff('staff.proposals.update', { proposalId: id, name: 'Umbenannt' });
    const row = QueueProposal.parse((JSON.parse(res.body) as { result: { data: unknown } }).result.data);
    expect(row.followers).toBe(2);
    expect(res.body).not.toContain('@example.org');
    const audit = await a.database.rows<{ after: unknown }>(
      sql`SELECT after::text AS after FROM audit_log WHERE action = 'proposal.update'`,
    );
    expect(JSON.stringify(audit)).not.toContain('followers');
  });
});
