// The running server's local channel for the staff CLI on PGlite: a Unix socket in DATA_DIR,
// readable and writable by the server's user only (mode 0600). One JSON line in, one out: the
// staff commands (commands.ts) and backup/restore (backup-commands.ts).
// Tokens pass through it, never through the log.
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Database } from '../db/client.js';
import { parseBackupCommand, runBackupCommand, type BackupCommand } from './backup-commands.js';
import { parseImportCommand, runImportCommand, type ImportCommand } from './city-commands.js';
import { parseCommand, runStaffCommand, type StaffCommand, type StaffResult } from './commands.js';
import type { CityArea } from '@linz/contract';

export const socketPath = (dataDir: string) => path.join(dataDir, 'staff.sock');
const MAX_LINE = 4096;

/** `area`: the city's, for `pnpm city import` (the server's CITY). */
export async function startControlSocket(dataDir: string, database: Database, area: CityArea): Promise<() => Promise<void>> {
  const file = socketPath(dataDir);
  rmSync(file, { force: true }); // left by a server that is gone (we hold the folder's lock)
  const server = net.createServer((conn) => {
    let buffer = '';
    conn.setEncoding('utf8');
    conn.on('error', () => conn.destroy());
    conn.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_LINE) return void conn.destroy();
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      let cmd: StaffCommand | null = null;
      let backupCmd: BackupCommand | null = null;
      let importCmd: ImportCommand | null = null;
      try {
        const value: unknown = JSON.parse(buffer.slice(0, end));
        cmd = parseCommand(value);
        backupCmd = parseBackupCommand(value);
        importCmd = parseImportCommand(value);
      } catch {
        cmd = null;
      }
      const answer: Promise<unknown> = cmd
        ? runStaffCommand(database, cmd)
        : backupCmd
          ? runBackupCommand(database, backupCmd)
          : importCmd
            ? runImportCommand(database, area, importCmd)
            : Promise.resolve({ ok: false, message: 'Unknown command.' });
      void answer.then((result) => conn.end(`${JSON.stringify(result)}\n`));
    });
  });
  // The socket file is made with the umask in force: owner-only from its first moment.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(file, { force: true });
    });
}

/** Sends one command to a running server; null when no server answers on the socket. */
export function sendToServer<R = StaffResult>(
  dataDir: string,
  cmd: StaffCommand | BackupCommand | ImportCommand,
): Promise<R | null> {
  return new Promise((resolve) => {
    const conn = net.connect(socketPath(dataDir));
    let buffer = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(`${JSON.stringify(cmd)}\n`));
    conn.on('data', (chunk: string) => (buffer += chunk));
    conn.on('error', () => resolve(null));
    conn.on('close', () => {
      try {
        resolve(buffer ? (JSON.parse(buffer) as R) : null);
      } catch {
        resolve(null);
      }
    });
  });
}
