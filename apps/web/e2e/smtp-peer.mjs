// The mayor's office for the e2e server: a real SMTP peer on loopback (smtp-server). It takes every
// mail, except that it refuses for good (550) one that names a proposal containing "Unzustellbar",
// so the staff outbox has a failed mail to retry. Started by playwright.config.ts.
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2]);
const refused = (raw) => /Unzustellbar/.test(raw.replace(/=\r?\n/g, ''));
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => (raw += chunk));
    stream.on('end', () =>
      callback(refused(raw) ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : null),
    );
  },
});
server.listen(port, '127.0.0.1');
