// The mayor's e-mail at 10 votes, in process: a real SMTP peer on loopback, both databases, a
// controllable clock for retries and leases.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ProposalList, MonumentProposalList } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import { claimDue, markRetry } from '../../src/mail/outbox.js';
import { voteOrigin } from '../../src/mail/mayor-message.js';
import { retryDelayMs } from '../../src/mail/sender.js';
import type { ConfigOptions } from '../../src/config.js';
import { DB_KIND, browser, freshDatabase, json, testConfig } from '../support/harness.js';
import { freePort } from '@linz/test-peers/postgres';
import { startSmtpPeer, type SmtpPeer } from '@linz/test-peers/smtp';

const MAYOR = 'mayor.office@linz.example';
const PUBLIC_URL = 'https://denkmal.linz.example';

/** A clock that runs with real time plus an offset tests move forward. */
function testClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) };
}

/** An app on a fresh database whose sender only runs when woken by a vote or by the test. Its log
 * lines are kept unscrubbed, to show the mail code itself never writes the mayor's address. */
async function mailApp(env: Record<string, string> = {}, options: ConfigOptions = {}) {
  const { database, url } = await freshDatabase();
  const config = testConfig({ MAYOR_EMAIL: MAYOR, PUBLIC_URL, MAIL_FROM: 'Denkmal-Karte <karte@linz.example>', ...env }, options);
  const clock = testClock();
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp(config, { database, mail: { clock, pollMs: 0 }, logger: { level: 'info', stream } });
  await app.outboxSender.idle();
  let voter = 0;
  return {
    app,
    config,
    database,
    url,
    clock,
    logs,
    mailer: app.outboxSender,
    /** Creates a proposal at a monument and gives it `votes` votes directly in SQL. */
    async proposal(votes = 0, name = 'Ein Brunnen für alle') {
      const [m] = await database.rows<{ id: string; name: string; lat: number; lng: number }>(
        sql`SELECT id, name, lat, lng FROM monuments ORDER BY id LIMIT 1`,
      );
      if (!m) throw new Error('no monuments seeded');
      const res = await app.inject({ method: 'POST', url: `/api/interventions/${m.id}`, headers: json, payload: { name } });
      const { id } = JSON.parse(res.body) as { id: number };
      await seedVotes(database, id, votes);
      return { id, monument: { ...m, lat: Number(m.lat), lng: Number(m.lng) } };
    },
    /** One vote from a new browser; resolves to the HTTP status. */
    async vote(p: { id: number; monument: { id: string } }) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/interventions/${p.id}/vote`,
        headers: { ...json, ...browser(app, `browser-${voter++}`) },
        payload: { monumentId: p.monument.id, action: 'vote' },
      });
      return res.statusCode;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function seedVotes(database: Database, proposalId: number, votes: number) {
  if (votes === 0) return;
  await database.rows(sql`
    INSERT INTO votes (proposal_id, voter_hash, ip_hash)
    SELECT ${proposalId}, 'seeded-' || g, 'seeded' FROM generate_series(1, ${votes}) g`);
  await database.rows(sql`UPDATE proposals SET votes = ${votes} WHERE id = ${proposalId}`);
}

type OutboxRow = {
  status: string;
  attempts: number;
  vote_count: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
};

async function outboxOf(database: Database, proposalId: number): Promise<OutboxRow[]> {
  const rows = await database.rows<OutboxRow>(sql`
    SELECT status, attempts, vote_count, next_attempt_at, last_error, sent_at FROM mayor_notifications WHERE proposal_id = ${proposalId}`);
  return rows.map((r) => ({
    ...r,
    attempts: Number(r.attempts),
    vote_count: Number(r.vote_count),
    next_attempt_at: new Date(r.next_attempt_at),
  }));
}

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function peer(mode: Parameters<typeof startSmtpPeer>[0] = 'accept', port?: number): Promise<SmtpPeer> {
  const p = await startSmtpPeer(mode, port);
  cleanups.push(() => p.stop());
  return p;
}

async function app(env: Record<string, string>, options: ConfigOptions = {}) {
  const a = await mailApp(env, options);
  cleanups.push(() => a.close());
  return a;
}

const MINUTE = 60_000;

describe(`mayor e-mail on ${DB_KIND}`, () => {
  it('the 10th vote sends exactly one message with the proposal, the monument, the count and links; the 9th and the 11th to 15th none', async () => {
    const smtp = await peer();
    const a = await app({ SMTP_URL: smtp.url });
    const name = 'Ein <b>Brunnen</b> & "Bank" für alle';
    const p = await a.proposal(8, name);

    expect(await a.vote(p)).toBe(200); // 9th
    await a.mailer.idle();
    expect(smtp.messages).toHaveLength(0);
    expect(await outboxOf(a.database, p.id)).toEqual([]);

    expect(await a.vote(p)).toBe(200); // 10th
    await a.mailer.idle();
    expect(smtp.messages).toHaveLength(1);

    for (let i = 11; i <= 15; i++) expect(await a.vote(p)).toBe(200);
    await a.mailer.idle();
    expect(await a.mailer.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    const [row] = await outboxOf(a.database, p.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, vote_count: 10 });

    const [mail] = smtp.messages;
    if (!mail) throw new Error('no mail');
    expect(mail.envelopeTo).toEqual([MAYOR]);
    expect(mail.headers.get('to')).toContain(MAYOR);
    expect(mail.headers.get('message-id')).toMatch(new RegExp(`^<mayor-${p.id}-\\d+@denkmal\\.linz\\.example>$`));
    // Issue 56: the proposal's number, not a visitor's words.
    expect(mail.headers.get('subject')).toContain(`Vorschlag Nr. ${p.id} hat 10 Unterstützungen`);
    expect(mail.headers.get('subject')).not.toContain(name);
    // The visitor's markup arrives as the characters typed (the HTML part: the next test).
    const { text = '' } = await simpleParser(mail.raw);
    const { lat, lng, id: monumentId, name: monumentName } = p.monument;
    for (const expected of [
      `Vorschlag: ${name}`,
      `Proposal: ${name}`,
      `Denkmal: ${monumentName}`,
      `Koordinaten: ${lat.toFixed(6)}, ${lng.toFixed(6)}`,
      `Auf der Karte: ${PUBLIC_URL}/monuments/${monumentId}?proposal=${p.id}`,
      `https://www.openstreetmap.org/?mlat=${lat.toFixed(6)}&mlon=${lng.toFixed(6)}#map=18/`,
      'Unterstützungen: 10, erreicht am',
      'Supports: 10, reached on',
      'anonym',
      'nicht um überprüfte Personen',
      'not verified persons',
      // Where the votes came from, in one sentence: 8 seeded votes whose network is no longer known
      // (each counts as one of its own) and 2 from loopback.
      'Herkunft: 10 Stimmen aus 9 verschiedenen Netzen (höchstens 2 aus demselben), keine davon per E-Mail bestätigt.',
      'Origin: 10 votes from 9 different networks (at most 2 from the same one), none of them confirmed by e-mail.',
    ])
      expect(text).toContain(expected);
    expect(text).toContain(new Date(row?.sent_at ?? 0).getUTCFullYear().toString());

    // The public receipt: both lists show when the office was sent the proposal.
    const all = ProposalList.parse(JSON.parse((await a.app.inject({ url: '/api/interventions/all' })).body));
    const sentAt = all.find((i) => i.id === p.id)?.mayorNotifiedAt;
    expect(sentAt).toBe(new Date(row?.sent_at ?? 0).toISOString());
    const popup = MonumentProposalList.parse(JSON.parse((await a.app.inject({ url: `/api/interventions/${monumentId}` })).body));
    expect(popup.find((i) => i.id === p.id)?.mayorNotifiedAt).toBe(sentAt);
    expect(a.logs.join('')).not.toContain(MAYOR);
  });

  it('a mail to act on: Reply-To the staff address, the monument described, text and HTML, the answer and map links', async () => {
    const smtp = await peer();
    const a = await app({ SMTP_URL: smtp.url });
    const name = 'Ein <b>Brunnen</b> & "Bank" für alle';
    const p = await a.proposal(9, name);
    const description = {
      de: 'Büste des Turnvaters <img src=x onerror=alert(1)> Jahn',
      en: 'Bust of the gymnast Jahn & friends',
    };
    await a.database.rows(sql`
      UPDATE monuments SET short_description = ${description.de}, short_description_en = ${description.en}, sex = 'male'
      WHERE id = ${p.monument.id}`);
    await a.database.rows(sql`UPDATE proposals SET short_description_en = 'A fountain for all' WHERE id = ${p.id}`);
    expect(await a.vote(p)).toBe(200);
    await a.mailer.idle();
    expect(smtp.messages).toHaveLength(1);
    const mail = await simpleParser(smtp.messages[0]?.raw ?? '');
    const staff = a.config.site.staffEmail;

    // Headers: an answer reaches the city's staff, not no-reply; one text and one HTML alternative.
    expect(mail.replyTo?.value.map((r) => r.address)).toEqual([staff]);
    expect(mail.to && 'value' in mail.to ? mail.to.value.map((r) => r.address) : []).toEqual([MAYOR]);
    expect(smtp.messages[0]?.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const text = mail.text ?? '';
    const html = typeof mail.html === 'string' ? mail.html : '';

    const answer = `${PUBLIC_URL}/admin?answer=${p.id}`;
    const map = `${PUBLIC_URL}/monuments/${p.monument.id}?proposal=${p.id}`;
    const origin = '10 Stimmen aus 10 verschiedenen Netzen (höchstens 1 aus demselben), keine davon per E-Mail bestätigt.';
    // The text: German first, then English, each with what the office needs to act.
    const english = text.indexOf('-- English --');
    expect(english).toBeGreaterThan(0);
    const [de, en] = [text.slice(0, english), text.slice(english)];
    for (const expected of [
      `Vorschlag: ${name}`,
      `Beschreibung: ${description.de}`,
      'Erinnert an: einen Mann oder Männer',
      `Herkunft: ${origin}`,
      `Auf der Karte: ${map}`,
      answer,
      staff,
    ])
      expect(de).toContain(expected);
    for (const expected of [
      `Proposal: ${name}`,
      'In English: A fountain for all',
      `Description: ${description.en}`,
      'Commemorates: a man or men',
      'Origin: 10 votes from 10 different networks (at most 1 from the same one), none of them confirmed by e-mail.',
      `On the map: ${map}`,
      answer,
    ])
      expect(en).toContain(expected);

    // The HTML: the same facts, every text escaped, the links as links, the English part marked.
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toContain('<div lang="en">');
    expect(html).toContain(`<a href="${answer}"`);
    expect(html).toContain(`<a href="${map}">`);
    expect(html).toContain('Ein &lt;b&gt;Brunnen&lt;/b&gt; &amp; &quot;Bank&quot; für alle');
    expect(html).toContain('Büste des Turnvaters &lt;img src=x onerror=alert(1)&gt; Jahn');
    expect(html).not.toContain('<b>Brunnen');
    expect(html).not.toContain('<img');
    expect(html).toContain(origin);
    expect(html).toContain('Bust of the gymnast Jahn &amp; friends');
    expect(html.indexOf(description.de.slice(0, 10))).toBeLessThan(html.indexOf('<div lang="en">'));
  });

  it('the votes’ credibility reads as one sentence for every count', () => {
    const v = (
      counted: number,
      confirmed: number,
      networks: number,
      largestNetwork: number,
      areas = networks,
      domains = confirmed,
    ) => voteOrigin({ counted, confirmed, networks, largestNetwork, areas, largestArea: largestNetwork, domains });
    expect(v(10, 6, 8, 3)).toEqual({
      de: '10 Stimmen aus 8 verschiedenen Netzen (höchstens 3 aus demselben), 6 davon per E-Mail bestätigt (Adressen bei 6 verschiedenen Mail-Domains).',
      en: '10 votes from 8 different networks (at most 3 from the same one), 6 of them confirmed by e-mail (addresses at 6 different mail domains).',
    });
    expect(v(10, 10, 1, 10, 1, 1)).toEqual({
      de: '10 Stimmen aus einem einzigen Netz, alle per E-Mail bestätigt (alle Adressen bei derselben Mail-Domain).',
      en: '10 votes from one single network, all of them confirmed by e-mail (all addresses at one mail domain).',
    });
    // Issue 56: ten /56s of one /48 are said to be one wider network.
    expect(v(10, 0, 10, 1, 1).de).toBe(
      '10 Stimmen aus 10 verschiedenen Netzen (höchstens 1 aus demselben) im selben größeren Netz, keine davon per E-Mail bestätigt.',
    );
    expect(v(1, 0, 1, 1).de).toBe('1 Stimme aus einem einzigen Netz, keine davon per E-Mail bestätigt.');
    expect(v(0, 0, 0, 0)).toEqual({ de: 'Keine gezählten Stimmen.', en: 'No counted votes.' });
  });

  it('30 browsers voting at once on a proposal at 8 votes: exactly one message', async () => {
    const smtp = await peer();
    const a = await app({ SMTP_URL: smtp.url });
    const p = await a.proposal(8);
    const statuses = await Promise.all(Array.from({ length: 30 }, () => a.vote(p)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    await a.mailer.idle();
    await a.mailer.runOnce();
    expect(smtp.messages).toHaveLength(1);
    expect(await outboxOf(a.database, p.id)).toMatchObject([{ status: 'sent', vote_count: 10, attempts: 1 }]);
  });

  it('the vote answers at once while the SMTP server hangs', async () => {
    const smtp = await peer('hang');
    // A greeting timeout (lease / 4) of 10 s: an attempt that ended before the vote's answer
    // would be one the vote waited for.
    const a = await app({ SMTP_URL: smtp.url }, { mailLeaseSeconds: 40 });
    const p = await a.proposal(9);
    expect(await a.vote(p)).toBe(200);
    const [row] = await outboxOf(a.database, p.id);
    expect(row).toMatchObject({ last_error: null, sent_at: null });
    expect(['pending', 'sending']).toContain(row?.status);
    // The sender is at the hanging server; the server goes away, and the attempt ends.
    await expect.poll(() => smtp.connections, { timeout: 5_000 }).toBeGreaterThan(0);
    await smtp.stop();
    await a.mailer.idle();
    expect(await outboxOf(a.database, p.id)).toMatchObject([{ status: 'pending', attempts: 1, last_error: expect.any(String) }]);
  });

  it('SMTP down (connection refused) at the 10th vote, then up: exactly one message once it is back', async () => {
    const port = await freePort();
    const a = await app({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const p = await a.proposal(9);
    expect(await a.vote(p)).toBe(200);
    await a.mailer.idle();
    const [failed] = await outboxOf(a.database, p.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);

    const smtp = await peer('accept', port);
    expect(await a.mailer.runOnce()).toBe(0); // not due yet: no retry before its time
    a.clock.advance(MINUTE + 1_000);
    expect(await a.mailer.runOnce()).toBe(1);
    expect(await a.mailer.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
    expect(await outboxOf(a.database, p.id)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('a server answering 421 for a while: retried after 1, 2 and 4 minutes, then exactly one message', async () => {
    const smtp = await peer('tempfail');
    smtp.tempfailsLeft = 3;
    const a = await app({ SMTP_URL: smtp.url });
    const p = await a.proposal(9);
    expect(await a.vote(p)).toBe(200);
    await a.mailer.idle();
    for (const delay of [1, 2, 4]) {
      const [row] = await outboxOf(a.database, p.id);
      expect(row?.status).toBe('pending');
      expect(row?.last_error).toContain('421');
      const wait = (row?.next_attempt_at.getTime() ?? 0) - a.clock.now().getTime();
      expect(wait).toBeGreaterThan(delay * MINUTE - 5_000);
      expect(wait).toBeLessThanOrEqual(delay * MINUTE);
      a.clock.advance(delay * MINUTE - 5_000);
      expect(await a.mailer.runOnce()).toBe(0);
      a.clock.advance(5_000);
      expect(await a.mailer.runOnce()).toBe(1);
    }
    expect(smtp.rcptAttempts).toBe(4);
    expect(smtp.messages).toHaveLength(1);
    expect(await outboxOf(a.database, p.id)).toMatchObject([{ status: 'sent', attempts: 4 }]);
  });

  it('a 550 is not retried: the row is marked failed and logged without the address', async () => {
    const smtp = await peer('reject');
    const a = await app({ SMTP_URL: smtp.url });
    const p = await a.proposal(9);
    expect(await a.vote(p)).toBe(200);
    await a.mailer.idle();
    const [row] = await outboxOf(a.database, p.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.last_error).toContain('550');
    a.clock.advance(30 * 24 * 60 * MINUTE);
    expect(await a.mailer.runOnce()).toBe(0);
    expect(smtp.rcptAttempts).toBe(1);
    expect(smtp.messages).toHaveLength(0);
    const logs = a.logs.join('');
    expect(logs).toContain('marked failed');
    expect(logs).not.toContain(MAYOR);
  });

  it('temporary failures are retried with growing delays for days, then the row is marked failed', async () => {
    expect([1, 2, 3, 4, 9, 10, 30].map(retryDelayMs)).toEqual([1, 2, 4, 8, 256, 360, 360].map((m) => m * MINUTE));
    const port = await freePort();
    const a = await app({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { mailRetryDays: 3 });
    const p = await a.proposal(9);
    const start = a.clock.now().getTime();
    expect(await a.vote(p)).toBe(200);
    await a.mailer.idle();
    let previous = 0;
    for (let i = 0; i < 100; i++) {
      const [row] = await outboxOf(a.database, p.id);
      if (row?.status !== 'pending') break;
      const wait = row.next_attempt_at.getTime() - a.clock.now().getTime();
      expect(wait).toBeGreaterThanOrEqual(previous - 5_000);
      previous = wait;
      a.clock.advance(wait + 1);
      expect(await a.mailer.runOnce()).toBe(1);
    }
    const [row] = await outboxOf(a.database, p.id);
    expect(row?.status).toBe('failed');
    const elapsedDays = (a.clock.now().getTime() - start) / (24 * 60 * MINUTE);
    expect(elapsedDays).toBeGreaterThanOrEqual(3);
    expect(elapsedDays).toBeLessThan(3.3);
    expect(row?.attempts).toBeGreaterThan(15);
  });

  it('a row left "sending" by a crashed sender is taken over after the lease, and the stale claim cannot undo it', async () => {
    const smtp = await peer();
    const a = await app({ SMTP_URL: smtp.url }, { mailLeaseSeconds: 600 });
    const p = await a.proposal(9);
    // A "crashed" instance claimed the row and never came back; the vote's wake-up finds nothing due.
    await a.mailer.stop();
    const { createOutboxSender } = await import('../../src/mail/sender.js');
    expect(await a.vote(p)).toBe(200);
    const [stale] = await claimDue(a.database, a.clock.now(), 600_000);
    expect(stale?.proposalId).toBe(p.id);
    const { smtpTransport } = await import('../../src/mail/transport.js');
    const mailer = createOutboxSender({
      database: a.database,
      transport: smtpTransport(smtp.url, 600_000),
      settings: {
        publicUrl: PUBLIC_URL,
        mailFrom: 'karte@linz.example',
        mayorEmail: MAYOR,
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
    });
    cleanups.push(() => mailer.stop());
    expect(await mailer.runOnce()).toBe(0);
    a.clock.advance(600_000 - 1_000);
    expect(await mailer.runOnce()).toBe(0);
    a.clock.advance(2_000);
    expect(await mailer.runOnce()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    if (stale) await markRetry(a.database, stale, a.clock.now(), 'late failure of the stale claim');
    expect(await outboxOf(a.database, p.id)).toMatchObject([{ status: 'sent', attempts: 2 }]);
    // The resend carries the same Message-ID as the first try would have.
    expect(smtp.messages[0]?.headers.get('message-id')).toMatch(new RegExp(`^<mayor-${p.id}-`));
  });

  it('without SMTP_URL the message is written as an .eml file in DATA_DIR/mail and its path logged', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'linz-mail-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const a = await app({ DATA_DIR: dataDir });
    const p = await a.proposal(9, 'Eine Linde');
    expect(await a.vote(p)).toBe(200);
    await a.mailer.idle();
    const dir = path.join(dataDir, 'mail');
    const files = readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(new RegExp(`^mayor-${p.id}-\\d+\\.eml$`))]);
    const eml = readFileSync(path.join(dir, files[0] ?? ''), 'utf8');
    expect(eml).toContain(`To: ${MAYOR}`);
    expect(eml).toMatch(/Message-ID: <mayor-/);
    expect(a.logs.join('')).toContain(path.join(dir, files[0] ?? ''));
    expect(a.logs.join('')).not.toContain(MAYOR);
    expect(await outboxOf(a.database, p.id)).toMatchObject([{ status: 'sent' }]);
    const all = ProposalList.parse(JSON.parse((await a.app.inject({ url: '/api/interventions/all' })).body));
    expect(all.find((i) => i.id === p.id)?.mayorNotifiedAt).not.toBeNull();
  });
});
