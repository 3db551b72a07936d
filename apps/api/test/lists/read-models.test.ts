// How the public lists are kept (issue 57): a write that changes nothing public (a held vote, a
// proposal held for staff) leaves the public lists and their indexes as they are, the same objects;
// a counted vote or a public proposal reads those items again and puts them in place, in the
// finder's order, without reading the rest; the finder's index is the one built for that list.
import {
  CreatedProposal,
  MonumentDetail,
  MonumentProposalList,
  ProposalList,
  MonumentList,
  pathOf,
  routes,
  type Monument,
} from '@linz/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/client.js';
import { compareMonuments, monumentIndexes } from '../../src/domain/lists/finder.js';
import { announceChange, CHANGE_CHANNEL, newOrigin } from '../../src/domain/read-cache.js';
import { browser, DB_KIND, expectAnswer, holdLock, json, propose, testApp } from '../support/harness.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A monument's popup as this browser on this connection reads it: its proposals' counts by id. */
const popup = async (app: T['app'], monumentId: string, voter: string, from: string) => {
  const res = await app.inject({
    url: pathOf(routes.monumentProposals.path, { monumentId }),
    headers: { ...browser(app, voter), 'x-forwarded-for': from },
  });
  return Object.fromEntries(expectAnswer(res, 200, MonumentProposalList).map((p) => [p.id, p.votes]));
};

const vote = (app: T['app'], id: number, monumentId: string, voter: string, from: string) =>
  app.inject({
    method: 'POST',
    url: pathOf(routes.castVote.path, { proposalId: id }),
    headers: { ...json, ...browser(app, voter), 'x-forwarded-for': from },
    payload: { monumentId, action: 'vote' },
  });

describe('the public lists', () => {
  it('stay the same objects after a held vote; a counted vote puts the proposal in place', async () => {
    t = await testApp({ TRUST_PROXY: '1' }, { config: { limits: { votesPerIpPerProposal: 1 } } });
    const { app } = t;
    const monuments = expectAnswer(await app.inject({ url: routes.listMonuments.path }), 200, MonumentList);
    const target = monuments[3] as Monument;
    const proposal = await propose(app, 'Eine Tafel zur Geschichte', target.id);
    expect((await vote(app, proposal.id, target.id, 'first', '198.51.100.7')).statusCode).toBe(200);
    const counted = await app.services.lists.proposals.get();
    expect(counted.data.find((i) => i.id === proposal.id)?.votes).toBe(1);
    const version = app.services.lists.proposals.version();

    // A second browser on the same connection: held for staff (answered alike).
    expect((await vote(app, proposal.id, target.id, 'second', '198.51.100.7')).statusCode).toBe(200);
    const after = await app.services.lists.proposals.get();
    expect(after).toBe(counted);
    expect(app.services.lists.proposals.version()).toBe(version);

    // A counted one from another network: the proposal read again, the list in its order.
    expect((await vote(app, proposal.id, target.id, 'third', '203.0.113.9')).statusCode).toBe(200);
    const again = await app.services.lists.proposals.get();
    expect(again).not.toBe(counted);
    expect(again.data.find((i) => i.id === proposal.id)?.votes).toBe(2);
    const sorted = [...again.data].sort((a, b) => b.votes - a.votes || b.id - a.id);
    expect(again.data.map((i) => i.id)).toEqual(sorted.map((i) => i.id));
    // Its bytes are the list's (REST answers them).
    expect(JSON.parse(again.body.toString())).toEqual(
      expectAnswer(await app.inject({ url: routes.allProposals.path }), 200, ProposalList),
    );
  });

  it('stay the same objects, with their indexes, after a proposal held for staff', async () => {
    t = await testApp({ MODERATION: 'pre' });
    const { app } = t;
    const monuments = await app.services.lists.monuments.get();
    const proposals = await app.services.lists.proposals.get();
    const index = await monumentIndexes.of(monuments.data);
    const target = monuments.data[0] as Monument;
    const held = await app.inject({
      method: 'POST',
      url: pathOf(routes.createProposal.path, { monumentId: target.id }),
      headers: json,
      payload: { name: 'Noch nicht freigegeben' },
    });
    expect(expectAnswer(held, 201, CreatedProposal).underReview).toBe(true);
    expect(await app.services.lists.monuments.get()).toBe(monuments);
    expect(await app.services.lists.proposals.get()).toBe(proposals);
    expect(await monumentIndexes.of(monuments.data)).toBe(index);
  });

  it('pass over the change notifications this instance sent about what it applied, and follow the others', async () => {
    t = await testApp({ TRUST_PROXY: '1' });
    const { app } = t;
    const { database, lists } = app.services;
    // Every refresh of the proposals list, by whom: the use case, or the listener of notifications.
    const refreshed: number[][] = [];
    const cache = lists.proposals;
    const changed = cache.changed!.bind(cache);
    cache.changed = (ids) => {
      refreshed.push(ids.map(Number));
      return changed(ids);
    };
    // Heard after the app's own listener (registered first on the same connection): once it is
    // heard here, the app has had it too.
    const heard: string[] = [];
    const unlisten = await database.listen(CHANGE_CHANNEL, (payload) => heard.push(payload));
    const hearing = async (list: string) => {
      await expect.poll(() => heard.some((p) => p.startsWith(`${list}:`))).toBe(true);
      heard.length = 0;
    };
    try {
      const target = (await lists.monuments.get()).data[2] as Monument;
      const proposal = await propose(app, 'Eine Bank zum Erinnern', target.id);
      await hearing('proposals');
      expect(refreshed).toEqual([[proposal.id]]);
      if (DB_KIND === 'postgres') {
        // A counted vote: the vote function's own notification names this instance too.
        expect((await vote(app, proposal.id, target.id, 'one', '198.51.100.20')).statusCode).toBe(200);
        await hearing('proposals');
        expect(refreshed).toEqual([[proposal.id], [proposal.id]]);
      }
      const before = refreshed.length;
      // Another instance's change, and one nobody applied yet (the mail sender's): read again.
      await announceChange(database, 'proposals', undefined, [proposal.id], newOrigin());
      await hearing('proposals');
      await announceChange(database, 'proposals', undefined, [proposal.id]);
      await hearing('proposals');
      expect(refreshed.slice(before)).toEqual([[proposal.id], [proposal.id]]);
    } finally {
      await unlisten();
    }
  });

  it('take a public proposal and a visitor’s monument in place, in the finder’s order', async () => {
    t = await testApp();
    const { app } = t;
    const before = await app.services.lists.monuments.get();
    const target = before.data[5] as Monument;
    await propose(app, 'Ein Brunnen', target.id);
    const after = await app.services.lists.monuments.get();
    expect(after.data.find((m) => m.id === target.id)?.proposals).toBe(target.proposals + 1);
    // The other monuments are the same objects: only the one read again is new.
    expect(after.data.filter((m, i) => m !== before.data[i]).map((m) => m.id)).toEqual([target.id]);

    const added = await app.inject({
      method: 'POST',
      url: routes.addMonument.path,
      headers: json,
      payload: { name: 'Aaron-Gedenkstein', geoLocX: 48.3, geoLocY: 14.29 },
    });
    expect(added.statusCode).toBe(201);
    const withIt = await app.services.lists.monuments.get();
    expect(withIt.data).toHaveLength(after.data.length + 1);
    expect([...withIt.data].sort(compareMonuments)).toEqual(withIt.data);
    const index = await monumentIndexes.of(withIt.data);
    expect(index.list).toBe(withIt.data);
    expect(index.matching({ q: 'aaron gedenk' }).length).toBe(1);
  });

  it('answer each popup from the newest list, in its order, as votes and new proposals change it', async () => {
    t = await testApp({ TRUST_PROXY: '1' });
    const { app } = t;
    const [a, b] = (await app.services.lists.monuments.get()).data as [Monument, Monument];
    const ids = async (monumentId: string) => {
      const res = await app.inject({ url: pathOf(routes.monumentProposals.path, { monumentId }) });
      return expectAnswer(res, 200, MonumentProposalList).map((p) => p.id);
    };
    // What the popup must say: the newest list's proposals of that monument, in the list's order.
    const expected = async (monumentId: string) =>
      (await app.services.lists.proposals.get()).data.filter((p) => p.monumentId === monumentId).map((p) => p.id);
    const first = await propose(app, 'Eine Tafel', a.id);
    const second = await propose(app, 'Ein Brunnen', a.id);
    await propose(app, 'Eine Bank', b.id);
    expect(await ids(a.id)).toEqual([second.id, first.id]);
    // The older one takes the lead with a vote, then the newer one ties and leads again (newest first).
    expect((await vote(app, first.id, a.id, 'v1', '198.51.100.1')).statusCode).toBe(200);
    expect(await ids(a.id)).toEqual([first.id, second.id]);
    expect((await vote(app, second.id, a.id, 'v2', '198.51.101.1')).statusCode).toBe(200);
    expect(await ids(a.id)).toEqual([second.id, first.id]);
    const third = await propose(app, 'Ein Denkmal für Johanna Dohnal', a.id);
    expect(await ids(a.id)).toEqual([second.id, first.id, third.id]);
    for (const m of [a.id, b.id]) expect(await ids(m)).toEqual(await expected(m));
    // A list read whole again (staff hid a proposal) gives the same answers.
    app.services.lists.proposals.invalidate();
    for (const m of [a.id, b.id]) expect(await ids(m)).toEqual(await expected(m));
  });

  it('answer a monument’s popup and view while a write holds the database; a held voter’s popup counts their vote', async () => {
    // Without the lists, the popup would wait for the lock and miss this deadline (503).
    t = await testApp(
      { TRUST_PROXY: '1' },
      { config: { limits: { votesPerIpPerProposal: 1 }, pressure: { requestDeadlineMs: 3000 } } },
    );
    const { app } = t;
    const target = (await app.services.lists.monuments.get()).data[4] as Monument;
    const proposal = await propose(app, 'Eine Stele für Johanna Dohnal', target.id);
    expect((await vote(app, proposal.id, target.id, 'first', '198.51.100.7')).statusCode).toBe(200);
    const view = expectAnswer(
      await app.inject({ url: pathOf(routes.monument.path, { monumentId: target.id }) }),
      200,
      MonumentDetail,
    );
    expect(view.source).not.toBeNull();
    expect(await popup(app, target.id, 'reader', '203.0.113.20')).toEqual({ [proposal.id]: 1 });

    const release = await holdLock(t, (s) => s`LOCK TABLE monuments, proposals, votes IN ACCESS EXCLUSIVE MODE`);
    try {
      expect(await popup(app, target.id, 'reader', '203.0.113.21')).toEqual({ [proposal.id]: 1 });
      const locked = await app.inject({ url: pathOf(routes.monument.path, { monumentId: target.id }) });
      // The same view, with where its facts come from.
      expect(expectAnswer(locked, 200, MonumentDetail)).toEqual(view);
      const unknown = await app.inject({ url: pathOf(routes.monumentProposals.path, { monumentId: 'no-such-monument' }) });
      expect(unknown.statusCode).toBe(404);
    } finally {
      await release();
    }

    // A second browser on the first one's connection is held: it reads its vote counted, from its
    // browser on any connection and from that network; everyone else reads the public count.
    expect((await vote(app, proposal.id, target.id, 'second', '198.51.100.7')).statusCode).toBe(200);
    expect(await popup(app, target.id, 'second', '192.0.2.50')).toEqual({ [proposal.id]: 2 });
    expect(await popup(app, target.id, 'another', '198.51.100.99')).toEqual({ [proposal.id]: 2 });
    expect(await popup(app, target.id, 'reader', '203.0.113.22')).toEqual({ [proposal.id]: 1 });
  });

  it.skipIf(DB_KIND !== 'postgres')('tell another instance who may see held votes', async () => {
    t = await testApp({ TRUST_PROXY: '1' }, { config: { limits: { votesPerIpPerProposal: 1 } } });
    const { app } = t;
    const database = await openDatabase({ databaseUrl: t.url });
    const other = await buildApp(t.config, { database });
    try {
      const target = (await app.services.lists.monuments.get()).data[6] as Monument;
      const proposal = await propose(app, 'Ein Platz für Marianne Hainisch', target.id);
      expect((await vote(app, proposal.id, target.id, 'first', '198.51.100.7')).statusCode).toBe(200);
      // The other instance has read who may see held votes (nobody yet) and answers from its lists.
      await expect.poll(() => popup(other, target.id, 'second', '192.0.2.50'), { timeout: 10_000 }).toEqual({ [proposal.id]: 1 });
      expect((await vote(app, proposal.id, target.id, 'second', '198.51.100.7')).statusCode).toBe(200);
      // Its notification names the held voter: the other instance reads that browser's popup from the database.
      await expect.poll(() => popup(other, target.id, 'second', '192.0.2.50'), { timeout: 10_000 }).toEqual({ [proposal.id]: 2 });
      expect(await popup(other, target.id, 'reader', '203.0.113.22')).toEqual({ [proposal.id]: 1 });
    } finally {
      await other.close();
      await database.close();
    }
  });
});
