// `pnpm city import`, run on an open database: by the CLI itself, or by the server for the CLI
// through its control socket (PGlite, one process per data folder). The file is read by whoever
// holds the database; the socket is the server user's only (0600), so that is the CLI's user.
import path from 'node:path';
import type { CityArea } from '@linz/contract';
import { ImportFileError } from '../city/import/candidate.js';
import { importFiles } from '../city/import/run.js';
import type { ImportReport } from '../city/import/write.js';
import type { Database } from '../db/client.js';

export type ImportCommand = { command: 'import'; files: string[]; dryRun: boolean };
/** Files one import takes together (EqualStreetNames: ways and relations; a few more to spare). */
export const IMPORT_FILES_MAX = 10;
export type ImportResult = { ok: true; report: ImportReport } | { ok: false; message: string };

export function parseImportCommand(value: unknown): ImportCommand | null {
  if (typeof value !== 'object' || value === null) return null;
  const { command, files, dryRun } = value as { command?: unknown; files?: unknown; dryRun?: unknown };
  if (command !== 'import' || !Array.isArray(files) || files.length === 0 || files.length > IMPORT_FILES_MAX) return null;
  if (!files.every((f): f is string => typeof f === 'string' && path.isAbsolute(f))) return null;
  return { command, files, dryRun: dryRun === true };
}

export async function runImportCommand(
  database: Database,
  area: CityArea,
  cmd: ImportCommand,
  progress?: (done: number, total: number) => void,
): Promise<ImportResult> {
  try {
    return { ok: true, report: await importFiles(database, cmd.files, area, { dryRun: cmd.dryRun, progress }) };
  } catch (err) {
    if (err instanceof ImportFileError) return { ok: false, message: err.message };
    return { ok: false, message: `The import failed and changed nothing: ${(err as Error).message}` };
  }
}
