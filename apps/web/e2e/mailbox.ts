// The mails the e2e SMTP peer accepted (packages/test-peers smtp-main.ts writes each to a folder), read with a real
// MIME parser. A test waits for the one it expects with expect.poll, never a sleep.
import { simpleParser, type ParsedMail } from 'mailparser';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from './fixtures';

/** The peer's folder, as playwright.config.ts derives it (workers inherit E2E_RUN_ID). */
const mailDir = () => {
  const run = process.env.E2E_RUN_ID;
  if (!run) throw new Error('E2E_RUN_ID is not set: run through playwright.config.ts');
  return path.resolve(import.meta.dirname, `../.tmp/e2e-${run}-mail`);
};

const addressesOf = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((to) => to.value.map((a) => a.address?.toLowerCase() ?? ''));

async function mailsTo(address: string): Promise<ParsedMail[]> {
  let files: string[];
  try {
    files = readdirSync(mailDir()).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  const mails = await Promise.all(files.sort().map((f) => simpleParser(readFileSync(path.join(mailDir(), f)))));
  return mails.filter((mail) => addressesOf(mail).includes(address.toLowerCase()));
}

/** Waits for a mail to `address` whose subject matches, and returns it (the peer may take a moment). */
export async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(async () => (found = (await mailsTo(address)).find((mail) => subject.test(mail.subject ?? ''))) !== undefined, {
      message: `a mail to ${address} with subject ${subject}`,
      timeout: 30_000,
    })
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** How many mails `address` got whose subject matches. */
export const countMailsTo = async (address: string, subject: RegExp) =>
  (await mailsTo(address)).filter((mail) => subject.test(mail.subject ?? '')).length;

/** The first link in the mail's text that starts with `prefix` (a path on the e2e server). */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const match = new RegExp(`https?://[^\\s]*${prefix.replace(/[?]/g, '\\?')}[^\\s>]*`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${prefix} link in: ${mail.text}`);
  return new URL(match[0]).pathname + new URL(match[0]).search;
}
