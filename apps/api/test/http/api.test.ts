// The spec's REST paths (section 7), every answer checked against the contract.
import { gunzipSync } from 'node:zlib';
import {
  ClientConfig,
  ErrorBody,
  ProposalList,
  Monument,
  MonumentProposalList,
  MonumentList,
  VoteAnswer,
  pathOf,
  routes,
} from '@linz/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, DB_KIND, expectAnswer, json, PLACED_SEED, testApp, propose as proposeAt } from '../support/harness.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

const MON = 'mon-dreifaltigkeitssaeule';

const propose = (name: string, monumentId = MON) => proposeAt(t.app, name, monumentId);

function vote(id: number, who: string, monumentId = MON) {
  return t.app.inject({
    method: 'POST',
    url: pathOf(routes.castVote.path, { proposalId: id }),
    headers: { ...json, ...browser(t.app, who) },
    payload: { monumentId, action: 'vote' },
  });
}

describe(`REST façade on ${DB_KIND}`, () => {
  it('GET /api/monuments lists the seeded Linz monuments', async () => {
    const list = expectAnswer(await t.app.inject({ url: routes.listMonuments.path }), 200, MonumentList);
    expect(list.length).toBe(PLACED_SEED);
    const column = list.find((m) => m.id === MON);
    expect(column?.name).toBe('Dreifaltigkeitssäule');
    expect(column?.geoLocX).toBeCloseTo(48.3058, 3);
    expect(column?.validated).toBe(true);
  });

  it('answers lists with an ETag and 304 for a matching If-None-Match, and a new ETag after a write', async () => {
    const first = await t.app.inject({ url: routes.allProposals.path });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: routes.allProposals.path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await propose('Johanna Dohnal');
    const after = await t.app.inject({ url: routes.allProposals.path, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(expectAnswer(after, 200, ProposalList).map((i) => i.name)).toEqual(['Johanna Dohnal']);
  });

  it.each([routes.listMonuments.path, routes.allProposals.path, routes.clientConfig.path])(
    "%s: the REST answer is the tRPC procedure's, with ETag and 304 from the one helper",
    async (url) => {
      const rest = await t.app.inject({ url });
      expect(rest.headers['cache-control']).toBe('no-cache');
      expect(rest.headers['set-cookie']).toBeUndefined();
      const procedure = {
        [routes.listMonuments.path]: 'monuments.list',
        [routes.allProposals.path]: 'proposals.all',
        [routes.clientConfig.path]: 'config',
      }[url];
      const trpc = await t.app.inject({ url: `/trpc/${procedure}` });
      expect(JSON.parse(rest.body)).toEqual((JSON.parse(trpc.body) as { result: { data: unknown } }).result.data);
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(rest.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    },
  );

  it('gzips the lists for clients that take it, with their own ETag, and not for those that refuse it', async () => {
    const plain = await t.app.inject({ url: routes.listMonuments.path });
    const zipped = await t.app.inject({ url: routes.listMonuments.path, headers: { 'accept-encoding': 'br, gzip;q=0.8' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    const again = await t.app.inject({
      url: routes.listMonuments.path,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const refused = await t.app.inject({ url: routes.listMonuments.path, headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('creates a proposal, lists it for its monument and in the full list', async () => {
    const created = await propose('  Denkmal für Marianne Hainisch ');
    expect(created).toMatchObject({ monumentId: MON, name: 'Denkmal für Marianne Hainisch', votes: 0, mayorNotifiedAt: null });
    expect(created.emoji.length).toBeGreaterThan(0);
    const mine = expectAnswer(
      await t.app.inject({ url: pathOf(routes.monumentProposals.path, { monumentId: MON }) }),
      200,
      MonumentProposalList,
    );
    expect(mine).toEqual([
      {
        id: created.id,
        name: created.name,
        votes: 0,
        confirmedVotes: 0,
        mayorNotifiedAt: null,
        mayorReview: false,
        status: 'open',
        answer: null,
        history: [],
      },
    ]);
    const other = expectAnswer(
      await t.app.inject({ url: pathOf(routes.monumentProposals.path, { monumentId: 'mon-hessendenkmal' }) }),
      200,
      MonumentProposalList,
    );
    expect(other).toEqual([]);
    const all = expectAnswer(await t.app.inject({ url: routes.allProposals.path }), 200, ProposalList);
    expect(all.map((i) => i.id)).toEqual([created.id]);
  });

  it('counts votes, answers newVoteCount, and refuses a repeat from the same browser with 403', async () => {
    const p = await propose('Frauenbüste');
    expect(expectAnswer(await vote(p.id, 'a'), 200, VoteAnswer)).toEqual({ newVoteCount: 1 });
    expect(expectAnswer(await vote(p.id, 'b'), 200, VoteAnswer)).toEqual({ newVoteCount: 2 });
    const repeat = await vote(p.id, 'a');
    expect(expectAnswer(repeat, 403, ErrorBody).message).toBe('You have already voted.');
    const all = expectAnswer(await t.app.inject({ url: routes.allProposals.path }), 200, ProposalList);
    expect(all[0]?.votes).toBe(2);
  });

  it('gives a new browser a signed, HttpOnly, SameSite voter cookie and recognises it afterwards', async () => {
    const p = await propose('Gedenktafel');
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/interventions/${p.id}/vote`,
      headers: json,
      payload: { monumentId: MON, action: 'vote' },
    });
    expectAnswer(first, 200, VoteAnswer);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^voter=[^;]+\.[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0] ?? '';
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/interventions/${p.id}/vote`,
      headers: { ...json, cookie },
      payload: { monumentId: MON, action: 'vote' },
    });
    expect(second.statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/interventions/${p.id}/vote`,
      headers: { ...json, cookie: 'voter=someone.forged' },
      payload: { monumentId: MON, action: 'vote' },
    });
    expect(forged.statusCode).toBe(200);
  });

  it('adds a monument with the spec defaults; the server owns validated', async () => {
    const payload = {
      id: 'mon-user-1732270000000',
      name: ' Denkmal für Johanna Dohnal ',
      geoLocX: 48.31,
      geoLocY: 14.29,
      category: 'Statue',
      sex: 'female',
      validated: true,
      shortDescription: 'x',
      shortDescription_en: 'y',
      image: 'evil.jpg',
      alternatives: ['a'],
    };
    const created = expectAnswer(
      await t.app.inject({ method: 'POST', url: routes.addMonument.path, headers: json, payload }),
      201,
      Monument,
    );
    expect(created).toEqual({
      id: 'mon-user-1732270000000',
      name: 'Denkmal für Johanna Dohnal',
      geoLocX: 48.31,
      geoLocY: 14.29,
      category: 'undetermined',
      sex: 'unspecified',
      validated: false,
      shortDescription: '',
      shortDescription_en: '',
      image: 'default-placeholder.jpg',
      alternatives: [],
      proposals: 0,
    });
    const list = expectAnswer(await t.app.inject({ url: routes.listMonuments.path }), 200, MonumentList);
    expect(list).toHaveLength(PLACED_SEED + 1);
    expect(list.find((m) => m.id === created.id)?.validated).toBe(false);
    // The browser's id is only a proposal: a taken one gets a fresh id (201), never a 409.
    // (Another name: the same name here would be a duplicate, test/monuments/duplicates.test.ts.)
    const dup = expectAnswer(
      await t.app.inject({
        method: 'POST',
        url: routes.addMonument.path,
        headers: json,
        payload: { ...payload, name: 'Denkmal für Johanna Dohnal (Tafel)' },
      }),
      201,
      Monument,
    );
    expect(dup.id).toMatch(/^mon-user-\d+$/);
    expect(dup.id).not.toBe(created.id);
    expect(expectAnswer(await t.app.inject({ url: routes.listMonuments.path }), 200, MonumentList)).toHaveLength(PLACED_SEED + 2);
  });

  it('makes an id when the client sends none', async () => {
    const created = expectAnswer(
      await t.app.inject({
        method: 'POST',
        url: routes.addMonument.path,
        headers: json,
        payload: { name: 'Neu', geoLocX: 48.3, geoLocY: 14.3 },
      }),
      201,
      Monument,
    );
    expect(created.id).toMatch(/^mon-user-\d+$/);
  });

  it('two adds proposing the same id at once (same millisecond) both succeed with distinct ids', async () => {
    const add = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: routes.addMonument.path,
        headers: json,
        payload: { id: 'mon-user-1795000000000', name, geoLocX: 48.3, geoLocY: 14.3 },
      });
    const answers = await Promise.all([add('Erste'), add('Zweite'), add('Dritte')]);
    const created = answers.map((a) => expectAnswer(a, 201, Monument));
    expect(new Set(created.map((m) => m.id)).size).toBe(3);
    expect(created.map((m) => m.id)).toContain('mon-user-1795000000000');
    const list = expectAnswer(await t.app.inject({ url: routes.listMonuments.path }), 200, MonumentList);
    for (const m of created) expect(list.find((l) => l.id === m.id)?.name).toBe(m.name);
  });

  it('serves the client config (tile server and attribution)', async () => {
    const cfg = expectAnswer(await t.app.inject({ url: routes.clientConfig.path }), 200, ClientConfig);
    expect(cfg.tileUrl).toContain('{z}/{x}/{y}');
  });

  it('offers the same capabilities over tRPC', async () => {
    const res = await t.app.inject({ url: '/trpc/monuments.list' });
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body) as { result: { data: unknown } };
    expect(MonumentList.parse(body.result.data)).toHaveLength(PLACED_SEED);
  });
});
