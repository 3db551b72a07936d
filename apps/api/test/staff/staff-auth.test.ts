// Staff access: tokens, sessions, bearer, 401 for anything else with nothing changed, the
// sign-in limit per address, cookies, and tokens kept out of the logs.
import { pathOf, routes, type StaffMe } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { revokeStaff, sha256, SIGN_IN_LIMIT } from '../../src/domain/staff/staff.js';
import { loggerOptions } from '../../src/logging.js';
import { appRouter } from '../../src/trpc/router.js';
import { browser, DB_KIND, json, testApp } from '../support/harness.js';
import { bearer, dataOf, newStaff, snapshotRows, trpcGet, trpcPost } from '../support/staff-helpers.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let lines: string[];
beforeEach(async () => {
  lines = [];
  t = await testApp({ LOG_LEVEL: 'info' }, { logger: loggerOptions('info', { write: (l: string) => lines.push(l) }) });
});
afterEach(() => t.close());

const MON = 'mon-dreifaltigkeitssaeule';

/** Every staff endpoint, REST and tRPC, as a request with the given auth headers. */
function staffCalls(headers: Record<string, string>) {
  return [
    {
      method: 'PUT' as const,
      url: pathOf(routes.staffAnswer.path, { proposalId: 1 }),
      headers: { ...json, ...headers },
      payload: { status: 'planned', statement: { de: 'Ja', en: 'Yes' } },
    },
    { method: 'GET' as const, url: routes.staffQueue.path, headers },
    { method: 'GET' as const, url: routes.staffAudit.path, headers },
    { method: 'GET' as const, url: routes.staffOutbox.path, headers },
    {
      method: 'POST' as const,
      url: pathOf(routes.staffRetryMail.path, { notificationId: 1 }),
      headers: { ...json, ...headers },
      payload: {},
    },
    trpcGet('staff.session.me', undefined, headers),
    trpcGet('staff.queue', undefined, headers),
    trpcGet('staff.monuments.get', { monumentId: MON }, headers),
    trpcPost('staff.monuments.update', { monumentId: MON, patch: { name: 'X' } }, headers),
    trpcPost('staff.monuments.validate', { monumentId: MON }, headers),
    trpcPost('staff.monuments.reject', { monumentId: MON, reason: { text: 'Spam' } }, headers),
    trpcPost('staff.monuments.restore', { monumentId: MON }, headers),
    trpcPost('staff.monuments.approve', { monumentId: MON }, headers),
    trpcPost('staff.monuments.merge', { monumentId: MON, into: 'mon-hessendenkmal' }, headers),
    trpcGet('staff.proposals.get', { proposalId: 1 }, headers),
    trpcGet('staff.proposals.followers', undefined, headers),
    trpcPost('staff.proposals.update', { proposalId: 1, name: 'X' }, headers),
    trpcPost('staff.proposals.reject', { proposalId: 1, reason: { text: 'Spam' } }, headers),
    trpcPost('staff.proposals.restore', { proposalId: 1 }, headers),
    trpcPost('staff.proposals.approve', { proposalId: 1 }, headers),
    trpcPost('staff.proposals.answer', { proposalId: 1, status: 'done', statement: { de: 'a', en: 'b' } }, headers),
    trpcPost('staff.proposals.merge', { proposalId: 1, into: 2 }, headers),
    trpcGet('staff.screen.list', undefined, headers),
    trpcPost('staff.screen.add', { lang: 'de', word: 'x' }, headers),
    trpcPost('staff.screen.remove', { lang: 'de', word: 'x' }, headers),
    trpcGet('staff.screen.allowList', undefined, headers),
    trpcPost('staff.screen.allowAdd', { word: 'x' }, headers),
    trpcPost('staff.screen.allowRemove', { word: 'x' }, headers),
    trpcGet('staff.audit.list', {}, headers),
    trpcGet('staff.audit.csv', { lang: 'de' }, headers),
    trpcPost('staff.audit.redact', { entryId: 1, text: 'xyz' }, headers),
    trpcGet('staff.outbox.list', undefined, headers),
    trpcPost('staff.outbox.retry', { notificationId: 1 }, headers),
    trpcGet('staff.accessibilityFeedback.list', undefined, headers),
    // The desk.
    trpcGet('staff.categories', undefined, headers),
    trpcGet('staff.reasons.list', undefined, headers),
    trpcPost('staff.reasons.add', { de: 'x', en: 'x' }, headers),
    trpcPost('staff.reasons.update', { id: 1, de: 'x', en: 'x' }, headers),
    trpcPost('staff.reasons.remove', { id: 1 }, headers),
    // Photos.
    trpcGet('staff.photos.list', { status: 'pending' }, headers),
    trpcPost('staff.photos.approve', { photoId: '00000000-0000-4000-8000-000000000000' }, headers),
    trpcPost('staff.photos.reject', { photoId: '00000000-0000-4000-8000-000000000000', reason: 'Grund' }, headers),
    trpcPost('staff.photos.rotate', { photoId: '00000000-0000-4000-8000-000000000000', degrees: 90 }, headers),
    trpcPost('staff.photos.remove', { photoId: '00000000-0000-4000-8000-000000000000' }, headers),
    // "Wo ist das?": citizens' places.
    { method: 'GET' as const, url: routes.staffPlaces.path, headers },
    trpcGet('staff.places.list', undefined, headers),
    trpcPost('staff.places.confirm', { monumentId: MON, suggestionId: 1, lat: 48.3, lng: 14.29 }, headers),
    trpcPost('staff.places.reject', { monumentId: MON }, headers),
    // The vote review.
    trpcGet('votes.alerts', undefined, headers),
    trpcGet('votes.review', { proposalId: 1 }, headers),
    trpcPost('votes.preview', { proposalId: 1, body: { filter: {}, action: 'invalidate' } }, headers),
    trpcPost('votes.decide', { proposalId: 1, body: { filter: {}, action: 'invalidate', reason: 'Grund' } }, headers),
    trpcPost('votes.releaseMail', { notificationId: 1 }, headers),
  ];
}

async function signIn(token: string, ip = '203.0.113.5') {
  return t.app.inject({ ...trpcPost('staff.session.signIn', { token }), remoteAddress: ip });
}
const sessionCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'staff_session')?.value;

describe(`staff access on ${DB_KIND}`, () => {
  it('the list of staff calls covers every staff procedure but sign-in and sign-out (open to anyone)', () => {
    const staffOnly = ['votes.alerts', 'votes.review', 'votes.preview', 'votes.decide', 'votes.releaseMail'];
    const procedures = Object.keys(appRouter._def.procedures).filter(
      (p) => (p.startsWith('staff.') || staffOnly.includes(p)) && !['staff.session.signIn', 'staff.session.signOut'].includes(p),
    );
    const called = new Set(staffCalls({}).map((c) => /^\/trpc\/([\w.]+)/.exec(c.url)?.[1]));
    expect(procedures.filter((p) => !called.has(p))).toEqual([]);
    expect(procedures.length).toBeGreaterThanOrEqual(16);
  });

  it('refuses no token, a wrong one, an expired session, a revoked token and a voter cookie: 401 JSON, nothing changed', async () => {
    // A proposal so that every action would have something to change.
    await t.database.rows(sql`INSERT INTO proposals (monument_id, name, emoji) VALUES (${MON}, 'P', 'x')`);
    const token = await newStaff(t.database, 'Anna');
    const session = sessionCookie(await signIn(token));
    expect(session).toBeTruthy();
    await t.database.rows(sql`UPDATE staff_sessions SET expires_at = now() - interval '1 second'`);
    const revoked = await newStaff(t.database, 'Bert');
    await revokeStaff(t.database, 'Bert');
    const before = await snapshotRows(t.database);
    const variants: Record<string, Record<string, string>> = {
      none: {},
      wrong: bearer('x'.repeat(43)),
      malformed: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      expired: { cookie: `staff_session=${session}` },
      revoked: bearer(revoked),
      voter: browser(t.app, 'citizen'),
    };
    for (const [name, headers] of Object.entries(variants)) {
      for (const req of staffCalls(headers)) {
        const res = await t.app.inject(req);
        expect(res.statusCode, `${name} ${req.method} ${req.url}: ${res.body}`).toBe(401);
        expect(res.headers['content-type']).toMatch(/json/);
        const body = JSON.parse(res.body) as { message?: string; error?: { message: string } };
        expect(body.message ?? body.error?.message).toEqual(expect.any(String));
      }
    }
    expect(await snapshotRows(t.database)).toEqual(before);
  });

  it('a token works as bearer; sign-in sets a strict HttpOnly 12 h cookie; sign-out ends the session on the server', async () => {
    const token = await newStaff(t.database, 'Clara');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const [stored] = await t.database.rows<{ token_hash: string }>(sql`SELECT token_hash FROM staff`);
    expect(stored?.token_hash).toBe(sha256(token));
    expect(dataOf<StaffMe>(await t.app.inject(trpcGet('staff.session.me', undefined, bearer(token))))).toEqual({
      name: 'Clara',
    });
    const res = await signIn(token);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'staff_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 12 * 3600 });
    expect(cookie.secure).toBeFalsy();
    const [row] = await t.database.rows<{ id_hash: string; hours: number }>(
      sql`SELECT id_hash, round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM staff_sessions`,
    );
    expect(row).toEqual({ id_hash: sha256(cookie.value), hours: 12 });
    const withCookie = { cookie: `staff_session=${cookie.value}` };
    expect((await t.app.inject(trpcGet('staff.session.me', undefined, withCookie))).statusCode).toBe(200);
    const out = await t.app.inject(trpcPost('staff.session.signOut', undefined, withCookie));
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'staff_session')?.value).toBe('');
    // The old cookie is dead on the server, not just cleared in the browser.
    expect((await t.app.inject(trpcGet('staff.session.me', undefined, withCookie))).statusCode).toBe(401);
  });

  it('the cookie is Secure over https', async () => {
    const token = await newStaff(t.database, 'Dora');
    const res = await t.app.inject({
      ...trpcPost('staff.session.signIn', { token }),
      headers: { ...json, 'x-forwarded-proto': 'https' },
    });
    // Without a trusted proxy, the protocol is the connection's: plain http here.
    expect(res.cookies.find((c) => c.name === 'staff_session')?.secure).toBeFalsy();
    const proxied = await testApp({ TRUST_PROXY: '1' });
    try {
      const token2 = await newStaff(proxied.database, 'Dora');
      const viaHttps = await proxied.app.inject({
        ...trpcPost('staff.session.signIn', { token: token2 }),
        headers: { ...json, 'x-forwarded-proto': 'https' },
      });
      expect(viaHttps.cookies.find((c) => c.name === 'staff_session')?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('revoking a member ends their sessions and token at once', async () => {
    const token = await newStaff(t.database, 'Emil');
    const session = sessionCookie(await signIn(token))!;
    expect(
      (await t.app.inject({ url: routes.staffQueue.path, headers: { cookie: `staff_session=${session}` } })).statusCode,
    ).toBe(200);
    await revokeStaff(t.database, 'Emil');
    expect(
      (await t.app.inject({ url: routes.staffQueue.path, headers: { cookie: `staff_session=${session}` } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: routes.staffQueue.path, headers: bearer(token) })).statusCode).toBe(401);
    const [ended] = await t.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM staff_sessions WHERE ended_at IS NOT NULL`,
    );
    expect(ended?.n).toBe(1);
    const log = await t.database.rows<{ actor: string; action: string; item_id: string; after: string }>(
      sql`SELECT actor, action, item_id, after::text AS after FROM audit_log WHERE item_kind = 'staff' ORDER BY id`,
    );
    expect(log.map((e) => [e.actor, e.action, e.item_id])).toEqual([
      ['system', 'staff.add', 'Emil'],
      ['system', 'staff.revoke', 'Emil'],
    ]);
    expect(JSON.parse(log[1]?.after ?? '{}')).toMatchObject({ revoked: true, endedSessions: 1 });
  });

  it('limits failed sign-ins per address: 429 with Retry-After, even for the right token; other addresses unaffected', async () => {
    const token = await newStaff(t.database, 'Fritz');
    for (let i = 0; i < SIGN_IN_LIMIT; i++) expect((await signIn(`wrong-${i}`)).statusCode).toBe(401);
    const limited = await signIn(token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.database.rows(sql`SELECT 1 FROM staff_sessions`)).toHaveLength(0);
    expect((await signIn(token, '198.51.100.7')).statusCode).toBe(200);
  });

  it('never logs a token or a session id', async () => {
    const token = await newStaff(t.database, 'Greta');
    const res = await signIn(token);
    const session = sessionCookie(res)!;
    await t.app.inject({ url: routes.staffQueue.path, headers: bearer(token) });
    await t.app.inject({ url: routes.staffQueue.path, headers: { cookie: `staff_session=${session}` } });
    await t.app.inject({ url: routes.staffQueue.path, headers: bearer(`${token}x`) });
    await signIn(`${token}y`);
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(3);
    expect(log).not.toContain(token);
    expect(log).not.toContain(session);
    expect(log).not.toContain(sha256(token));
  });
});
