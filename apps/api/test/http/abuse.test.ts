// Abuse resistance: security headers on every answer, the cross-site and content-type guards,
// the body limit, and each rate limit (including spoofed X-Forwarded-For and concurrent bursts).
import { ErrorBody, type Intervention, Monument, pathOf, routes } from '@linz/contract';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { castVote, createBallotBox, voteRulesOf } from '../../src/domain/votes/votes.js';
import { loadConfig, type ConfigOptions } from '../../src/config.js';
import { expectAnswer, testApp } from '../support/harness.js';
import { expectTooMany, firstMonument, get, holdProposal, newProposal, post, vote } from '../support/abuse-helpers.js';

let open: Awaited<ReturnType<typeof testApp>> | undefined;
async function start(env: Record<string, string> = {}, config: ConfigOptions = {}) {
  open = await testApp(env, { config });
  return open;
}
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const newMonument = (n: number) => ({ name: `Test ${n}`, geoLocX: 48.3, geoLocY: 14.28 });

function directivesOf(csp: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(csp).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** An API answer (data): it may load nothing, be framed nowhere, be read by no other site. */
function expectDataHeaders(res: { headers: Record<string, unknown> }, label: string) {
  const csp = directivesOf(res.headers['content-security-policy']);
  expect([...csp.keys()], label).toEqual(['default-src', 'frame-ancestors']);
  expect(csp.get('default-src'), label).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['cross-origin-resource-policy'], label).toBe('same-origin');
  // None of a page's headers.
  expect(res.headers['x-dns-prefetch-control'], label).toBeUndefined();
}

/** A page, a script or the API's HTML description: helmet's document headers with our policy. */
function expectSecurityHeaders(res: { headers: Record<string, unknown>; statusCode: number }, label: string) {
  const csp = directivesOf(res.headers['content-security-policy']);
  expect(csp.get('default-src'), label).toEqual(["'self'"]);
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(csp.get('img-src'), label).toEqual(["'self'", 'data:']);
  expect(csp.get('script-src'), label).toEqual(["'self'"]);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('are on every kind of answer: 200, 201, 304, 400, 403, 404, 413, 415, 429', async () => {
    const { app } = await start({}, { limits: { requestsPerMinute: 12 } });
    const list = await get(app, routes.listMonuments.path);
    const answers = {
      200: list,
      304: await get(app, routes.listMonuments.path, { headers: { 'if-none-match': String(list.headers.etag) } }),
      201: await post(app, routes.addMonument.path, newMonument(1)),
      400: await post(app, routes.addMonument.path, { name: '' }),
      403: await post(app, routes.addMonument.path, newMonument(2), { headers: { origin: 'https://evil.example' } }),
      404: await get(app, '/api/nothing-here'),
      413: await post(app, routes.addMonument.path, { name: 'x'.repeat(17 * 1024) }),
      415: await app.inject({
        method: 'POST',
        url: routes.addMonument.path,
        headers: { 'content-type': 'text/plain' },
        payload: 'hi',
      }),
      spa: await get(app, '/about'),
    };
    for (const [status, res] of Object.entries(answers)) {
      if (status !== 'spa') expect(res.statusCode, `${status}: ${res.body}`).toBe(Number(status));
      if (status === 'spa') expectSecurityHeaders(res, status);
      else expectDataHeaders(res, status);
      expect(res.headers['strict-transport-security'], 'no HSTS over plain HTTP').toBeUndefined();
    }
    expectSecurityHeaders(await get(app, routes.docs.path), 'the API description (a page)');
    let limited;
    for (let i = 0; i < 20 && !limited; i++) {
      const res = await get(app, routes.clientConfig.path);
      if (res.statusCode === 429) limited = res;
    }
    expect(limited, 'the rate limit answered 429').toBeDefined();
    if (limited) expectDataHeaders(limited, '429');
  });

  it('send HSTS only over TLS: behind a trusted proxy that says https, never over http', async () => {
    const { app } = await start({ TRUST_PROXY: '1' });
    const tls = await get(app, routes.clientConfig.path, { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const plain = await get(app, routes.clientConfig.path);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    await open?.close();
    // Without TRUST_PROXY the client's X-Forwarded-Proto is not believed.
    const untrusted = await start();
    const spoofed = await get(untrusted.app, routes.clientConfig.path, { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('hsts: false turns it off', async () => {
    const { app } = await start({ TRUST_PROXY: '1' }, { hsts: false });
    const tls = await get(app, routes.clientConfig.path, { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('write guards', () => {
  it('refuse cross-site writes (Origin, null Origin, Sec-Fetch-Site) with 403 and allow same-origin ones', async () => {
    const { app } = await start();
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:3000.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attempts) {
      const res = await post(app, routes.addMonument.path, newMonument(1), { headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expectAnswer(res, 403, ErrorBody);
    }
    const same = await post(app, routes.addMonument.path, newMonument(2), {
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expectAnswer(same, 201, Monument);
  });

  it('refuse bodies that are not JSON with 415 (forms, text, multipart, none)', async () => {
    const { app } = await start();
    const types = [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json-patch+json',
      '',
    ];
    for (const type of types) {
      const res = await app.inject({
        method: 'POST',
        url: routes.addMonument.path,
        headers: type ? { 'content-type': type } : {},
        payload: JSON.stringify(newMonument(1)),
      });
      expect(res.statusCode, type).toBe(415);
      expectAnswer(res, 415, ErrorBody);
    }
  });

  it('refuse bodies over 16 KiB with 413 and accept ones just under', async () => {
    const { app } = await start();
    const big = await post(app, routes.addMonument.path, { name: 'x', pad: 'y'.repeat(16 * 1024) });
    expectAnswer(big, 413, ErrorBody);
    const under = await post(app, routes.addMonument.path, { ...newMonument(1), pad: 'y'.repeat(15 * 1024) });
    expectAnswer(under, 201, Monument);
  });
});

describe('general rate limit (limits.requestsPerMinute)', () => {
  it('answers 429 with Retry-After after the limit; spoofed X-Forwarded-For does not escape it', async () => {
    const { app } = await start({}, { limits: { requestsPerMinute: 5 } });
    for (let i = 0; i < 5; i++) {
      const ok = await get(app, routes.clientConfig.path, { ip: '198.51.100.7' });
      expect(ok.statusCode).toBe(200);
      // Answers within the limit carry no counters (three headers less on every read).
      expect(Object.keys(ok.headers).filter((h) => h.startsWith('x-ratelimit'))).toEqual([]);
    }
    expectTooMany(await get(app, routes.clientConfig.path, { ip: '198.51.100.7' }));
    for (let i = 0; i < 10; i++) {
      expectTooMany(await get(app, routes.clientConfig.path, { ip: '198.51.100.7', xff: `203.0.113.${i}` }));
    }
    // Writes count too, even ones refused by the guards.
    expectTooMany(await post(app, routes.addMonument.path, newMonument(1), { ip: '198.51.100.7' }));
    // Another connection has its own budget; the web app's files are not limited.
    expect((await get(app, routes.clientConfig.path, { ip: '198.51.100.8' })).statusCode).toBe(200);
    expect((await get(app, '/about', { ip: '198.51.100.7' })).statusCode).not.toBe(429);
    // Nor are the unfiltered map's data tiles (a view asks for 15 to 40); a filtered tile counts.
    expect((await get(app, '/api/map/14/8843/5681.json', { ip: '198.51.100.7' })).statusCode).toBe(200);
    expectTooMany(await get(app, '/api/map/14/8843/5681.json?validated=1', { ip: '198.51.100.7' }));
  });

  it('counts an IPv6 /64 as one connection', async () => {
    const { app } = await start({}, { limits: { requestsPerMinute: 3 } });
    for (let i = 1; i <= 3; i++)
      expect((await get(app, routes.clientConfig.path, { ip: `2001:db8:1:2::${i}` })).statusCode).toBe(200);
    expectTooMany(await get(app, routes.clientConfig.path, { ip: '2001:db8:1:2:ffff:ffff:ffff:ffff' }));
    expect((await get(app, routes.clientConfig.path, { ip: '2001:db8:1:3::1' })).statusCode).toBe(200);
  });

  it('with TRUST_PROXY=1 uses the address the proxy saw, not what the client wrote before it', async () => {
    const { app } = await start({ TRUST_PROXY: '1' }, { limits: { requestsPerMinute: 3 } });
    const proxy = '10.0.0.2';
    for (let i = 0; i < 3; i++) {
      expect((await get(app, routes.clientConfig.path, { ip: proxy, xff: `1.1.1.${i}, 198.51.100.9` })).statusCode).toBe(200);
    }
    expectTooMany(await get(app, routes.clientConfig.path, { ip: proxy, xff: '1.1.1.99, 198.51.100.9' }));
    // A different client behind the same proxy is a different connection.
    expect((await get(app, routes.clientConfig.path, { ip: proxy, xff: '198.51.100.10' })).statusCode).toBe(200);
  });
});

describe('creation limit (limits.createsPer5Minutes)', () => {
  it('counts monuments and proposals together; the next create gets 429; spoofed headers do not escape', async () => {
    const { app } = await start({}, { limits: { createsPer5Minutes: 3 } });
    const ip = '198.51.100.20';
    const m = await firstMonument(app);
    expectAnswer(await post(app, routes.addMonument.path, newMonument(1), { ip }), 201, Monument);
    await newProposal(app, m.id, 'Erste', { ip });
    await newProposal(app, m.id, 'Zweite', { ip });
    expectTooMany(await post(app, routes.addMonument.path, newMonument(2), { ip }));
    expectTooMany(await post(app, pathOf(routes.createProposal.path, { monumentId: m.id }), { name: 'Dritte' }, { ip }));
    for (let i = 0; i < 5; i++) {
      expectTooMany(await post(app, routes.addMonument.path, newMonument(3), { ip, xff: `203.0.113.${i}` }));
    }
    expectTooMany(await post(app, routes.addMonument.path, newMonument(3), { ip: '::ffff:198.51.100.20' }));
    expectAnswer(await post(app, routes.addMonument.path, newMonument(4), { ip: '198.51.100.21' }), 201, Monument);
  });

  it('holds against a concurrent burst from one connection', async () => {
    const { app, database } = await start({}, { limits: { createsPer5Minutes: 4 } });
    const ip = '198.51.100.22';
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(app, routes.addMonument.path, newMonument(100 + i), { ip })),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(4);
    expect(codes.filter((c) => c === 429)).toHaveLength(26);
    const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM monuments WHERE id LIKE 'mon-user-%'`);
    expect(Number(row?.n)).toBe(4);
  });
});

describe('vote limit (limits.votesPerIpPerProposal)', () => {
  it('counts 5 votes of a household per proposal, holds the 6th for staff (answered alike); spoofed headers and fresh cookies do not escape', async () => {
    const { app } = await start({}, { limits: { votesPerIpPerProposal: 5 } });
    const m = await firstMonument(app);
    const p = await newProposal(app, m.id, 'Johanna Dohnal');
    const other = await newProposal(app, m.id, 'Käthe Leichter');
    const ip = '198.51.100.30';
    for (let i = 1; i <= 5; i++) {
      const res = await vote(app, p, { ip });
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.parse(res.body).newVoteCount).toBe(i);
    }
    // Over the limit: the voter sees the usual success (the count as if hers counted), the public count does not rise.
    const held = await vote(app, p, { ip });
    expect(held.statusCode, held.body).toBe(200);
    expect(JSON.parse(held.body).newVoteCount).toBe(6);
    for (let i = 0; i < 10; i++) expect((await vote(app, p, { ip, xff: `203.0.113.${i}` })).statusCode).toBe(200);
    const before = JSON.parse((await get(app, routes.allProposals.path)).body) as Intervention[];
    expect(before.find((i) => i.id === p.id)?.votes).toBe(5);
    // Other proposals and other connections are not affected.
    expect((await vote(app, other, { ip })).statusCode).toBe(200);
    expect((await vote(app, p, { ip: '198.51.100.31' })).statusCode).toBe(200);
    const list = await get(app, routes.allProposals.path);
    const counted = (JSON.parse(list.body) as Intervention[]).find((i) => i.id === p.id);
    expect(counted?.votes).toBe(6);
  });

  async function burst(config: ConfigOptions, hold?: (proposalId: number) => Promise<() => Promise<void>>) {
    const { app } = await start({}, config);
    const m = await firstMonument(app);
    const p = await newProposal(app, m.id, 'Marianne Hainisch');
    const ip = '198.51.100.32';
    const release = hold ? await hold(p.id) : undefined;
    const pending = Promise.all(Array.from({ length: 40 }, () => vote(app, p, { ip })));
    if (release) {
      // Released once all 40 are in the ballot box (queued, or in a batch waiting for the row).
      await vi.waitFor(() => expect(app.services.ballots.waiting()).toBe(40), { timeout: 30_000, interval: 20 });
      await release();
    }
    const answers = await pending;
    // Every vote is answered alike (a held one too); the public count is what counted.
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const list = JSON.parse((await get(app, routes.allProposals.path)).body) as Intervention[];
    return list.find((i) => i.id === p.id)?.votes;
  }

  // Unloaded, a burst rarely overlaps; here the proposal is held (a second session holds its row
  // lock, or on PGlite an open transaction) until all 40 votes are in the ballot box, so they overlap.
  it('holds against 40 overlapping votes from one connection', async () => {
    const ok = await burst({ limits: { votesPerIpPerProposal: 5 } }, (id) => holdProposal(open!, id));
    expect(ok).toBe(5);
  });

  it('the ballot box itself holds the limit for 40 simultaneous votes from one connection', async () => {
    const { app, database } = await start();
    const m = await firstMonument(app);
    const p = await newProposal(app, m.id, 'Rosa Hofmann');
    const ipHash = 'burst-connection';
    // Small batches, several in flight: the limit must hold within a batch and between batches.
    const rules = { ...voteRulesOf(loadConfig({}), null), ipLimit: 5 };
    const box = createBallotBox(database, { rules, inFlight: 4, maxBatch: 3, withdrawAnswered: true });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        castVote(box, { proposalId: p.id, monumentId: m.id, voterHash: `voter-${i}`, ipHash, netHash: 'burst-net' }),
      ),
    );
    // Every voter sees success (a script learns nothing); 5 count, 35 are held for staff.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(40);
    const [row] = await database.rows<{ votes: number; held: number }>(
      sql`SELECT votes, (SELECT count(*)::int FROM votes WHERE proposal_id = ${p.id} AND status = 'held') AS held
          FROM proposals WHERE id = ${p.id}`,
    );
    expect(Number(row?.votes)).toBe(5);
    expect(Number(row?.held)).toBe(35);
  });
});

describe('error answers', () => {
  it('a failure inside the API answers 5xx with a generic message and the request id only', async () => {
    const ctx = await start();
    const m = await firstMonument(ctx.app);
    const close = ctx.database.close;
    await close();
    // The harness closes the database again at the end: make that a no-op.
    ctx.database.close = async () => {};
    const res = await post(ctx.app, pathOf(routes.createProposal.path, { monumentId: m.id }), { name: 'Nach dem Ende' });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const body = expectAnswer(res, res.statusCode, ErrorBody);
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId']);
    expect(body.message).not.toMatch(/sql|insert|select|pglite|postgres|closed|stack|at /i);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const trpc = await post(ctx.app, '/trpc/proposals.create', { monumentId: m.id, body: { name: 'Nach dem Ende' } });
    expect(trpc.statusCode).toBeGreaterThanOrEqual(500);
    expect(trpc.body).not.toMatch(/sql|insert into|params|pglite|postgres|stack/i);
    expect(JSON.parse(trpc.body).error.message).toBe('Internal server error.');
  });
});

describe('no stack in any answer', () => {
  it('tRPC refusals carry no stack whatever NODE_ENV says, and pnpm start runs with NODE_ENV=production', async () => {
    // Vitest runs with NODE_ENV=test: tRPC's own default would add the stack to every error body.
    expect(process.env.NODE_ENV).not.toBe('production');
    const { app } = await start();
    const answers = [
      await post(app, '/trpc/proposals.vote', { proposalId: 999999, body: { monumentId: 'nope', action: 'vote' } }),
      await post(app, '/trpc/proposals.create', { monumentId: 'x', body: { name: 42 } }),
      await get(app, '/trpc/votes.alerts'),
      await get(app, '/trpc/no.such.procedure'),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toMatch(/"stack"|node_modules|\/src\/|at [A-Za-z.]+ \(/);
    }
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: { serve: string };
    };
    expect(pkg.scripts.serve).toMatch(/^NODE_ENV=production node /);
  });
});

describe('hiding by reports counts distinct browsers and distinct networks', () => {
  const reportFrom = (app: Parameters<typeof post>[0], id: number, from: Parameters<typeof post>[3]) =>
    post(app, pathOf(routes.reportProposal.path, { proposalId: id }), { reason: 'spam' }, from);
  const publicIds = async (app: Parameters<typeof get>[0]) =>
    (JSON.parse((await get(app, routes.allProposals.path)).body) as Intervention[]).map((i) => i.id);
  const hides = async (t: Awaited<ReturnType<typeof start>>) =>
    (await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'proposal.hide'`))[0]?.n;

  it('behind a trusted proxy: one address with three cookies, or none, or one household, hides nothing; three networks and three browsers hide', async () => {
    const t = await start({ TRUST_PROXY: '1' });
    const { app } = t;
    const proxy = '10.0.0.2';
    const m = await firstMonument(app);
    const [a, b, c, d, e, f] = [
      await newProposal(app, m.id, 'Drei Cookies'),
      await newProposal(app, m.id, 'Ohne Cookie'),
      await newProposal(app, m.id, 'Ein Browser'),
      await newProposal(app, m.id, 'Drei Leute'),
      await newProposal(app, m.id, 'Ein Haushalt'),
      await newProposal(app, m.id, 'Ein Büro'),
    ];
    const browserCookie = (id: string) => `voter=${app.signCookie(id)}`;

    // One address (what the proxy saw; the client's own entries before it are not believed), three cookies.
    for (const [i, spoof] of ['1.1.1.1', '2.2.2.2', '3.3.3.3'].entries()) {
      expect(
        (await reportFrom(app, a.id, { ip: proxy, xff: `${spoof}, 203.0.113.7`, cookie: browserCookie(`c${i}`) })).statusCode,
      ).toBe(201);
    }
    // One address, the cookie dropped each time: a new browser every time, still one address.
    for (let i = 0; i < 3; i++) expect((await reportFrom(app, b.id, { ip: proxy, xff: '203.0.113.8' })).statusCode).toBe(201);
    // Three addresses in one IPv6 /64 are one connection.
    for (let i = 1; i <= 3; i++) {
      expect(
        (await reportFrom(app, b.id, { ip: proxy, xff: `2001:db8:5:6::${i}`, cookie: browserCookie(`v6-${i}`) })).statusCode,
      ).toBe(201);
    }
    // One household: three browsers on three /64s of one IPv6 /56, and three on three addresses of one IPv4 /24.
    for (let i = 1; i <= 3; i++) {
      expect(
        (await reportFrom(app, e.id, { ip: proxy, xff: `2001:db8:5:a0${i}::1`, cookie: browserCookie(`home-${i}`) })).statusCode,
      ).toBe(201);
      expect(
        (await reportFrom(app, f.id, { ip: proxy, xff: `198.51.100.${40 + i}`, cookie: browserCookie(`lan-${i}`) })).statusCode,
      ).toBe(201);
    }
    // One browser from three addresses: one report, repeats change nothing.
    for (const [i, ip] of ['203.0.113.9', '203.0.113.10', '203.0.113.11'].entries()) {
      expect((await reportFrom(app, c.id, { ip: proxy, xff: ip, cookie: browserCookie('one') })).statusCode).toBe(
        i === 0 ? 201 : 200,
      );
    }
    const visible = await publicIds(app);
    for (const p of [a, b, c, e, f]) expect(visible).toContain(p.id);
    expect(await hides(t)).toBe(0);

    // Three browsers on three networks: hidden, and the audit entry says how many of each.
    for (const [i, ip] of ['198.51.31.1', '198.51.32.1', '2001:db8:33::1'].entries()) {
      expect((await reportFrom(app, d.id, { ip: proxy, xff: ip, cookie: browserCookie(`p${i}`) })).statusCode).toBe(201);
      expect((await publicIds(app)).includes(d.id)).toBe(i < 2);
    }
    expect(await hides(t)).toBe(1);
    const [entry] = await t.database.rows<{ after: unknown }>(sql`SELECT after FROM audit_log WHERE action = 'proposal.hide'`);
    const after = typeof entry?.after === 'string' ? JSON.parse(entry.after) : entry?.after;
    expect(after).toEqual({ moderation: 'hidden', openReports: 3, browsers: 3, networks: 3 });
    // The address and the network are stored only as keyed hashes.
    const stored = await t.database.rows<{ h: string; n: string }>(sql`SELECT creator_ip_hash AS h, net_hash AS n FROM reports`);
    expect(stored.every((r) => /^[A-Za-z0-9_-]{43}$/.test(r.h) && /^[A-Za-z0-9_-]{43}$/.test(r.n))).toBe(true);
  });

  it('without TRUST_PROXY a client-written X-Forwarded-For is ignored: three "addresses" from one socket hide nothing', async () => {
    const { app } = await start();
    const m = await firstMonument(app);
    const p = await newProposal(app, m.id, 'Gefälschte Adressen');
    for (let i = 0; i < 3; i++) {
      const from = { ip: '203.0.113.50', xff: `198.51.100.${60 + i}`, cookie: `voter=${app.signCookie(`x${i}`)}` };
      expect((await reportFrom(app, p.id, from)).statusCode).toBe(201);
    }
    expect(await publicIds(app)).toContain(p.id);
  });
});
