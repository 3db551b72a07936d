// Privacy: the app runs with the production logger at trace level writing to a file while it
// serves reads, creates, votes up to the mayor's threshold (the mail is refused by a real SMTP
// peer and retried), client errors, rate limits and a database failure. The file is then searched
// for every client address used, every cookie value, the day's IP key and the mayor's address.
// The database itself is searched for raw addresses and cookie ids too. Following a proposal: no
// follower's address, address hash or follow token in the log either.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathOf, routes } from '@linz/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connectionOf, createIpHasher } from '../../src/domain/identity.js';
import { loggerOptions, scrubLogLine, withoutSecretFields } from '../../src/logging.js';
import { cookieFrom, firstMonument, get, newProposal, post, vote } from '../support/abuse-helpers.js';
import { freshDatabase, testConfig } from '../support/harness.js';
import { startSmtpPeer, type SmtpPeer } from '@linz/test-peers/smtp';
import { unsubscribeTokenOf } from '../../src/domain/follows/follows.js';
import { followApp, received, tokenIn } from '../support/follow-helpers.js';

const MAYOR = 'mayor.privacy@linz.example';
const CLIENTS = ['203.0.113.45', '2001:db8:77:1::45', '::ffff:192.0.2.45', '198.51.100.45', '127.0.0.1'];
const FORWARDED = '192.0.2.99';

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

describe('privacy', () => {
  it('logs at trace level carry no client address, cookie value, IP key or mayor address', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'linz-privacy-'));
    const logFile = path.join(dir, 'app.log');
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const peer: SmtpPeer = await startSmtpPeer('reject');
    cleanup.push(() => peer.stop());

    const { database } = await freshDatabase();
    const config = testConfig(
      {
        LOG_LEVEL: 'trace',
        MAYOR_EMAIL: MAYOR,
        SMTP_URL: peer.url,
        DATA_DIR: dir,
        TRUST_PROXY: '1',
      },
      { limits: { createsPer5Minutes: 3 } },
    );
    const sink = { write: (line: string) => appendFileSync(logFile, line) };
    const app = await buildApp(config, { database, logger: loggerOptions('trace', sink) });
    let closed = false;
    cleanup.push(async () => {
      if (!closed) await app.close();
      await database.close().catch(() => {});
    });

    const cookies: string[] = [];
    const m = await firstMonument(app);
    await get(app, routes.allProposals.path, { ip: CLIENTS[0] });
    await get(app, pathOf(routes.monumentProposals.path, { monumentId: m.id }), { ip: CLIENTS[1] });
    const p = await newProposal(app, m.id, 'Johanna Dohnal', { ip: CLIENTS[0] });
    await post(app, routes.addMonument.path, { name: 'Büste', geoLocX: 48.3, geoLocY: 14.3 }, { ip: CLIENTS[2] });
    // Ten browsers from five addresses (one behind the trusted proxy) reach the mayor's threshold.
    for (let i = 0; i < 10; i++) {
      const ip = CLIENTS[i % CLIENTS.length] ?? '127.0.0.1';
      const res = await vote(app, p, ip === '198.51.100.45' ? { ip, xff: FORWARDED } : { ip });
      expect(res.statusCode, res.body).toBe(200);
      const cookie = cookieFrom(res);
      cookies.push(cookie.slice('voter='.length));
      // A repeat with the same cookie: 403, logged.
      expect((await vote(app, p, { ip, cookie })).statusCode).toBe(403);
    }
    // Client errors of every kind, and a rate limit.
    await post(app, routes.addMonument.path, { name: '' }, { ip: CLIENTS[1] });
    await post(app, routes.addMonument.path, { name: 'x' }, { ip: CLIENTS[1], headers: { origin: 'https://evil.example' } });
    await post(app, routes.addMonument.path, 'not json', { ip: CLIENTS[1] });
    await get(app, '/api/unknown', { ip: CLIENTS[3], xff: FORWARDED });
    for (let i = 0; i < 4; i++) await newProposal(app, m.id, `Spam ${i}`, { ip: CLIENTS[3] }).catch(() => {});
    // The mayor's e-mail is refused by the SMTP peer and logged as failed.
    await until(() => peer.rcptAttempts > 0, 5000);
    expect(peer.rcptAttempts, 'the mail sender tried to reach the mayor').toBeGreaterThan(0);
    // The sender logs the refusal after the SMTP exchange: wait for that line, not for a time.
    const refusalLogged = () => existsSync(logFile) && /mayor e-mail (refused|not sent)/.test(readFileSync(logFile, 'utf8'));
    await until(refusalLogged, 5000);
    expect(refusalLogged(), 'the refused mail is logged').toBe(true);

    const [ipKey] = await database.rows<{ key: string }>(sql`SELECT key FROM ip_keys`);
    expect(ipKey?.key).toBeTruthy();
    const hashes = await database.rows<{ ip_hash: string; voter_hash: string }>(sql`SELECT ip_hash, voter_hash FROM votes`);
    expect(hashes).toHaveLength(10);

    // The database stores hashes only.
    const dump = JSON.stringify([
      await database.rows(sql`SELECT * FROM votes`),
      await database.rows(sql`SELECT * FROM proposals`),
      await database.rows(sql`SELECT id, creator_ip_hash FROM monuments`),
    ]);
    for (const ip of [...CLIENTS, FORWARDED, '192.0.2.45']) expect(dump.includes(ip), `raw ${ip} in the database`).toBe(false);
    for (const c of cookies) {
      expect(dump.includes(c.split('.')[0] ?? c), 'raw voter id in the database').toBe(false);
    }

    // A failure inside the API, with the database gone: the full error is logged (scrubbed).
    await database.close();
    const failed = await post(
      app,
      pathOf(routes.createProposal.path, { monumentId: m.id }),
      { name: 'Danach' },
      { ip: CLIENTS[0] },
    );
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const requestId = JSON.parse(failed.body).requestId as string;
    await app.close();
    closed = true;

    const log = readFileSync(logFile, 'utf8');
    const lines = log.trim().split('\n');
    expect(lines.length, 'the log is written').toBeGreaterThan(50);
    expect(log).toContain('"msg":"request"'); // every request is logged
    expect(log).toContain(requestId); // the failure is logged under the id the client got
    expect(log).toMatch(/mayor e-mail|mail round/);
    const secrets = [
      ...CLIENTS,
      FORWARDED,
      '192.0.2.45',
      connectionOf(CLIENTS[1] ?? ''),
      MAYOR,
      encodeURIComponent(MAYOR),
      ipKey?.key ?? 'missing-key',
      ...cookies,
      ...cookies.map((c) => decodeURIComponent(c)),
      ...cookies.map((c) => decodeURIComponent(c).split('.')[0] ?? c),
      ...hashes.flatMap((h) => [h.ip_hash, h.voter_hash]),
    ];
    for (const secret of secrets) {
      const hit = lines.find((l) => l.includes(secret));
      expect(hit, `log line carries ${secret}`).toBeUndefined();
    }
  });

  it("following: logs at trace level carry no follower's address, its hash or a follow link's token", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'linz-privacy-follow-'));
    const logFile = path.join(dir, 'app.log');
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const sink = { write: (line: string) => appendFileSync(logFile, line) };
    const a = await followApp({ LOG_LEVEL: 'trace' }, { logger: loggerOptions('trace', sink) });
    let closed = false;
    cleanup.push(async () => {
      if (!closed) await a.close();
    });
    const smtp = a.smtp!;
    const EMAIL = 'Privat.Person+karte@example.org';
    const id = await a.proposal('Ein Brunnen');
    // The confirmation mail is refused once (421), then accepted: both logged.
    smtp.mode = 'tempfail';
    smtp.tempfailsLeft = 1;
    expect((await a.follow(id, { email: EMAIL, lang: 'de' })).statusCode).toBe(202);
    expect((await a.follow(id, { email: `${EMAIL}\r\nBcc: x@y.at`, lang: 'de' })).statusCode).toBe(400);
    await a.drain();
    a.clock.advance(2 * 60_000);
    await a.drain();
    const [confirmation] = await received(smtp);
    const confirmToken = tokenIn(confirmation?.text ?? '', '/follow/confirm');
    // The page the link opens, and the button's POST.
    await a.app.inject({ method: 'GET', url: `/follow/confirm?token=${confirmToken}` });
    expect((await a.confirm(confirmToken)).statusCode).toBe(200);
    const [row] = await a.database.rows<{ email_hash: string; token_seed: string }>(
      sql`SELECT email_hash, token_seed FROM follows`,
    );
    // The city's answer: the follower's mail server refuses it for good (550), logged as failed.
    smtp.mode = 'reject';
    expect((await a.answer(id, 'planned')).statusCode).toBe(200);
    await a.drain();
    expect(await a.count('follow_mails', sql`status = 'failed'`)).toBe(1);
    const unsubscribeToken = unsubscribeTokenOf(a.app.services.followSecret, row?.token_seed ?? '');
    await a.app.inject({ method: 'GET', url: `/follow/unsubscribe?token=${unsubscribeToken}&all=1` });
    const one = await a.app.inject({
      method: 'POST',
      url: `${routes.followUnsubscribe.path}?token=${unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(one.statusCode).toBe(200);
    await a.close();
    closed = true;

    const log = readFileSync(logFile, 'utf8');
    const lines = log.trim().split('\n');
    expect(log).toContain('follower e-mail sent');
    expect(log).toMatch(/follower e-mail (not sent yet|refused permanently)/);
    // Request lines name the path without its query (logging.ts): the link's token is not there.
    expect(log).toContain(`"path":"${routes.followUnsubscribe.path}"`);
    expect(log).toContain('"path":"/follow/confirm"');
    const secrets = [
      EMAIL,
      EMAIL.toLowerCase(),
      encodeURIComponent(EMAIL),
      'Privat.Person',
      confirmToken,
      unsubscribeToken,
      row?.email_hash ?? 'missing-hash',
      row?.token_seed ?? 'missing-seed',
    ];
    for (const secret of secrets) {
      const hit = lines.find((l) => l.toLowerCase().includes(secret.toLowerCase()));
      expect(hit, `log line carries ${secret}`).toBeUndefined();
    }
  });

  it('the scrubber replaces addresses and query parameters wherever they appear in a line', () => {
    const line = JSON.stringify({
      msg: `connect ECONNREFUSED 127.0.0.1:25 for <${MAYOR}> from 2001:db8::1 and ::ffff:10.1.2.3`,
      err: { message: 'Failed query: SELECT 1\nparams: secret-hash,203.0.113.1' },
    });
    const clean = scrubLogLine(line);
    for (const s of ['127.0.0.1', MAYOR, '2001:db8::1', '10.1.2.3', 'secret-hash', '203.0.113.1']) expect(clean).not.toContain(s);
    expect(clean).toContain('ECONNREFUSED');
    // Alone in a line, in each form the quick looks before the patterns must let through.
    for (const ip of ['::1', '2001:0db8:0000:0000:0000:ff00:0042:8329', 'fe80::1', '10.0.0.1']) {
      expect(scrubLogLine(JSON.stringify({ msg: `from ${ip}` }))).toBe(JSON.stringify({ msg: 'from [ip]' }));
    }
    // A request line passes unchanged (its time and ms are numbers, its keys' colons follow quotes).
    const request = JSON.stringify({
      level: 30,
      time: 1795667101938,
      reqId: 'req-a1',
      method: 'GET',
      path: '/api/monuments',
      status: 200,
      ms: 0.4,
    });
    expect(scrubLogLine(request)).toBe(request);
  });

  it('fields named for addresses, cookies, tokens and recipients are censored at any depth, also on errors', () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', { write: (l: string) => lines.push(l) }) });
    const err = Object.assign(new Error('mail refused'), { to: 'someone', token: 'tok-123' });
    app.log.info(
      {
        mail: { envelope: { to: 'secret-recipient' } },
        ip: 'raw',
        list: [{ cookie: 'c-1' }],
        headers: { 'set-cookie': 'voter=v-1', 'x-forwarded-for': 'fwd' },
        kept: 'visible',
      },
      'one',
    );
    app.log.error({ err }, 'two');
    const [one, two] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(one).toMatchObject({
      mail: { envelope: { to: '[redacted]' } },
      ip: '[redacted]',
      list: [{ cookie: '[redacted]' }],
      headers: { 'set-cookie': '[redacted]', 'x-forwarded-for': '[redacted]' },
      kept: 'visible',
    });
    expect(two?.err).toMatchObject({ message: 'mail refused', to: '[redacted]', token: '[redacted]' });
    expect(lines.join('')).not.toMatch(/secret-recipient|tok-123|c-1|v-1|fwd/);
    // A line of plain values is passed on as it is, not copied.
    const plain = { method: 'GET', path: '/', status: 200, ms: 1 };
    expect(withoutSecretFields(plain)).toBe(plain);
  });

  it('standard output gets every line of a turn in one write, and what is pending at exit', () => {
    // 2,000 lines in one turn, then exit before the next: all of them arrive, scrubbed.
    const code = `import { scrubbingSink } from './src/logging.ts';
const sink = scrubbingSink();
for (let i = 0; i < 2000; i++) sink.write(JSON.stringify({ i, from: '203.0.113.9' }) + '\\n');
process.exit(0);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const out = run.stdout.trim().split('\n');
    expect(out).toHaveLength(2000);
    expect(out[1999]).toBe('{"i":1999,"from":"[ip]"}');
  });

  it('IP hashes use a key of the day: another day gives another hash, keys older than yesterday are deleted', async () => {
    const { database } = await freshDatabase();
    cleanup.push(() => database.close());
    const hash = createIpHasher(database);
    const day1 = new Date('2030-01-01T12:00:00Z');
    const day2 = new Date('2030-01-02T12:00:00Z');
    const day3 = new Date('2030-01-03T12:00:00Z');
    const a1 = await hash('203.0.113.5', day1);
    expect(await hash('203.0.113.5', day1)).toBe(a1);
    expect(await hash('203.0.113.6', day1)).not.toBe(a1);
    expect(a1).not.toContain('203.0.113.5');
    const a2 = await hash('203.0.113.5', day2);
    expect(a2).not.toBe(a1);
    await hash('203.0.113.5', day3);
    const days = (await database.rows<{ day: string }>(sql`SELECT day FROM ip_keys ORDER BY day`)).map((r) => r.day);
    expect(days).not.toContain('2030-01-01');
    expect(days).toContain('2030-01-03');
    // A second instance on the same database agrees on the key of the day.
    expect(await createIpHasher(database)('203.0.113.5', day3)).toBe(await hash('203.0.113.5', day3));
  });

  it('counts an IPv6 /64 as one connection and a mapped IPv4 address as that address', () => {
    expect(connectionOf('2001:db8:1:2::1')).toBe(connectionOf('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(connectionOf('2001:db8:1:2::1')).not.toBe(connectionOf('2001:db8:1:3::1'));
    expect(connectionOf('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(connectionOf('192.0.2.1')).toBe('192.0.2.1');
  });
});
