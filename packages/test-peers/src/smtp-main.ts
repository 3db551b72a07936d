// The browser tests' mayor's office as a process of its own (started by apps/web/playwright.config.ts):
//   tsx src/smtp-main.ts <port> <folder> [<word>]
// takes every mail and writes it to <folder> (apps/web/e2e/mailbox.ts reads it there), except that
// it refuses for good (550) one that contains <word> (the e2e run's "Unzustellbar": a failed mail for
// the staff outbox to retry).
import { startSmtpPeer } from './smtp.js';

const [port, folder, word] = process.argv.slice(2);
await startSmtpPeer('accept', Number(port), {
  ...(folder ? { keepIn: folder } : {}),
  // Quoted-printable soft line breaks removed first: the word may be split across lines.
  ...(word ? { refuse: (raw: string) => raw.replace(/=\r?\n/g, '').includes(word) } : {}),
});
