// Staff sign-in with the city's accounts, against a real OpenID provider (panva's oidc-provider in
// its own process, packages/test-peers/src/oidc-idp.ts) and a browser that keeps cookies: /api/oidc/start → the
// provider's sign-in page → its answer at /api/oidc/callback → /admin. Success makes (once) a
// member, audited, and the same session as a token sign-in; every refusal leaves no session and
// no staff row. Plus the settings: off by default, half-set refused at start.
import { createHash } from 'node:crypto';
import { type StaffMe } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { isStaff } from '../../src/domain/staff/oidc.js';
import { revokeStaff } from '../../src/domain/staff/staff.js';
import { loggerOptions } from '../../src/logging.js';
import { DB_KIND, freshDatabase, testApp } from '../support/harness.js';
import { Browser, startIdp } from '../support/oidc-helpers.js';
import { IDP_CLIENT, IDP_ID_TOKEN_SECONDS, IDP_STAFF_GROUP } from '@linz/test-peers/oidc-idp';
import { dataOf, trpcGet } from '../support/staff-helpers.js';

const PUBLIC_URL = 'http://denkmal.test';
const CALLBACK = `${PUBLIC_URL}/api/oidc/callback`;

let idp: Awaited<ReturnType<typeof startIdp>>;
beforeAll(async () => {
  // The seeded database template is made once per run: here, not inside the first test's time.
  const primed = freshDatabase().then(({ database }) => database.close());
  idp = await startIdp(CALLBACK);
  await primed;
});
afterAll(() => idp?.stop());

type T = Awaited<ReturnType<typeof testApp>> & { lines: string[] };
let t: T | undefined;
afterEach(async (ctx) => {
  vi.useRealTimers();
  if (ctx.task.result?.state === 'fail') console.error(t?.lines.join('\n'));
  await t?.close();
  t = undefined;
});

/** An app whose staff sign in at the test provider; the group rule unless other rules are given. */
async function appWith(rules: Record<string, string> = { OIDC_STAFF_CLAIM: `groups=${IDP_STAFF_GROUP}` }) {
  const lines: string[] = [];
  const app = await testApp(
    {
      LOG_LEVEL: 'info',
      PUBLIC_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: IDP_CLIENT.id,
      OIDC_CLIENT_SECRET: IDP_CLIENT.secret,
      ...rules,
    },
    { logger: loggerOptions('info', { write: (l: string) => lines.push(l) }) },
  );
  t = { ...app, lines };
  return t;
}

/** The messages of the app's log lines. */
const messages = () => t!.lines.map((l) => (JSON.parse(l) as { msg: string }).msg);

const browser = () => new Browser(t!.app, PUBLIC_URL);

async function counts() {
  const [row] = await t!.database.rows<{ staff: number; sessions: number; audit: number }>(
    sql`SELECT (SELECT count(*)::int FROM staff) AS staff, (SELECT count(*)::int FROM staff_sessions) AS sessions,
               (SELECT count(*)::int FROM audit_log) AS audit`,
  );
  return { staff: Number(row?.staff), sessions: Number(row?.sessions), audit: Number(row?.audit) };
}

/** The staff member the browser's session cookie belongs to (staff.session.me), or the status. */
async function me(b: Browser): Promise<string | number> {
  const res = await t!.app.inject(trpcGet('staff.session.me', undefined, b.appCookies()));
  return res.statusCode === 200 ? dataOf<StaffMe>(res).name : res.statusCode;
}

/** The state, nonce and PKCE verifier the browser carries in its signed transaction cookie. */
function transactionIn(b: Browser): { state: string; nonce: string; verifier: string } {
  const unsigned = t!.app.unsignCookie(decodeURIComponent(b.cookies(PUBLIC_URL).get('oidc_tx') ?? ''));
  expect(unsigned.valid).toBe(true);
  return JSON.parse(unsigned.value ?? '') as { state: string; nonce: string; verifier: string };
}

/** A refusal as the browser sees it: back at /admin with the reason, no session cookie, nothing written. */
async function expectRefused(b: Browser, callback: URL, reason: 'denied' | 'failed', before: Awaited<ReturnType<typeof counts>>) {
  const res = await b.request(callback.href);
  expect(res.status).toBe(302);
  expect(res.location).toBe(`/admin?oidc=${reason}`);
  expect(b.cookies(PUBLIC_URL).has('staff_session')).toBe(false);
  expect(await me(b)).toBe(401);
  expect(await counts()).toEqual(before);
}

describe(`staff sign-in with the city's accounts on ${DB_KIND}`, () => {
  it('a first sign-in makes the member (audited) and a working session; a second reuses the member', async () => {
    await appWith();
    const before = await counts();
    const b = browser();
    const callback = await b.toCallback('anna');
    // The provider answered with a code and our state; the checks are ours to make.
    expect([...callback.searchParams.keys()].sort()).toEqual(['code', 'iss', 'state']);
    expect(b.cookies(PUBLIC_URL).has('oidc_tx')).toBe(true);
    const res = await b.request(callback.href);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/admin');
    expect(b.cookies(PUBLIC_URL).has('staff_session')).toBe(true);
    expect(b.cookies(PUBLIC_URL).has('oidc_tx')).toBe(false); // one use
    expect(await me(b)).toBe('Anna Beispiel');
    const queue = await t!.app.inject({ url: '/api/staff/queue', headers: b.appCookies() });
    expect(queue.statusCode).toBe(200);

    const [member] = await t!.database.rows<{
      name: string;
      token_hash: string | null;
      oidc_issuer: string;
      oidc_subject: string;
    }>(sql`SELECT name, token_hash, oidc_issuer, oidc_subject FROM staff`);
    expect(member).toEqual({ name: 'Anna Beispiel', token_hash: null, oidc_issuer: idp.issuer, oidc_subject: 'anna' });
    const audit = await t!.database.rows<{ actor: string; action: string; item_id: string; after: string }>(
      sql`SELECT actor, action, item_id, after::text AS after FROM audit_log ORDER BY id`,
    );
    expect(audit.map((a) => ({ ...a, after: JSON.parse(a.after) as unknown }))).toEqual([
      {
        actor: 'system',
        action: 'staff.add',
        item_id: 'Anna Beispiel',
        after: { name: 'Anna Beispiel', signIn: 'oidc', issuer: idp.issuer },
      },
    ]);
    expect(await counts()).toEqual({ staff: before.staff + 1, sessions: before.sessions + 1, audit: before.audit + 1 });

    // Another browser, the same account: the same member, a second session, no new audit entry.
    const other = browser();
    expect((await other.request((await other.toCallback('anna')).href)).location).toBe('/admin');
    expect(await me(other)).toBe('Anna Beispiel');
    expect(await counts()).toEqual({ staff: before.staff + 1, sessions: before.sessions + 2, audit: before.audit + 1 });

    // Neither the provider's code nor our state reached the log; e-mail addresses never do.
    const log = t!.lines.join('\n');
    // The request line names the path without its query (logging.ts).
    expect(log).toContain('"path":"/api/oidc/callback"');
    expect(log).not.toContain(callback.searchParams.get('code')!);
    expect(log).not.toContain(callback.searchParams.get('state')!);
    expect(log).not.toMatch(/linz\.example|anna\.beispiel/);
  });

  it('a wrong state is refused; so is an answer to a browser that did not start the sign-in', async () => {
    await appWith();
    const before = await counts();
    const b = browser();
    const callback = await b.toCallback('anna');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'x'.repeat(43));
    await expectRefused(b, forged, 'failed', before);
    // The attacker's own browser with the victim's answer: it carries no transaction cookie.
    const stranger = browser();
    const fresh = await b.toCallback('anna');
    await expectRefused(stranger, fresh, 'failed', before);
    expect(messages()).toContainEqual(expect.stringMatching(/^staff sign-in refused: .*unexpected "state"/));
  });

  it("sends PKCE (S256), state and nonce; an ID token whose nonce is not this browser's is refused", async () => {
    await appWith();
    const before = await counts();
    const b = browser();
    const start = await b.request(`${PUBLIC_URL}/api/oidc/start`);
    const auth = new URL(start.location!);
    expect(auth.origin).toBe(idp.issuer);
    const tx = transactionIn(b);
    expect(auth.searchParams.get('response_type')).toBe('code');
    expect(auth.searchParams.get('state')).toBe(tx.state);
    expect(auth.searchParams.get('nonce')).toBe(tx.nonce);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toBe(createHash('sha256').update(tx.verifier).digest('base64url'));
    expect(tx.verifier).not.toBe(tx.state);

    // The same transaction with another nonce (signed with the app's key, as only the app can):
    // state and verifier still match, so only the nonce check stands between it and a session.
    const c = browser();
    const callback = await c.toCallback('anna');
    const other = { ...transactionIn(c), nonce: 'n'.repeat(43) };
    c.cookies(PUBLIC_URL).set('oidc_tx', encodeURIComponent(t!.app.signCookie(JSON.stringify(other))));
    await expectRefused(c, callback, 'failed', before);
    expect(messages()).toContainEqual(expect.stringMatching(/^staff sign-in refused: .*"nonce"/));
  });

  it('a replayed code is refused, even with the transaction cookie kept', async () => {
    await appWith();
    const b = browser();
    const callback = await b.toCallback('anna');
    const transaction = b.cookies(PUBLIC_URL).get('oidc_tx')!;
    expect((await b.request(callback.href)).location).toBe('/admin');
    const after = await counts();
    // The same browser again: its transaction was used up.
    await expectRefusedKeepingSession(b, callback, after);
    // An attacker who copied the cookie and the answer: the provider refuses the used code.
    const replay = browser();
    replay.cookies(PUBLIC_URL).set('oidc_tx', transaction);
    await expectRefused(replay, callback, 'failed', after);
    expect(t!.lines.join('\n')).toMatch(/"code":"invalid_grant"/);
  });

  it('an expired ID token is refused (our clock an ID-token lifetime and more ahead of the provider)', async () => {
    await appWith();
    const before = await counts();
    const b = browser();
    const callback = await b.toCallback('anna');
    // Only our process's Date moves; the provider runs in its own process, so the code itself is still good.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (IDP_ID_TOKEN_SECONDS + 120) * 1000 });
    await expectRefused(b, callback, 'failed', before);
    vi.useRealTimers();
    expect(messages()).toContainEqual(
      expect.stringMatching(/^staff sign-in refused: .*unexpected JWT "exp" \(expiration time\) claim value/),
    );
  });

  it('someone outside the staff group is refused: no member, no session', async () => {
    await appWith();
    const before = await counts();
    const b = browser();
    await expectRefused(b, await b.toCallback('bert'), 'denied', before);
    // Cancelling at the provider comes back as an error answer: refused too.
    const c = browser();
    const page = await c.follow(`${PUBLIC_URL}/api/oidc/start`);
    const cancelled = await c.request(page.url, { method: 'POST', form: { cancel: '1' } });
    const back = await c.follow(new URL(cancelled.location!, cancelled.url).href);
    expect(back.url).toMatch(/\/admin\?oidc=failed$/);
    expect(await counts()).toEqual(before);
  });

  it('the domain rule takes only verified addresses of the listed domains; names fall back to the user name', async () => {
    await appWith({ OIDC_ALLOWED_DOMAINS: 'elsewhere.example, @Linz.Example' });
    const before = await counts();
    const carla = browser();
    await expectRefused(carla, await carla.toCallback('carla'), 'denied', before); // unverified address
    const bert = browser();
    expect((await bert.request((await bert.toCallback('bert')).href)).location).toBe('/admin');
    expect(await me(bert)).toBe('Bert Außen');
    await t!.close();
    // Group rule: carla is in the group; she has no name, so her user name is used.
    await appWith();
    const again = browser();
    expect((await again.request((await again.toCallback('carla')).href)).location).toBe('/admin');
    expect(await me(again)).toBe('carla');
  });

  it('both rules set: both must hold', async () => {
    await appWith({ OIDC_STAFF_CLAIM: `groups=${IDP_STAFF_GROUP}`, OIDC_ALLOWED_DOMAINS: 'elsewhere.example' });
    const before = await counts();
    const anna = browser(); // in the group, another domain
    await expectRefused(anna, await anna.toCallback('anna'), 'denied', before);
    const bert = browser(); // the domain, not in the group
    await expectRefused(bert, await bert.toCallback('bert'), 'denied', before);
  });

  it('a revoked member cannot sign in with the city account either; a namesake gets a name of their own', async () => {
    await appWith();
    const b = browser();
    await b.request((await b.toCallback('anna')).href);
    await revokeStaff(t!.database, 'Anna Beispiel');
    expect(await me(b)).toBe(401);
    const before = await counts();
    const again = browser();
    await expectRefused(again, await again.toCallback('anna'), 'denied', before);
    const namesake = browser();
    expect((await namesake.request((await namesake.toCallback('anna2')).href)).location).toBe('/admin');
    expect(await me(namesake)).toBe('Anna Beispiel (2)');
  });

  it('is off by default: the routes answer 404 JSON', async () => {
    t = { ...(await testApp()), lines: [] };
    for (const url of ['/api/oidc/start', '/api/oidc/callback?code=a&state=b']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.body)).toEqual({
        message: "Sign-in with the city's accounts is not configured here.",
        code: 'NOT_FOUND',
      });
    }
    expect(t.config.oidc).toBeUndefined();
    expect((JSON.parse((await t.app.inject({ url: '/api/config' })).body) as { staffOidc: boolean }).staffOidc).toBe(false);
  });
});

/** A second visit of a used answer by the browser that is signed in: refused, its session stays. */
async function expectRefusedKeepingSession(b: Browser, callback: URL, before: Awaited<ReturnType<typeof counts>>) {
  const res = await b.request(callback.href);
  expect(res.location).toBe('/admin?oidc=failed');
  expect(await counts()).toEqual(before);
}

describe('OIDC settings', () => {
  const core = { OIDC_ISSUER: 'https://login.linz.example/realms/stadt', OIDC_CLIENT_ID: 'denkmal', OIDC_CLIENT_SECRET: 's' };
  const group = { OIDC_STAFF_CLAIM: 'groups=denkmal-staff' };

  it('are off unless issuer, client id and secret are all set; the redirect URI follows PUBLIC_URL', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(loadConfig({ ...core, ...group, PUBLIC_URL: 'https://denkmal.linz.example/' }).oidc).toEqual({
      issuer: core.OIDC_ISSUER,
      clientId: 'denkmal',
      clientSecret: 's',
      redirectUri: 'https://denkmal.linz.example/api/oidc/callback',
      staffClaim: { claim: 'groups', value: 'denkmal-staff' },
      allowedDomains: undefined,
    });
  });

  it('refuses a half-set configuration with a message naming what is missing', () => {
    expect(() => loadConfig({ OIDC_ISSUER: core.OIDC_ISSUER, ...group })).toThrow(
      /OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: required with OIDC_ISSUER/,
    );
    expect(() => loadConfig({ ...core })).toThrow(/OIDC_STAFF_CLAIM or OIDC_ALLOWED_DOMAINS: required/);
    expect(() => loadConfig({ ...core, OIDC_STAFF_CLAIM: 'groups' })).toThrow(/the claim and the value it must contain/);
    expect(() => loadConfig({ ...core, OIDC_STAFF_CLAIM: 'groups=' })).toThrow(/e\.g\. groups=denkmal-staff/);
    expect(() => loadConfig({ ...group })).toThrow(/set only with OIDC_ISSUER/);
    expect(() => loadConfig({ ...core, ...group, OIDC_ISSUER: 'http://login.linz.example' })).toThrow(/must be an https/);
    expect(() => loadConfig({ ...core, OIDC_ALLOWED_DOMAINS: 'linz at' })).toThrow(/OIDC_ALLOWED_DOMAINS: a comma-separated/);
    expect(loadConfig({ ...core, OIDC_ALLOWED_DOMAINS: ' Linz.gv.at ,@magistrat.linz.at' }).oidc?.allowedDomains).toEqual([
      'linz.gv.at',
      'magistrat.linz.at',
    ]);
  });

  it('staff: the claim holds the value (a list contains it); the domain needs a verified address', () => {
    const claims = (c: Record<string, unknown>) => ({ iss: 'i', sub: 's', ...c });
    const byGroup = { staffClaim: { claim: 'groups', value: 'staff' }, allowedDomains: undefined };
    expect(isStaff(byGroup, claims({ groups: ['a', 'staff'] }))).toBe(true);
    expect(isStaff(byGroup, claims({ groups: 'staff' }))).toBe(true);
    expect(isStaff(byGroup, claims({ groups: ['staffs'] }))).toBe(false);
    expect(isStaff(byGroup, claims({}))).toBe(false);
    const byDomain = { staffClaim: undefined, allowedDomains: ['linz.at'] };
    expect(isStaff(byDomain, claims({ email: 'A@LINZ.AT', email_verified: true }))).toBe(true);
    expect(isStaff(byDomain, claims({ email: 'a@linz.at', email_verified: 'true' }))).toBe(false);
    expect(isStaff(byDomain, claims({ email: 'a@evil.linz.at', email_verified: true }))).toBe(false);
    expect(isStaff(byDomain, claims({ email: 'a@linz.at.evil', email_verified: true }))).toBe(false);
  });
});
