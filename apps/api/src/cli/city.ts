// `pnpm city init <folder> --name "<name>" --boundary <file.geojson>`: writes a starting city profile.
// `pnpm city import <file> [<file> …] [--dry-run]`: loads a city's data into the configured database (the
// CITY's boundary decides what is inside), as `pnpm staff` does: PostgreSQL directly; PGlite
// through the running server's control socket, or, when none runs, by opening the folder itself.
import path from 'node:path';
import { initCity } from '../city/init.js';
import { reportLines } from '../city/import/run.js';
import { invocationDir, loadConfigOrExit } from '../config.js';
import { IMPORT_FILES_MAX, runImportCommand, type ImportCommand, type ImportResult } from './city-commands.js';
import { sendToServer } from './control-socket.js';
import { cliMain, onConfiguredDatabase } from './main.js';

const USAGE = [
  'Usage: pnpm city init <folder> --name "<name>" --boundary <file.geojson>',
  '       pnpm city import <file> [<file> …] [--dry-run]',
].join('\n');

type InitCommand = { command: 'init'; folder: string; name: string; boundary: string };
type Command = InitCommand | ImportCommand;
type Result = { command: 'init'; files: string[] } | { command: 'import'; result: ImportResult };

function commandOf(args: string[]): Command | null {
  const here = invocationDir();
  const [command, target, ...rest] = args;
  if (target === undefined || target.startsWith('--')) return null;
  if (command === 'import') {
    const dryRun = rest.at(-1) === '--dry-run';
    const files = [target, ...(dryRun ? rest.slice(0, -1) : rest)];
    if (files.length > IMPORT_FILES_MAX || files.some((f) => f.startsWith('--'))) return null;
    return { command, files: files.map((f) => path.resolve(here, f)), dryRun };
  }
  if (command === 'init' && rest.length === 4) {
    const option = (flag: string) => rest[rest.indexOf(flag) + 1];
    const name = option('--name');
    const boundary = option('--boundary');
    if (!rest.includes('--name') || !rest.includes('--boundary') || !name?.trim() || !boundary) return null;
    return { command, folder: path.resolve(here, target), name: name.trim(), boundary: path.resolve(here, boundary) };
  }
  return null;
}

/** Progress of a large import on standard error (the report goes to standard output). */
const progress = (done: number, total: number) =>
  process.stderr.write(`\rimporting: ${done} of ${total}${done === total ? '\n' : ''}`);

async function run(cmd: Command): Promise<Result> {
  if (cmd.command === 'init') return { command: 'init', files: initCity(cmd.folder, cmd.name, cmd.boundary) };
  const config = loadConfigOrExit();
  const { result } = await onConfiguredDatabase((database) => runImportCommand(database, config.city.area, cmd, progress), {
    viaServer: (dir) => sendToServer<ImportResult>(dir, cmd),
  });
  return { command: 'import', result };
}

function print(r: Result): number {
  if (r.command === 'init') {
    console.log(`Wrote a starting profile: ${r.files.join(', ')}`);
    console.log('Fill in city.json and site.json, remove "example" from both, then start with CITY=<folder> (docs/cities.md).');
    return 0;
  }
  if (!r.result.ok) {
    console.error(r.result.message);
    return 1;
  }
  for (const line of reportLines(r.result.report)) console.log(line);
  return 0;
}

await cliMain(USAGE, commandOf, run, print);
