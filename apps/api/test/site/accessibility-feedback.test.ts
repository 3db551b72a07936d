// The accessibility statement's feedback form and the site profile: bad input is a 4xx
// JSON answer and stores nothing; the connection's create limit applies; staff see the message;
// the real SMTP peer receives it at the profile's address (Reply-To: the sender's); the retention
// job blanks the address and then deletes the message at the days GET /api/site states; a bad
// profile refuses the start with a message naming the field.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AccessibilityFeedbackList, routes, SiteInfo } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type ConfigOptions } from '../../src/config.js';
import { LINZ_SITE_PROFILE } from '../support/city.js';
import { runRetention } from '../../src/domain/site/retention.js';
import { DB_KIND, expectAnswer, freshDatabase, json, testConfig } from '../support/harness.js';
import { startSmtpPeer } from '@linz/test-peers/smtp';
import { bearer, newStaff } from '../support/staff-helpers.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(env: Record<string, string> = {}, options: ConfigOptions = {}) {
  const smtp = await startSmtpPeer('accept');
  cleanups.push(() => smtp.stop());
  const { database } = await freshDatabase();
  const config = testConfig({ SMTP_URL: smtp.url, ...env }, options);
  const app = await buildApp(config, { database, mail: { pollMs: 0 } });
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  await app.outboxSender.idle();
  return { smtp, database, app, config };
}

const send = (app: Awaited<ReturnType<typeof setup>>['app'], payload: unknown, ip = '203.0.113.7') =>
  app.inject({
    method: 'POST',
    url: routes.accessibilityFeedback.path,
    headers: json,
    payload: payload as object,
    remoteAddress: ip,
  });
const stored = async (database: Awaited<ReturnType<typeof setup>>['database']) =>
  Number((await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM accessibility_feedback`))[0]?.n);

describe(`accessibility feedback on ${DB_KIND}`, () => {
  it('refuses bad input with a 4xx JSON message and stores nothing', async () => {
    const { app, database } = await setup();
    const bad = [
      {},
      { message: '   ' },
      { message: 'x'.repeat(4001) },
      { message: 'Kontrast', email: 'not-an-address' },
      { message: 'Kontrast', page: 'a\u0000b' },
      { message: 'Kontrast', extra: 1 },
      { message: 42 },
      [],
    ];
    for (const payload of bad) {
      const res = await send(app, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.parse(res.body)).toHaveProperty('message');
    }
    const text = await app.inject({
      method: 'POST',
      url: routes.accessibilityFeedback.path,
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(415);
    expect(await stored(database)).toBe(0);
  });

  it('stores a message, shows it to staff only, and mails it to the profile address through the real SMTP peer', async () => {
    const { app, database, smtp, config } = await setup();
    const res = await send(app, {
      message: 'Der Kontrast der Links ist zu schwach.\nZweite Zeile <b>fett</b>',
      email: 'anna@example.org',
      page: '/monuments',
    });
    expectAnswer(res, 202, routes.accessibilityFeedback.answer);
    const anonymous = await send(app, { message: 'Karte ohne Tastatur schwer', email: '' });
    expect(anonymous.statusCode).toBe(202);

    expect((await app.inject({ method: 'GET', url: routes.staffAccessibilityFeedback.path })).statusCode).toBe(401);
    const token = await newStaff(database, 'Erika');
    const list = expectAnswer(
      await app.inject({ method: 'GET', url: routes.staffAccessibilityFeedback.path, headers: bearer(token) }),
      200,
      AccessibilityFeedbackList,
    );
    expect(list.map((f) => [f.message.slice(0, 10), f.email, f.page])).toEqual([
      ['Karte ohne', null, null],
      ['Der Kontra', 'anna@example.org', '/monuments'],
    ]);

    await app.outboxSender.runOnce();
    expect(smtp.messages).toHaveLength(2);
    const withAddress = smtp.messages.find((m) => m.text.includes('Kontrast'));
    expect(withAddress?.envelopeTo).toEqual([config.site.accessibility.feedbackEmail]);
    // Typed by the sender, never verified: the display name says so (issue 56).
    expect(withAddress?.headers.get('reply-to')).toBe('Adresse nicht bestätigt <anna@example.org>');
    expect(withAddress?.text).toContain('Zweite Zeile <b>fett</b>');
    expect(withAddress?.text).toContain('/monuments');
    expect(smtp.messages.find((m) => m.text.includes('Tastatur'))?.headers.has('reply-to')).toBe(false);
    const after = expectAnswer(
      await app.inject({ method: 'GET', url: routes.staffAccessibilityFeedback.path, headers: bearer(token) }),
      200,
      AccessibilityFeedbackList,
    );
    expect(after.map((f) => f.mailStatus)).toEqual(['sent', 'sent']);
    // Sent once: another round sends nothing.
    await app.outboxSender.runOnce();
    expect(smtp.messages).toHaveLength(2);
  });

  it("counts toward the connection's create limit (429, nothing more stored)", async () => {
    const { app, database } = await setup({}, { limits: { createsPer5Minutes: 2 } });
    expect((await send(app, { message: 'eins' })).statusCode).toBe(202);
    expect((await send(app, { message: 'zwei' })).statusCode).toBe(202);
    const third = await send(app, { message: 'drei' });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(JSON.parse(third.body)).toHaveProperty('message');
    expect(await stored(database)).toBe(2);
    // Another connection is not limited by this one.
    expect((await send(app, { message: 'vier' }, '198.51.100.9')).statusCode).toBe(202);
  });

  it('the retention job blanks the address and then deletes the message after the days /api/site states', async () => {
    const { app, database } = await setup();
    const site = expectAnswer(await app.inject({ method: 'GET', url: routes.site.path }), 200, SiteInfo);
    const { feedbackEmailDays, feedbackDays } = site.retention;
    expect(feedbackEmailDays).toBeLessThan(feedbackDays);
    const now = new Date('2027-03-01T12:00:00Z');
    const ago = (days: number, s: number) => new Date(now.getTime() - days * 86_400_000 + s * 1000).toISOString();
    await database.rows(sql`INSERT INTO accessibility_feedback (message, email, creator_ip_hash, created_at, status) VALUES
      ('email-inside', 'a@example.org', 'h', ${ago(feedbackEmailDays, 1)}, 'sent'),
      ('email-outside', 'b@example.org', 'h', ${ago(feedbackEmailDays, -1)}, 'sent'),
      ('keep-inside', NULL, 'h', ${ago(feedbackDays, 1)}, 'sent'),
      ('keep-outside', NULL, 'h', ${ago(feedbackDays, -1)}, 'sent')`);
    const run = await runRetention(database, { now, retentionDays: 30 });
    expect(run?.counts.accessibilityFeedback).toEqual({ emails: 1, messages: 1 });
    const rows = await database.rows<{ message: string; email: string | null }>(
      sql`SELECT message, email FROM accessibility_feedback ORDER BY id`,
    );
    expect(rows).toEqual([
      { message: 'email-inside', email: 'a@example.org' },
      { message: 'email-outside', email: null },
      { message: 'keep-inside', email: null },
    ]);
  });

  it('GET /api/site answers the profile and the retention facts the server enforces, with an ETag', async () => {
    const { app, config } = await setup({ RETENTION_DAYS: '21' });
    const res = await app.inject({ method: 'GET', url: routes.site.path });
    const site = expectAnswer(res, 200, SiteInfo);
    expect(site.profile).toEqual(config.site);
    expect(site.retention.addressHashDays).toBe(21);
    const etag = res.headers.etag;
    expect(etag).toBeDefined();
    const again = await app.inject({ method: 'GET', url: routes.site.path, headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('the site profile setting', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linz-site-'));
  const write = (name: string, content: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };
  const base = { COOKIE_SECRET: 'test-secret-test-secret-test-secret-42' };

  it('ships a default that validates, and reads another file named by SITE_PROFILE', async () => {
    expect(loadConfig(base).site.accessibility.complaintOffice.law.de).toContain('15b');
    const { readFileSync } = await import('node:fs');
    const other = JSON.parse(readFileSync(LINZ_SITE_PROFILE(), 'utf8')) as { operator: { name: string } };
    other.operator.name = 'Magistrat der Landeshauptstadt Linz';
    const file = write('city.json', JSON.stringify(other));
    expect(loadConfig({ ...base, SITE_PROFILE: file }).site.operator.name).toBe('Magistrat der Landeshauptstadt Linz');
  });

  it('refuses to start with a missing file, bad JSON or a profile lacking a field, naming it', async () => {
    expect(() => loadConfig({ ...base, SITE_PROFILE: path.join(dir, 'missing.json') })).toThrow(
      /Invalid configuration:\n {2}SITE_PROFILE: cannot read .*missing\.json/,
    );
    expect(() => loadConfig({ ...base, SITE_PROFILE: write('broken.json', '{ "operator": ') })).toThrow(
      /SITE_PROFILE: cannot read/,
    );
    const { readFileSync } = await import('node:fs');
    const profile = JSON.parse(readFileSync(LINZ_SITE_PROFILE(), 'utf8')) as Record<string, Record<string, unknown>>;
    delete profile.dataProtectionOfficer;
    (profile.accessibility as Record<string, unknown>).reviewedOn = '25.11.2026';
    const file = write('incomplete.json', JSON.stringify(profile));
    expect(() => loadConfig({ ...base, SITE_PROFILE: file })).toThrow(/dataProtectionOfficer/);
    expect(() => loadConfig({ ...base, SITE_PROFILE: file })).toThrow(/accessibility\.reviewedOn/);
  });
});
