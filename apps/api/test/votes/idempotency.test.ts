// Idempotency-Key on the three public writes (vote, new proposal, new monument), over REST and
// tRPC: a repeat gets the first answer and acts not again (also at once, while the first runs),
// the same key with another request is 422, a bad key 400, keys are per browser and forgotten
// after 24 hours (each of these over both); refusals are replayed, server errors are not kept.
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_TTL_HOURS, pathOf, routes } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idempotent, purgeIdempotencyKeys } from '../../src/domain/idempotency.js';
import { browser, DB_KIND, json, propose, testApp } from '../support/harness.js';

const MON = 'mon-dreifaltigkeitssaeule';
let t: Awaited<ReturnType<typeof testApp>>;
let proposal = 0;

// The 4 s request deadline (503) is not under test here, and the loaded test machine exceeds it.
const NO_DEADLINE = { pressure: { requestDeadlineMs: 0 } };
beforeEach(async () => {
  t = await testApp({}, { config: NO_DEADLINE });
  proposal = (await propose(t.app, 'Volksbüste', MON)).id;
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

type Headers = Record<string, string>;
const post = (url: string, payload: unknown, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...json, ...headers }, payload: JSON.stringify(payload) });
const keyed = (key: string, who = 'me') => ({ 'idempotency-key': key, ...browser(t.app, who) });
const vote = (headers: Headers, id = proposal) =>
  post(pathOf(routes.castVote.path, { proposalId: id }), { monumentId: MON, action: 'vote' }, headers);
const votesOf = async (id = proposal) =>
  Number((await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM votes WHERE proposal_id = ${id}`))[0]?.n);
const proposalsNamed = async (name: string) =>
  Number((await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM proposals WHERE name = ${name}`))[0]?.n);
/** The same vote over tRPC (the REST route runs this procedure too). */
const trpcVote = (headers: Headers, id = proposal) =>
  post('/trpc/proposals.vote', { proposalId: id, body: { monumentId: MON, action: 'vote' } }, headers);
const trpcData = (res: { body: string }) => (JSON.parse(res.body) as { result: { data: unknown } }).result.data;
const answer = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, body: JSON.parse(res.body) as unknown });

describe(`Idempotency-Key on ${DB_KIND}`, () => {
  it('a repeated vote gets the same status and body and is counted once', async () => {
    const key = randomUUID();
    const first = await vote(keyed(key));
    expect(answer(first)).toEqual({ status: 200, body: { newVoteCount: 1 } });
    const again = await vote(keyed(key));
    expect(answer(again)).toEqual(answer(first));
    expect(await votesOf()).toBe(1);
    // Over tRPC the same procedure and input is the same request: its stored answer again.
    const trpc = await trpcVote(keyed(key));
    expect(trpc.statusCode).toBe(200);
    expect(trpcData(trpc)).toEqual({ newVoteCount: 1 });
    expect(await votesOf()).toBe(1);
  });

  it('three repeats at once: one acts, all get its answer (the others wait for it)', async () => {
    const key = randomUUID();
    const answers = await Promise.all([vote(keyed(key)), vote(keyed(key)), vote(keyed(key))]);
    expect(answers.map(answer)).toEqual(Array(3).fill({ status: 200, body: { newVoteCount: 1 } }));
    expect(await votesOf()).toBe(1);

    const name = 'Gleichzeitig';
    const at = pathOf(routes.createProposal.path, { monumentId: MON });
    const pkey = randomUUID();
    const created = await Promise.all([1, 2, 3].map(() => post(at, { name }, keyed(pkey))));
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(created.map((r) => r.body)).size).toBe(1);
    expect(await proposalsNamed(name)).toBe(1);
  });

  it('a proposal and a monument sent twice are made once, over REST and tRPC', async () => {
    const at = pathOf(routes.createProposal.path, { monumentId: MON });
    const key = randomUUID();
    const first = await post(at, { name: 'Einmalig' }, keyed(key));
    const again = await post(at, { name: 'Einmalig' }, keyed(key));
    expect(first.statusCode).toBe(201);
    expect(answer(again)).toEqual(answer(first));
    expect(await proposalsNamed('Einmalig')).toBe(1);

    const mkey = randomUUID();
    const monument = { name: 'Käthe Leichter', geoLocX: 48.3, geoLocY: 14.29 };
    const viaTrpc = await post('/trpc/monuments.add', monument, keyed(mkey));
    const viaRest = await post(routes.addMonument.path, monument, keyed(mkey));
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaRest.statusCode).toBe(201);
    expect(JSON.parse(viaRest.body)).toEqual((JSON.parse(viaTrpc.body) as { result: { data: unknown } }).result.data);
    const [row] = await t.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM monuments WHERE name = 'Käthe Leichter'`,
    );
    expect(Number(row?.n)).toBe(1);
  });

  it('the same key with another body or another route is 422 and changes nothing', async () => {
    const key = randomUUID();
    await vote(keyed(key));
    const other = (await propose(t.app, 'Andere', MON)).id;
    const res = await vote(keyed(key), other);
    expect(res.statusCode).toBe(422);
    expect((JSON.parse(res.body) as { message: string }).message).toMatch(/Idempotency-Key/);
    expect(await votesOf(other)).toBe(0);
    const elsewhere = await post(pathOf(routes.createProposal.path, { monumentId: MON }), { name: 'Anders' }, keyed(key));
    expect(elsewhere.statusCode).toBe(422);
    expect(await proposalsNamed('Anders')).toBe(0);
    const trpc = await trpcVote(keyed(key), other);
    expect(trpc.statusCode).toBe(422);
    expect(await votesOf(other)).toBe(0);
  });

  it('a key that is not a UUID is 400 and changes nothing', async () => {
    for (const bad of ['1234', 'not-a-uuid', `${randomUUID()}x`]) {
      const res = await vote(keyed(bad));
      expect(res.statusCode).toBe(400);
      expect((JSON.parse(res.body) as { message: string }).message).toBe('Idempotency-Key must be a UUID.');
    }
    expect(await votesOf()).toBe(0);
    const res = await post(routes.addMonument.path, { name: 'Ohne', geoLocX: 48.3, geoLocY: 14.29 }, keyed('x'));
    expect(res.statusCode).toBe(400);
    const trpc = await trpcVote(keyed('not-a-uuid'));
    expect(trpc.statusCode).toBe(400);
    expect((JSON.parse(trpc.body) as { error: { message: string } }).error.message).toBe('Idempotency-Key must be a UUID.');
    expect(await votesOf()).toBe(0);
  });

  it("another browser's key is its own: the same key acts normally", async () => {
    const key = randomUUID();
    expect(answer(await vote(keyed(key, 'anna')))).toEqual({ status: 200, body: { newVoteCount: 1 } });
    expect(answer(await vote(keyed(key, 'bert')))).toEqual({ status: 200, body: { newVoteCount: 2 } });
    const carl = await trpcVote(keyed(key, 'carl'));
    expect(carl.statusCode).toBe(200);
    expect(trpcData(carl)).toEqual({ newVoteCount: 3 });
    expect(await votesOf()).toBe(3);
  });

  it('a client whose first answer (and its cookie) was lost is the same voter on the retry', async () => {
    const key = randomUUID();
    const first = await vote({ 'idempotency-key': key });
    const retry = await vote({ 'idempotency-key': key });
    expect(answer(retry)).toEqual(answer(first));
    expect(await votesOf()).toBe(1);
  });

  it('keys are forgotten after 24 hours (on read and by the retention purge)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-11-23T10:00:00Z');
    vi.setSystemTime(start);
    const at = pathOf(routes.createProposal.path, { monumentId: MON });
    const key = randomUUID();
    const first = await post(at, { name: 'Vergessen' }, keyed(key));
    // The same over tRPC, with a key of its own.
    const tkey = randomUUID();
    const viaTrpc = () => post('/trpc/proposals.create', { monumentId: MON, body: { name: 'Über tRPC' } }, keyed(tkey));
    const firstTrpc = trpcData(await viaTrpc());
    vi.setSystemTime(new Date(start.getTime() + (IDEMPOTENCY_TTL_HOURS * 3600 - 1) * 1000));
    expect(answer(await post(at, { name: 'Vergessen' }, keyed(key)))).toEqual(answer(first));
    expect(await proposalsNamed('Vergessen')).toBe(1);
    expect(trpcData(await viaTrpc())).toEqual(firstTrpc);
    expect(await proposalsNamed('Über tRPC')).toBe(1);
    vi.setSystemTime(new Date(start.getTime() + IDEMPOTENCY_TTL_HOURS * 3600 * 1000));
    const later = await post(at, { name: 'Vergessen' }, keyed(key));
    expect(later.statusCode).toBe(201);
    expect(later.body).not.toBe(first.body);
    expect(await proposalsNamed('Vergessen')).toBe(2);
    expect(trpcData(await viaTrpc())).not.toEqual(firstTrpc);
    expect(await proposalsNamed('Über tRPC')).toBe(2);

    // The purge deletes exactly the keys whose 24 hours are over.
    await post(at, { name: 'Zweiter' }, keyed(randomUUID()));
    const left = () => t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM idempotency_keys`);
    expect(Number((await left())[0]?.n)).toBe(3);
    expect(await purgeIdempotencyKeys(t.database, new Date(start.getTime() + 47 * 3600 * 1000))).toBe(0);
    expect(await purgeIdempotencyKeys(t.database, new Date(start.getTime() + 48 * 3600 * 1000))).toBe(3);
    expect(Number((await left())[0]?.n)).toBe(0);
  });

  it('refusals are replayed: already voted 403, duplicate monument 409 with its id', async () => {
    await vote(browser(t.app, 'me'));
    const key = randomUUID();
    const refused = await vote(keyed(key));
    expect(refused.statusCode).toBe(403);
    expect(answer(await vote(keyed(key)))).toEqual(answer(refused));

    const monument = { name: 'Käthe Leichter', geoLocX: 48.3, geoLocY: 14.29 };
    const existing = (JSON.parse((await post(routes.addMonument.path, monument)).body) as { id: string }).id;
    const mkey = randomUUID();
    const dup = await post(routes.addMonument.path, monument, keyed(mkey));
    expect(dup.statusCode).toBe(409);
    expect((JSON.parse(dup.body) as { existingId: string }).existingId).toBe(existing);
    expect(answer(await post(routes.addMonument.path, monument, keyed(mkey)))).toEqual(answer(dup));
    const [stored] = await t.database.rows<{ status: number }>(sql`SELECT status FROM idempotency_keys WHERE key = ${mkey}`);
    expect(stored?.status).toBe(409);

    // A refusal keeps its own code on replay: a place outside the city stays OUTSIDE_AREA.
    const okey = randomUUID();
    const outside = await post(routes.addMonument.path, { name: 'Fern', geoLocX: 10, geoLocY: 10 }, keyed(okey));
    expect(JSON.parse(outside.body)).toMatchObject({ code: 'OUTSIDE_AREA' });
    expect(answer(await post(routes.addMonument.path, { name: 'Fern', geoLocX: 10, geoLocY: 10 }, keyed(okey)))).toEqual(
      answer(outside),
    );
  });

  it('a refusal stored before codes were (its class named as `kind`) is replayed with its status and code', async () => {
    const key = randomUUID();
    const first = await vote(keyed(key));
    expect(first.statusCode).toBe(200);
    // As a version before the error vocabulary stored an "already voted" refusal.
    await t.database.rows(
      sql`UPDATE idempotency_keys SET status = 403, outcome = ${JSON.stringify({ ok: false, error: { kind: 'AlreadyVoted', message: 'You have already voted.' } })}::jsonb WHERE key = ${key}`,
    );
    const replayed = await vote(keyed(key));
    expect([replayed.statusCode, JSON.parse(replayed.body)]).toEqual([
      403,
      { message: 'You have already voted.', code: 'ALREADY_VOTED' },
    ]);
  });

  it('a limit reached (429) is replayed even after the limit has passed', async () => {
    const limited = await testApp({}, { config: { ...NO_DEADLINE, limits: { createsPer5Minutes: 1 } } });
    try {
      const at = pathOf(routes.createProposal.path, { monumentId: MON });
      const send = (name: string, headers: Headers = {}) =>
        limited.app.inject({ method: 'POST', url: at, headers: { ...json, ...headers }, payload: { name } });
      expect((await send('Eins')).statusCode).toBe(201);
      const key = randomUUID();
      const who = browser(limited.app, 'me');
      const refused = await send('Zwei', { 'idempotency-key': key, ...who });
      expect(refused.statusCode).toBe(429);
      // Five minutes later (the limit counts in the database's clock).
      await limited.database.rows(sql`UPDATE proposals SET created_at = created_at - interval '6 minutes'`);
      await limited.database.rows(sql`UPDATE write_marks SET at = at - interval '6 minutes'`);
      const replayed = await send('Zwei', { 'idempotency-key': key, ...who });
      expect(answer(replayed)).toEqual(answer(refused));
      expect(replayed.headers['retry-after']).toBe(refused.headers['retry-after']);
      // A new action (a new key) is allowed again.
      expect((await send('Zwei', { 'idempotency-key': randomUUID(), ...who })).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('a server error is not kept: the retry acts', async () => {
    const req = {
      voterHash: 'v',
      key: randomUUID(),
      fingerprint: 'f',
      successStatus: 200,
      statusOf: () => 400,
      waitMs: 1000,
    };
    await expect(idempotent(t.database, req, () => Promise.reject(new Error('connection lost')))).rejects.toThrow(
      'connection lost',
    );
    let acted = 0;
    expect(await idempotent(t.database, req, async () => ++acted)).toBe(1);
    expect(await idempotent(t.database, req, async () => ++acted)).toBe(1);
    expect(acted).toBe(1);
  });

  it('a repeat that waits longer than idempotencyWaitMs for a running first answers 409', async () => {
    const impatient = await testApp({}, { config: { ...NO_DEADLINE, idempotencyWaitMs: 0 } });
    try {
      const id = (await propose(impatient.app, 'Warten', MON)).id;
      const key = randomUUID();
      const send = () =>
        impatient.app.inject({
          method: 'POST',
          url: pathOf(routes.castVote.path, { proposalId: id }),
          headers: { ...json, 'idempotency-key': key, ...browser(impatient.app, 'me') },
          payload: { monumentId: MON, action: 'vote' },
        });
      expect((await send()).statusCode).toBe(200);
      // As if the first were still running.
      await impatient.database.rows(sql`UPDATE idempotency_keys SET status = NULL, outcome = NULL WHERE key = ${key}`);
      const busy = await send();
      expect(busy.statusCode).toBe(409);
      expect((JSON.parse(busy.body) as { message: string }).message).toMatch(/still being processed/);
    } finally {
      await impatient.close();
    }
  });
});
