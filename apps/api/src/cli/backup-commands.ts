// The backup commands (backup, restore), run on an open database: by the CLI itself, or by the
// server for the CLI through its control socket (PGlite, one process per data folder). The file
// is written and read by whoever holds the database; the socket is the server user's only (0600),
// so that is the same user as the CLI's.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client.js';
import { createBackup, readBackup, restoreBackup } from '../domain/site/backup.js';

export type BackupCommand = { command: 'backup'; file: string } | { command: 'restore'; file: string; force: boolean };
export type TableCount = { name: string; rows: number };
export type BackupResult =
  | { ok: true; command: 'backup'; file: string; bytes: number; tables: TableCount[]; migration: string; seconds: number }
  | { ok: true; command: 'restore'; file: string; tables: TableCount[]; migration: string; seconds: number }
  | { ok: false; message: string };

export function parseBackupCommand(value: unknown): BackupCommand | null {
  if (typeof value !== 'object' || value === null) return null;
  const { command, file, force } = value as { command?: unknown; file?: unknown; force?: unknown };
  if (typeof file !== 'string' || !path.isAbsolute(file)) return null;
  if (command === 'backup') return { command, file };
  if (command === 'restore') return { command, file, force: force === true };
  return null;
}

export async function runBackupCommand(database: Database, cmd: BackupCommand): Promise<BackupResult> {
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  try {
    if (cmd.command === 'backup') {
      const { file, header } = await createBackup(database);
      // Written beside and renamed into place: a failed backup never leaves a half file under the name.
      const partial = `${cmd.file}.partial`;
      try {
        writeFileSync(partial, file, { mode: 0o600 });
        renameSync(partial, cmd.file);
      } finally {
        rmSync(partial, { force: true });
      }
      return {
        ok: true,
        command: 'backup',
        file: cmd.file,
        bytes: file.length,
        tables: header.tables.map(({ name, rows }) => ({ name, rows })),
        migration: header.schema.migration,
        seconds: seconds(),
      };
    }
    const backup = readBackup(readFileSync(cmd.file));
    const { tables } = await restoreBackup(database, backup, { force: cmd.force });
    return {
      ok: true,
      command: 'restore',
      file: cmd.file,
      tables,
      migration: backup.header.schema.migration,
      seconds: seconds(),
    };
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
}
