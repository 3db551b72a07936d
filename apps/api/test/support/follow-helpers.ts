// Helpers for the follow tests: an app on a fresh database whose outbox sends to a real
// SMTP peer on loopback, mails parsed with a real MIME parser (mailparser), and the requests a
// citizen and the staff make.
import { pathOf, routes } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { buildApp, type BuildOptions } from '../../src/app.js';
import type { ConfigOptions } from '../../src/config.js';
import { browser, freshDatabase, json, testConfig } from './harness.js';
import { bearer, newStaff } from './staff-helpers.js';
import { startSmtpPeer, type SmtpPeer } from '@linz/test-peers/smtp';

export const PUBLIC_URL = 'https://denkmal.linz.example';

/** A clock that runs with real time plus an offset tests move forward. */
export function testClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) };
}

export type Received = ParsedMail & { raw: string; envelopeTo: string[] };

/** Every message the peer accepted so far, parsed. */
export async function received(peer: SmtpPeer): Promise<Received[]> {
  return Promise.all(
    peer.messages.map(async (m) => Object.assign(await simpleParser(m.raw), { raw: m.raw, envelopeTo: m.envelopeTo })),
  );
}

export const header = (m: ParsedMail, name: string) => {
  const line = m.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
  return line.slice(line.indexOf(':') + 1).trim();
};

/** The token of the first link in a mail's text that goes to `path`. */
export function tokenIn(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return match[1];
}

export async function followApp(
  env: Record<string, string> = {},
  opts: { smtp?: 'none'; logger?: BuildOptions['logger']; config?: ConfigOptions } = {},
) {
  const smtp = opts.smtp === 'none' ? undefined : await startSmtpPeer('accept');
  const { database, url } = await freshDatabase();
  const config = testConfig(
    {
      PUBLIC_URL,
      MAIL_FROM: 'Denkmal-Karte <karte@linz.example>',
      MAYOR_EMAIL: 'mayor.office@linz.example',
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
      ...env,
    },
    opts.config,
  );
  const clock = testClock();
  const app = await buildApp(config, { database, mail: { clock, pollMs: 0 }, ...(opts.logger ? { logger: opts.logger } : {}) });
  await app.outboxSender.idle();
  const staffToken = await newStaff(database);
  const [m] = await database.rows<{ id: string }>(sql`SELECT id FROM monuments ORDER BY id LIMIT 1`);
  if (!m) throw new Error('no monuments seeded');
  let n = 0;
  const self = {
    app,
    database,
    url,
    smtp,
    clock,
    config,
    mailer: app.outboxSender,
    staffToken,
    monumentId: m.id,
    /** A new proposal at the first monument, made by browser `who`. */
    async proposal(name = `Ein Brunnen ${++n}`, who = 'proposer') {
      const res = await app.inject({
        method: 'POST',
        url: pathOf(routes.createProposal.path, { monumentId: m.id }),
        headers: { ...json, ...browser(app, who) },
        payload: { name },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
      return (JSON.parse(res.body) as { id: number }).id;
    },
    follow(proposalId: number, payload: unknown, who = 'follower-browser', ip = '203.0.113.7') {
      return app.inject({
        method: 'POST',
        url: pathOf(routes.follow.path, { proposalId }),
        headers: { ...json, ...browser(app, who) },
        remoteAddress: ip,
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    },
    confirm(token: string) {
      return app.inject({ method: 'POST', url: routes.followConfirm.path, headers: json, payload: { token } });
    },
    answer(proposalId: number, status: string, de = 'Wird geprüft.', en = 'Under review.') {
      return app.inject({
        method: 'PUT',
        url: pathOf(routes.staffAnswer.path, { proposalId }),
        headers: { ...json, ...bearer(staffToken) },
        payload: { status, statement: { de, en } },
      });
    },
    staff(path: string, input: unknown) {
      return app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        headers: { ...json, ...bearer(staffToken) },
        payload: JSON.stringify(input),
      });
    },
    /** Runs the outbox until nothing more is due now. */
    async drain() {
      await app.outboxSender.idle();
      while ((await app.outboxSender.runOnce()) > 0);
    },
    /** Follows and confirms through the mail, as a citizen does; returns the confirmation mail. */
    async followConfirmed(proposalId: number, email: string, lang: 'de' | 'en' = 'de', who = `b-${email}`) {
      const before = smtp?.messages.length ?? 0;
      const res = await self.follow(proposalId, { email, lang }, who);
      if (res.statusCode !== 202) throw new Error(res.body);
      await self.drain();
      const mails = (await received(smtp as SmtpPeer)).slice(before).filter((x) => x.envelopeTo.includes(email));
      const mail = mails.at(-1);
      if (!mail?.text) throw new Error(`no confirmation mail to ${email}`);
      const confirmed = await self.confirm(tokenIn(mail.text, '/follow/confirm'));
      if (confirmed.statusCode !== 200) throw new Error(confirmed.body);
      return mail;
    },
    async count(table: string, where = sql`TRUE`) {
      const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`);
      return Number(row?.n);
    },
    async close() {
      await app.close();
      await database.close();
      await smtp?.stop();
    },
  };
  return self;
}

export type FollowApp = Awaited<ReturnType<typeof followApp>>;
