// `pnpm city import <file> [<file> …]`: each file checked (size, encoding) and read in its format,
// the files of one run taken together (a street in two of them is one street with the lines of
// both: EqualStreetNames' ways and relations), written in one transaction (write.ts), and the
// report in words. A bad file changes nothing.
import { openSync, readSync, closeSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CityArea } from '@linz/contract';
import type { Database } from '../../db/client.js';
import { ImportFileError, type Candidate, type Parsed } from './candidate.js';
import { parseImport } from './formats.js';
import { geometryOf, linesOf, pointOnLine } from './geometry.js';
import { writeImport, type ImportReport } from './write.js';

/** The largest file read: a city's OpenStreetMap streets are a few MB; 100 MB is far beyond any city's. */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

/** The file's text: refused when too large, not a file, or not UTF-8 (a Latin-1 or UTF-16 export). */
export function readImportFile(file: string): string {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new ImportFileError(`${file} is not a file. Nothing was imported.`);
    size = stat.size;
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError(`Cannot read ${file} (${(err as Error).message}). Nothing was imported.`);
  }
  if (size > MAX_IMPORT_BYTES)
    throw new ImportFileError(
      `${file} has ${Math.round(size / 1024 / 1024)} MB; the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it (e.g. by district). Nothing was imported.`,
    );
  const bytes = Buffer.alloc(size);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, bytes, 0, size, 0);
  } finally {
    closeSync(fd);
  }
  if (size === 0) throw new ImportFileError(`${file} is empty. Nothing was imported.`);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportFileError(`${file} is not UTF-8 text (save it as UTF-8). Nothing was imported.`);
  }
}

/** The files of one run as one: an item found in several is one (a street with all their lines). */
export function together(files: { name: string; parsed: Parsed }[]): Parsed {
  if (files.length === 1 && files[0]) return files[0].parsed;
  const byKey = new Map<string, Candidate>();
  for (const { name, parsed } of files) {
    for (const c of parsed.candidates) {
      const at = `${name} ${c.at}`;
      const before = byKey.get(c.key);
      const lines = [before?.geometry, c.geometry].flatMap((g) => (g ? (linesOf(g) ?? []) : []));
      byKey.set(
        c.key,
        before && lines.length > 0
          ? { ...before, ...c, at, ...pointOnLine(lines), geometry: geometryOf(lines) }
          : { ...before, ...c, at },
      );
    }
  }
  return {
    format: [...new Set(files.map((f) => f.parsed.format))].join(' + '),
    candidates: [...byKey.values()],
    register: files.flatMap((f) => f.parsed.register),
    skipped: files.flatMap(({ name, parsed }) => parsed.skipped.map((s) => ({ ...s, at: `${name} ${s.at}` }))),
    read: files.reduce((n, f) => n + f.parsed.read, 0),
  };
}

export async function importFiles(
  database: Database,
  files: string[],
  area: CityArea,
  opts: { dryRun?: boolean; progress?: (done: number, total: number) => void } = {},
): Promise<ImportReport> {
  const parsed = files.map((file) => ({ name: path.basename(file), parsed: parseImport(readImportFile(file)) }));
  return writeImport(database, together(parsed), area, opts);
}

export const importFile = (
  database: Database,
  file: string,
  area: CityArea,
  opts: { dryRun?: boolean; progress?: (done: number, total: number) => void } = {},
): Promise<ImportReport> => importFiles(database, [file], area, opts);

/** The report as the command prints it. */
export function reportLines(r: ImportReport): string[] {
  const reasons = new Map<string, number>();
  for (const s of r.skipped) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
  return [
    `${r.dryRun ? 'Dry run (nothing written): ' : ''}${r.format}`,
    `rows read: ${r.read}`,
    `items: ${r.items.new} new, ${r.items.updated} updated, ${r.items.unchanged} unchanged`,
    ...(r.register.new + r.register.updated + r.register.unchanged > 0
      ? [`street register: ${r.register.new} new, ${r.register.updated} updated, ${r.register.unchanged} unchanged`]
      : []),
    `skipped: ${r.skipped.length}${reasons.size ? ` (${[...reasons].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`,
    ...r.skipped.map((s) => `  ${s.at}${s.name ? ` "${s.name}"` : ''}: ${s.reason}`),
    `possible duplicates: ${r.duplicates.length}`,
    ...r.duplicates.map((d) => `  "${d.name}" and "${d.other}": ${d.why}`),
  ];
}
