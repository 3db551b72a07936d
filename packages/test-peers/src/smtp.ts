// A real SMTP server on loopback (smtp-server) for the mail tests and the browser tests' mayor's
// office: it records accepted messages (and, if told, writes each to a folder as an .eml file) and
// can refuse for a while (421), refuse for good (550), refuse certain mails (550) or hang before
// its greeting.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from './postgres.js';

export type PeerMode = 'accept' | 'tempfail' | 'reject' | 'hang';
export type ReceivedMail = { envelopeTo: string[]; raw: string; headers: Map<string, string>; text: string };

export type SmtpPeer = {
  port: number;
  url: string;
  mode: PeerMode;
  /** With mode 'tempfail': how many more recipients to refuse before accepting again. */
  tempfailsLeft: number;
  messages: ReceivedMail[];
  connections: number;
  rcptAttempts: number;
  stop(): Promise<void>;
};

export type PeerOptions = {
  /** Each accepted mail is also written here, as received (written under another name and renamed, so a reader never sees half a mail). */
  keepIn?: string;
  /** A mail this finds is refused for good (550) after its data. */
  refuse?: (raw: string) => boolean;
};

/** Starts a peer; pass a port to bring one up where a sender has been failing to connect. */
export async function startSmtpPeer(mode: PeerMode = 'accept', port?: number, options: PeerOptions = {}): Promise<SmtpPeer> {
  if (options.keepIn) mkdirSync(options.keepIn, { recursive: true });
  let kept = 0;
  const keep = (folder: string, raw: string) => {
    const name = `${Date.now()}-${++kept}`;
    writeFileSync(path.join(folder, `${name}.part`), raw);
    renameSync(path.join(folder, `${name}.part`), path.join(folder, `${name}.eml`));
  };
  const listenPort = port ?? (await freePort());
  const peer: SmtpPeer = {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    mode,
    tempfailsLeft: Infinity,
    messages: [],
    connections: 0,
    rcptAttempts: 0,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onConnect(_session, callback) {
      peer.connections++;
      if (peer.mode !== 'hang') callback();
    },
    onRcptTo(_address, _session, callback) {
      peer.rcptAttempts++;
      if (peer.mode === 'reject') return callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
      if (peer.mode === 'tempfail' && peer.tempfailsLeft > 0) {
        peer.tempfailsLeft--;
        if (peer.tempfailsLeft === 0) peer.mode = 'accept';
        return callback(Object.assign(new Error('4.3.2 Try again later'), { responseCode: 421 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (options.refuse?.(raw)) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        if (options.keepIn) keep(options.keepIn, raw);
        peer.messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, ...parseMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {});
  return peer;
}

// Just enough MIME for the tests: unfolded headers with RFC 2047 words decoded, and a single
// quoted-printable, base64 or plain text body.
function parseMail(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    headers.set(line.slice(0, i).toLowerCase(), decodeWords(line.slice(i + 1).trim()));
  }
  const body = raw.slice(split + 4);
  const cte = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    cte === 'quoted-printable' ? decodeQp(body) : cte === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
    );
}
