// Where the mayor's e-mail goes: an SMTP server (SMTP_URL), or without one an .eml file in
// DATA_DIR/mail/ so a first-time user can see what the mayor would get.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { OutgoingMail } from './outgoing.js';

export type MailTransport = {
  /** Resolves once the message was accepted; rejects with the SMTP error otherwise. */
  send(mail: OutgoingMail): Promise<{ file?: string }>;
  close(): void;
};

/** Timeouts stay well below the lease, so a hung server cannot outlive a claim. */
export function smtpTransport(url: string, leaseMs: number): MailTransport {
  const limit = (ms: number) => Math.max(1_000, Math.min(ms, Math.floor(leaseMs / 4)));
  const transport = createTransport({
    url,
    connectionTimeout: limit(20_000),
    greetingTimeout: limit(20_000),
    socketTimeout: limit(60_000),
    dnsTimeout: limit(20_000),
  });
  return {
    async send(mail) {
      await transport.sendMail(mail);
      return {};
    },
    close: () => transport.close(),
  };
}

/** One file per notification, named by its Message-ID and written atomically: a rerun overwrites it. */
export function fileTransport(dir: string): MailTransport {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      mkdirSync(dir, { recursive: true });
      // The Message-ID's left part names the file (no "@", which log scrubbing would take for an address).
      const file = path.join(dir, `${mail.messageId.replace(/@.*$/, '').replace(/[^A-Za-z0-9.-]+/g, '')}.eml`);
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
      return { file };
    },
    close: () => transport.close(),
  };
}

/** SMTP 5xx is a permanent refusal, except a failed login, which an operator can fix. */
export function isPermanent(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown };
  return typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 && e.code !== 'EAUTH';
}

/** A short error text for logs and last_error; SMTP replies often quote the recipient, so addresses are cut. */
export function describeError(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [e.code, e.responseCode, e.message].filter((p) => p !== undefined && p !== null);
  const text = parts.length > 0 ? parts.map(String).join(' ') : String(err);
  return text.replace(/[^\s<>"']+@[^\s<>"']+/g, '[address]').slice(0, 500);
}
