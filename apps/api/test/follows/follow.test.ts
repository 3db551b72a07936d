// Following a proposal by e-mail on both databases: double opt-in, the rules for bad
// input and limits, the follower mails as a real SMTP peer receives them (parsed with mailparser),
// one-click unsubscribe (RFC 8058), SMTP down and a crashed sender.
import { FollowConfirmed, FollowPending, pathOf, routes, Unsubscribed } from '@linz/contract';

/** The Linz profile's site name (cities/linz/city.json). */
const PRODUCT_NAME = 'Denk·Mal Linz';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { markRetry } from '../../src/mail/outbox.js';
import { claimDueFollowerMails } from '../../src/mail/outbox-mails.js';
import { createOutboxSender } from '../../src/mail/sender.js';
import { smtpTransport } from '../../src/mail/transport.js';
import type { ConfigOptions } from '../../src/config.js';
import { followApp, header, PUBLIC_URL, received, tokenIn, type FollowApp } from '../support/follow-helpers.js';
import { browser, DB_KIND, expectAnswer, json } from '../support/harness.js';
import { trpcPost } from '../support/staff-helpers.js';
import { startSmtpPeer } from '@linz/test-peers/smtp';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function app(config: ConfigOptions = {}): Promise<FollowApp> {
  const a = await followApp({}, { config });
  cleanups.push(() => a.close());
  return a;
}

const MINUTE = 60_000;
/** The formal address ("Sie", "Ihre"): the city's side only, never a citizen's mail. */
const FORMAL = /\b(Sie|Ihre?[mnrs]?)\b/;
const unsubscribeOf = (m: { headers: Map<string, unknown> } & Parameters<typeof header>[0]) =>
  /<([^>]+)>/.exec(header(m, 'list-unsubscribe'))?.[1] ?? '';

describe(`follow a proposal by e-mail on ${DB_KIND}`, () => {
  it('a follow answers 202 and sends one German confirmation mail; the button confirms, a second use and a GET do not', async () => {
    const a = await app();
    const id = await a.proposal('Eine Linde für alle');
    const res = await a.follow(id, { email: 'anna@example.org', lang: 'de' });
    expect(expectAnswer(res, 202, FollowPending)).toEqual({ pending: true });
    await a.drain();
    const mails = await received(a.smtp!);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.envelopeTo).toEqual(['anna@example.org']);
    expect(mail.subject).toContain('Bitte bestätigen');
    // The proposal's name is a visitor's text: in the body, marked as such, not in the subject.
    expect(mail.text).toContain('„Eine Linde für alle“ (so von jemandem auf der Karte eingegeben)');
    expect(mail.text).toContain(`${PUBLIC_URL}/follow/confirm?token=`);
    expect(mail.text).toContain(`${PUBLIC_URL}/monuments/${encodeURIComponent(a.monumentId)}?proposal=${id}`);
    expect(mail.text).toContain(`weil auf der Karte ${PRODUCT_NAME} diese Adresse zum Folgen eingegeben wurde`);
    // The app's register ("du", as the follow dialog that asked for the address).
    expect(mail.text).toContain('Du (oder jemand mit deiner Adresse) möchtest');
    expect(mail.text).not.toMatch(FORMAL);
    expect(mail.html).toContain('<a href=');
    expect(unsubscribeOf(mail)).toMatch(new RegExp(`^${PUBLIC_URL}/api/follow/unsubscribe\\?token=[A-Za-z0-9_-]+$`));
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const token = tokenIn(mail.text ?? '', '/follow/confirm');
    // Nothing in the database holds the address's token or the token itself in the clear.
    const [row] = await a.database.rows<{ status: string; confirm_token_hash: string; email_hash: string }>(
      sql`SELECT status, confirm_token_hash, email_hash FROM follows`,
    );
    expect(row?.status).toBe('pending');
    expect(row?.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.confirm_token_hash).not.toContain(token);
    expect(row?.email_hash).not.toContain('anna');
    // A GET (a mail scanner opening the link) confirms nothing.
    const get = await a.app.inject({ method: 'GET', url: `${routes.followConfirm.path}?token=${token}` });
    expect(get.statusCode).toBe(404);
    expect(await a.count('follows', sql`status = 'confirmed'`)).toBe(0);
    expect(expectAnswer(await a.confirm(token), 200, FollowConfirmed)).toEqual({ following: true, proposalId: id });
    const again = await a.confirm(token);
    expect(again.statusCode).toBe(404);
    expect((JSON.parse(again.body) as { message: string }).message).toMatch(/unknown, was used already or has expired/);
    expect(await a.count('follows', sql`status = 'confirmed'`)).toBe(1);
    // Until now the address got nothing but the one confirmation mail.
    expect(a.smtp!.messages).toHaveLength(1);
  });

  it('an expired (48 h) or unknown token is 404 and changes nothing; an English follow gets English mail', async () => {
    const a = await app();
    const id = await a.proposal();
    await a.follow(id, { email: 'ben@example.org', lang: 'en' });
    await a.drain();
    const [mail] = await received(a.smtp!);
    expect(mail?.subject).toContain('Please confirm');
    expect(mail?.text).toContain('within 48 hours');
    // The link works 48 hours from the request.
    const [ttl] = await a.database.rows<{ s: number | string }>(
      sql`SELECT extract(epoch FROM confirm_expires_at - created_at)::float8 AS s FROM follows`,
    );
    expect(Math.abs(Number(ttl?.s) - 48 * 3600)).toBeLessThan(60);
    await a.database.rows(sql`UPDATE follows SET confirm_expires_at = now() - interval '1 second'`);
    const res = await a.confirm(tokenIn(mail?.text ?? '', '/follow/confirm'));
    expect(res.statusCode).toBe(404);
    expect((await a.confirm('x'.repeat(43))).statusCode).toBe(404);
    expect((await a.confirm('short')).statusCode).toBe(400);
    expect(await a.count('follows', sql`status = 'confirmed'`)).toBe(0);
  });

  it('202 whatever the state: a confirmed address gets no mail, and one address at most 3 confirmation mails a day', async () => {
    const a = await app();
    const [p, q] = [await a.proposal(), await a.proposal()];
    await a.followConfirmed(p, 'carla@example.org');
    expect(a.smtp!.messages).toHaveLength(1);
    expect(expectAnswer(await a.follow(p, { email: 'carla@example.org', lang: 'de' }), 202, FollowPending)).toEqual({
      pending: true,
    });
    await a.drain();
    expect(a.smtp!.messages).toHaveLength(1);
    // Two more for another proposal make three in the day; the fourth and fifth are answered alike and send nothing.
    for (let i = 0; i < 4; i++) expect((await a.follow(q, { email: 'CARLA@example.org', lang: 'de' })).statusCode).toBe(202);
    await a.drain();
    expect(a.smtp!.messages).toHaveLength(3);
    // The last mailed link is the valid one; an earlier one no longer confirms.
    const mails = await received(a.smtp!);
    expect((await a.confirm(tokenIn(mails[1]?.text ?? '', '/follow/confirm'))).statusCode).toBe(404);
    expect((await a.confirm(tokenIn(mails[2]?.text ?? '', '/follow/confirm'))).statusCode).toBe(200);
    expect(await a.count('follows')).toBe(2);
  });

  it('one inbox however it is spelt: 12 spellings of a Gmail address, follows and a vote confirmation, get 3 mails in all; subjects name no proposal', async () => {
    const a = await app();
    const spam = 'Gratis 500 € Gutschein';
    const [p, q] = [await a.proposal(spam), await a.proposal('Eine Linde')];
    const spellings = [
      'opfer@gmail.com',
      'Opfer@Gmail.com',
      'o.pfer@gmail.com',
      'op.f.er@gmail.com',
      'opfer+1@gmail.com',
      'opfer+gratis@gmail.com',
      'opfer@googlemail.com',
      'O.P.F.E.R@googlemail.com',
      'opfer+x@googlemail.com',
      'o.pfer+y@gmail.com',
      'OPFER+Z@GMAIL.COM',
      'op.fer@googlemail.com',
    ];
    // Each from its own browser and address, so that only the inbox's cap can hold them.
    for (const [k, email] of spellings.entries()) {
      expect((await a.follow(k % 2 ? p : q, { email, lang: 'de' }, `spelling-${k}`, `198.51.100.${k + 1}`)).statusCode).toBe(202);
    }
    // A vote confirmation to the same inbox shares the cap.
    const voted = await a.app.inject({
      method: 'POST',
      url: pathOf(routes.castVote.path, { proposalId: p }),
      headers: { ...json, ...browser(a.app, 'voter-opfer') },
      remoteAddress: '198.51.100.99',
      payload: { monumentId: a.monumentId, action: 'vote' },
    });
    expect(voted.statusCode, voted.body).toBe(200);
    const confirm = await a.app.inject({
      method: 'POST',
      url: pathOf(routes.confirmVote.path, { proposalId: p }),
      headers: { ...json, ...browser(a.app, 'voter-opfer') },
      remoteAddress: '198.51.100.99',
      payload: { email: 'o.p.fer+vote@gmail.com', lang: 'de' },
    });
    expect(confirm.statusCode, confirm.body).toBe(202);
    await a.drain();
    const mails = await received(a.smtp!);
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      // Our words in the subject; the proposal's name only in the body, quoted and marked as a visitor's.
      expect(mail.subject).not.toContain('Gutschein');
      expect(mail.subject).not.toContain('Linde');
      expect(mail.subject).toBe(`${PRODUCT_NAME}: Bitte bestätigen: Du möchtest einem Vorschlag folgen`);
      expect(mail.text).toMatch(/„(Gratis 500 € Gutschein|Eine Linde)“ \(so von jemandem auf der Karte eingegeben\)/);
    }
  });

  it('bad input is 400 (or 413), unknown or hidden proposals 404, and nothing is stored', async () => {
    const a = await app();
    const id = await a.proposal();
    const bad: unknown[] = [
      { email: 'a@b.at\r\nBcc: x@y', lang: 'de' },
      { email: 'a@b.at\nBcc: x@y.at', lang: 'de' },
      { email: `${'a'.repeat(295)}@b.at`, lang: 'de' }, // 300 characters
      { email: 'аnna@example.org', lang: 'de' }, // Cyrillic а
      { email: 'anna@exаmple.org', lang: 'de' },
      { email: 'anna@example', lang: 'de' },
      { email: 'anna@example.org', lang: 'fr' },
      { email: 'anna@example.org' },
      { email: 'anna@example.org', lang: 'de', extra: 1 },
      [{ email: 'anna@example.org', lang: 'de' }],
      'null',
    ];
    for (const payload of bad) {
      const res = await a.follow(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((JSON.parse(res.body) as { message: string }).message).toBeTruthy();
    }
    const big = await a.follow(id, { email: 'anna@example.org', lang: 'de', pad: 'x'.repeat(64 * 1024) });
    expect(big.statusCode).toBe(413);
    expect((await a.follow(999_999, { email: 'anna@example.org', lang: 'de' })).statusCode).toBe(404);
    await a.database.rows(sql`UPDATE proposals SET moderation = 'hidden' WHERE id = ${id}`);
    expect((await a.follow(id, { email: 'anna@example.org', lang: 'de' })).statusCode).toBe(404);
    const form = await a.app.inject({
      method: 'POST',
      url: pathOf(routes.follow.path, { proposalId: id }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=anna%40example.org&lang=de',
    });
    expect(form.statusCode).toBe(415);
    await a.drain();
    expect(await a.count('follows')).toBe(0);
    expect(await a.count('follow_mails')).toBe(0);
    expect(a.smtp!.messages).toHaveLength(0);
  });

  it('tRPC answers as REST does (one schema in the contract): 202-like pending, 400 for a bad address, confirm and unsubscribe', async () => {
    const a = await app();
    const id = await a.proposal();
    const trpc = (path: string, input: unknown) =>
      a.app.inject({ ...trpcPost(path, input), headers: { ...json, ...browser(a.app, 'trpc-browser') } });
    const dataOf = (res: { body: string }) => (JSON.parse(res.body) as { result: { data: unknown } }).result.data;
    const asked = await trpc('follows.request', { proposalId: id, body: { email: 'tim@example.org', lang: 'en' } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(FollowPending.parse(dataOf(asked))).toEqual({ pending: true });
    for (const body of [
      { email: 'a@b.at\r\nBcc: x@y', lang: 'en' },
      { email: 'tim@example.org', lang: 'fr' },
    ]) {
      expect((await trpc('follows.request', { proposalId: id, body })).statusCode).toBe(400);
    }
    expect(
      (await trpc('follows.request', { proposalId: 999_999, body: { email: 'tim@example.org', lang: 'en' } })).statusCode,
    ).toBe(404);
    await a.drain();
    const [mail] = await received(a.smtp!);
    expect(mail?.envelopeTo).toEqual(['tim@example.org']);
    const confirmed = await trpc('follows.confirm', { token: tokenIn(mail?.text ?? '', '/follow/confirm') });
    expect(FollowConfirmed.parse(dataOf(confirmed))).toEqual({ following: true, proposalId: id });
    const token = new URL(unsubscribeOf(mail!)).searchParams.get('token');
    const ended = await trpc('follows.unsubscribe', { token });
    expect(Unsubscribed.parse(dataOf(ended))).toEqual({ unsubscribed: true, all: false });
    expect(await a.count('follows')).toBe(0);
  });

  it('the create limits apply per connection and per browser (429 with Retry-After)', async () => {
    const a = await app({ limits: { createsPer5Minutes: 3 } });
    const id = await a.proposal('P', 'someone');
    for (let i = 0; i < 2; i++)
      expect((await a.follow(id, { email: `d${i}@example.org`, lang: 'de' }, 'one', '198.51.100.1')).statusCode).toBe(202);
    // A third request from the same connection (another browser) uses up its limit of 3.
    expect((await a.follow(id, { email: 'd2@example.org', lang: 'de' }, 'two', '198.51.100.1')).statusCode).toBe(202);
    const limited = await a.follow(id, { email: 'd3@example.org', lang: 'de' }, 'three', '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // One browser from changing connections.
    for (let i = 0; i < 3; i++) {
      expect((await a.follow(id, { email: `e${i}@example.org`, lang: 'de' }, 'roaming', `192.0.2.${i + 1}`)).statusCode).toBe(
        202,
      );
    }
    const browserLimited = await a.follow(id, { email: 'e9@example.org', lang: 'de' }, 'roaming', '192.0.2.99');
    expect(browserLimited.statusCode).toBe(429);
    expect(browserLimited.headers['retry-after']).toBeDefined();
    expect(await a.count('follows')).toBe(6);
  });

  it('a status mail carries the history with its days and notes; an answer in one language is sent with a line that says so', async () => {
    const a = await app();
    const id = await a.proposal('Eine Bank');
    await a.followConfirmed(id, 'de@example.org', 'de');
    await a.followConfirmed(id, 'en@example.org', 'en');
    await a.drain();
    const before = a.smtp!.messages.length;
    const put = (payload: object) =>
      a.staff('staff.proposals.answer', { proposalId: id, ...payload }).then((r) => expect(r.statusCode).toBe(200));
    await put({ status: 'in_review', statement: { de: 'Wir prüfen das.' }, note: 'Im Kulturausschuss beraten' });
    await a.drain();
    const mails = (await received(a.smtp!)).slice(before);
    const de = mails.find((m) => m.envelopeTo[0] === 'de@example.org')!;
    const en = mails.find((m) => m.envelopeTo[0] === 'en@example.org')!;
    expect(de.text).toContain('Bisheriger Verlauf:');
    expect(de.text).toMatch(/- \d{1,2}\. \S+ \d{4}: in Prüfung – Im Kulturausschuss beraten/);
    expect(de.text).not.toContain('nur auf Englisch');
    expect(en.text).toContain('(The city answered in German only.)');
    expect(en.text).toContain('Wir prüfen das.');
    expect(en.text).toMatch(/- \d{1,2} \S+ \d{4}: under review – Im Kulturausschuss beraten/);
  });

  it('confirmed followers get one mail per status change, the statement in their language; the unconfirmed nothing', async () => {
    const a = await app();
    const id = await a.proposal('Ein Brunnen');
    await a.followConfirmed(id, 'de@example.org', 'de');
    await a.followConfirmed(id, 'en@example.org', 'en');
    await a.follow(id, { email: 'pending@example.org', lang: 'de' });
    await a.drain();
    const before = a.smtp!.messages.length;
    expect((await a.answer(id, 'in_review', 'Wir prüfen das.', 'We are looking into it.')).statusCode).toBe(200);
    await a.drain();
    // The same answer again is no change; a new statement is.
    expect((await a.answer(id, 'in_review', 'Wir prüfen das.', 'We are looking into it.')).statusCode).toBe(200);
    await a.drain();
    const first = (await received(a.smtp!)).slice(before);
    expect(first.map((m) => m.envelopeTo[0]).sort()).toEqual(['de@example.org', 'en@example.org']);
    const de = first.find((m) => m.envelopeTo[0] === 'de@example.org')!;
    const en = first.find((m) => m.envelopeTo[0] === 'en@example.org')!;
    expect(de.subject).toContain('in Prüfung');
    expect(de.text).toContain('Wir prüfen das.');
    expect(de.text).not.toContain('We are looking into it.');
    expect(de.text).toContain('weil du dem Vorschlag „Ein Brunnen“');
    expect(de.text).not.toMatch(FORMAL);
    // The HTML alternative links the map and both ways to stop, as the text names them.
    for (const link of [`${PUBLIC_URL}/monuments/`, `${PUBLIC_URL}/follow/unsubscribe?token=`]) {
      expect(de.html).toContain(`<a href="${link}`);
    }
    expect(de.html).toMatch(/<a href="[^"]+&amp;all=1">/);
    expect(en.subject).toContain('under review');
    expect(en.text).toContain('We are looking into it.');
    expect(en.text).toContain(`${PUBLIC_URL}/monuments/${encodeURIComponent(a.monumentId)}?proposal=${id}`);
    for (const m of [de, en]) {
      expect(unsubscribeOf(m)).toContain('/api/follow/unsubscribe?token=');
      expect(header(m, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    }
    expect((await a.answer(id, 'planned', 'Geplant für 2027.', 'Planned for 2027.')).statusCode).toBe(200);
    await a.drain();
    const second = (await received(a.smtp!)).slice(before + 2);
    expect(second).toHaveLength(2);
    expect(second.find((m) => m.envelopeTo[0] === 'de@example.org')?.text).toContain('Geplant für 2027.');
  });

  it('the mayor mail says how many follow; followers hear when it went out, once', async () => {
    const a = await app();
    const id = await a.proposal();
    await a.followConfirmed(id, 'f1@example.org');
    await a.followConfirmed(id, 'f2@example.org', 'en');
    const before = a.smtp!.messages.length;
    for (let i = 0; i < 11; i++) {
      const res = await a.app.inject({
        method: 'POST',
        url: pathOf(routes.castVote.path, { proposalId: id }),
        headers: { ...json, cookie: `voter=${a.app.signCookie(`voter-${i}`)}` },
        payload: { monumentId: a.monumentId, action: 'vote' },
      });
      expect(res.statusCode).toBe(200);
    }
    await a.drain();
    await a.drain();
    const mails = (await received(a.smtp!)).slice(before);
    const mayor = mails.filter((m) => m.envelopeTo[0] === 'mayor.office@linz.example');
    expect(mayor).toHaveLength(1);
    expect(mayor[0]?.text).toContain('Folgen per E-Mail: 2 Personen');
    expect(mayor[0]?.text).toContain('Following by e-mail: 2 people');
    const followers = mails.filter((m) => m.envelopeTo[0] !== 'mayor.office@linz.example');
    expect(followers.map((m) => m.envelopeTo[0]).sort()).toEqual(['f1@example.org', 'f2@example.org']);
    expect(followers.find((m) => m.envelopeTo[0] === 'f1@example.org')?.text).toContain('an das Büro des Bürgermeisters');
    expect(followers.find((m) => m.envelopeTo[0] === 'f2@example.org')?.text).toContain("sent by e-mail to the mayor's office");
  });

  it('one-click unsubscribe (form POST) ends that follow at once; all=1 every follow of the address; the address goes with its last follow', async () => {
    const a = await app();
    const [p, q, r] = [await a.proposal(), await a.proposal(), await a.proposal()];
    await a.followConfirmed(p, 'gina@example.org');
    await a.followConfirmed(q, 'gina@example.org');
    await a.followConfirmed(r, 'gina@example.org');
    await a.followConfirmed(p, 'hugo@example.org');
    await a.answer(p, 'in_review');
    await a.drain();
    const status = (await received(a.smtp!)).find(
      (m) => m.envelopeTo[0] === 'gina@example.org' && /geantwortet/.test(m.subject ?? ''),
    );
    const url = new URL(unsubscribeOf(status!));
    // A mail provider's one-click POST, from its own servers (another site's Origin is fine here).
    const res = await a.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(expectAnswer(res, 200, Unsubscribed)).toEqual({ unsubscribed: true, all: false });
    expect(await a.count('follows', sql`proposal_id = ${p} AND email = 'gina@example.org'`)).toBe(0);
    expect(await a.count('follows', sql`email = 'gina@example.org'`)).toBe(2);
    // Used again: 404, nothing else ends.
    const again = await a.app.inject({ method: 'POST', url: url.pathname + url.search, headers: json, payload: {} });
    expect(again.statusCode).toBe(404);
    // The next change reaches only Hugo.
    const before = a.smtp!.messages.length;
    await a.answer(p, 'planned');
    await a.drain();
    expect((await received(a.smtp!)).slice(before).map((m) => m.envelopeTo[0])).toEqual(['hugo@example.org']);
    // "Unsubscribe from everything" with the page's JSON button and another follow's token.
    const others = (await received(a.smtp!)).filter((m) => m.envelopeTo[0] === 'gina@example.org');
    const token = new URL(unsubscribeOf(others.at(-1)!)).searchParams.get('token') ?? '';
    const confirmMailOfQ = others.find((m) => m.text?.includes(`proposal=${q}`))!;
    const tokenQ = new URL(unsubscribeOf(confirmMailOfQ)).searchParams.get('token') ?? '';
    const all = await a.app.inject({
      method: 'POST',
      url: `${routes.followUnsubscribe.path}?token=${tokenQ}&all=1`,
      headers: json,
      payload: {},
    });
    expect(expectAnswer(all, 200, Unsubscribed)).toEqual({ unsubscribed: true, all: true });
    expect(token).not.toBe('');
    expect(await a.count('follows', sql`email = 'gina@example.org'`)).toBe(0);
    expect(await a.count('follows', sql`email = 'hugo@example.org'`)).toBe(1);
    const bad = await a.app.inject({
      method: 'POST',
      url: `${routes.followUnsubscribe.path}?token=%0d%0a`,
      headers: json,
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a removed proposal: its followers hear it once', async () => {
    const a = await app();
    const id = await a.proposal('Ein Denkmal für Spam');
    await a.followConfirmed(id, 'ida@example.org', 'en');
    const before = a.smtp!.messages.length;
    expect((await a.staff('staff.proposals.reject', { proposalId: id, reason: { text: 'Spam' } })).statusCode).toBe(200);
    expect((await a.staff('staff.proposals.restore', { proposalId: id })).statusCode).toBe(200);
    expect((await a.staff('staff.proposals.reject', { proposalId: id, reason: { text: 'Spam' } })).statusCode).toBe(200);
    await a.drain();
    const mails = (await received(a.smtp!)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('was removed');
  });

  it('SMTP down during a status change: the mails wait in the outbox and go out once when it is back', async () => {
    const a = await app();
    const id = await a.proposal();
    await a.followConfirmed(id, 'jan@example.org');
    await a.followConfirmed(id, 'kim@example.org', 'en');
    const port = a.smtp!.port;
    await a.smtp!.stop();
    expect((await a.answer(id, 'declined', 'Leider nicht.', 'Sadly not.')).statusCode).toBe(200);
    await a.drain();
    const rows = await a.database.rows<{ status: string; attempts: number; last_error: string | null }>(
      sql`SELECT status, attempts, last_error FROM follow_mails WHERE kind = 'status'`,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.status).toBe('pending');
      expect(Number(r.attempts)).toBe(1);
      expect(r.last_error).not.toContain('@');
    }
    const back = await startSmtpPeer('accept', port);
    cleanups.push(() => back.stop());
    a.clock.advance(MINUTE + 1_000);
    await a.drain();
    a.clock.advance(10 * MINUTE);
    await a.drain();
    const mails = await received(back);
    expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual(['jan@example.org', 'kim@example.org']);
    expect(mails.find((m) => m.envelopeTo[0] === 'jan@example.org')?.text).toContain('Leider nicht.');
  });

  it('a row left "sending" by a crashed sender is taken over after the lease: one mail, the same Message-ID, the stale claim cannot undo it', async () => {
    const a = await app({ mailLeaseSeconds: 600 });
    const id = await a.proposal();
    await a.followConfirmed(id, 'lea@example.org');
    await a.mailer.stop();
    const before = a.smtp!.messages.length;
    expect((await a.answer(id, 'planned')).statusCode).toBe(200);
    const [stale] = await claimDueFollowerMails(a.database, a.clock.now(), 600_000, 10);
    expect(stale?.kind).toBe('status');
    const mailer = createOutboxSender({
      database: a.database,
      transport: smtpTransport(a.smtp!.url, 600_000),
      settings: {
        publicUrl: PUBLIC_URL,
        mailFrom: 'karte@linz.example',
        mayorEmail: 'mayor.office@linz.example',
        feedbackEmail: 'a11y@linz.example',
        staffEmail: 'team@linz.example',
        product: 'Denk·Mal Linz',
        city: { de: 'Linz', en: 'Linz' },
        timeZone: 'Europe/Vienna',
      },
      log: a.app.log,
      clock: a.clock,
      leaseMs: 600_000,
      retryMs: 7 * 24 * 60 * MINUTE,
      pollMs: 0,
      follow: { secret: a.app.services.followSecret, perMinute: 100 },
    });
    cleanups.push(() => mailer.stop());
    expect(await mailer.runOnce()).toBe(0);
    a.clock.advance(600_000 - 1_000);
    expect(await mailer.runOnce()).toBe(0);
    a.clock.advance(2_000);
    expect(await mailer.runOnce()).toBe(1);
    expect(await mailer.runOnce()).toBe(0);
    const mails = (await received(a.smtp!)).slice(before);
    expect(mails).toHaveLength(1);
    if (stale) await markRetry(a.database, stale, a.clock.now(), 'late failure of the stale claim');
    const [row] = await a.database.rows<{ status: string; attempts: number }>(
      sql`SELECT status, attempts FROM follow_mails WHERE kind = 'status'`,
    );
    expect({ status: row?.status, attempts: Number(row?.attempts) }).toEqual({ status: 'sent', attempts: 2 });
    expect(mails[0]?.messageId).toBe(`<follow-${stale?.id}-${stale?.queuedAt.getTime()}@denkmal.linz.example>`);
  });
});
