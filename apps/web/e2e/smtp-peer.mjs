// The mayor's office for the e2e server: a real SMTP peer on loopback (smtp-server). It takes every
// mail, except that it refuses for good (550) one that names a proposal containing "Unzustellbar",
// so the staff outbox has a failed mail to retry. Each accepted mail is written, as received, to the
// folder given second (one .eml file each), where e2e/mailbox.ts reads it. Started by playwright.config.ts.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2]);
const folder = process.argv[3];
if (folder) mkdirSync(folder, { recursive: true });
let count = 0;
/** Written under a temporary name and renamed, so a reader never sees half a mail. */
function keep(raw) {
  if (!folder) return;
  const name = `${Date.now()}-${++count}`;
  writeFileSync(path.join(folder, `${name}.part`), raw);
  renameSync(path.join(folder, `${name}.part`), path.join(folder, `${name}.eml`));
}
const refused = (raw) => /Unzustellbar/.test(raw.replace(/=\r?\n/g, ''));
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => (raw += chunk));
    stream.on('end', () => {
      if (refused(raw)) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      keep(raw);
      callback(null);
    });
  },
});
server.listen(port, '127.0.0.1');
