// `pnpm backup <file>` and `pnpm restore <file> [--force]` (in the image: `node dist/backup.js
// backup|restore …`), with the same configuration as the server (DATA_DIR or DATABASE_URL), also
// while it runs. PostgreSQL: connects directly. PGlite (one process per data folder): through the
// running server's control socket, or, when no server runs, by taking the folder's lock and
// opening it itself; never both. See domain/site/backup.ts for the file.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { invocationDir } from '../config.js';
import { runBackupCommand, type BackupCommand, type BackupResult } from './backup-commands.js';
import { sendToServer } from './control-socket.js';
import { cliMain, onConfiguredDatabase, type Reached } from './main.js';

const USAGE = 'Usage: pnpm backup <file> | pnpm restore <file> [--force]';

function commandOf(args: string[]): BackupCommand | null {
  const [command, file, ...rest] = args;
  if (file === undefined || file.startsWith('--')) return null;
  const absolute = path.resolve(invocationDir(), file);
  if (command === 'backup' && rest.length === 0) return { command, file: absolute };
  if (command === 'restore' && (rest.length === 0 || (rest.length === 1 && rest[0] === '--force'))) {
    return { command, file: absolute, force: rest.length === 1 };
  }
  return null;
}

function run(cmd: BackupCommand): Promise<Reached<BackupResult>> {
  return onConfiguredDatabase((database) => runBackupCommand(database, cmd), {
    viaServer: (dir) => sendToServer<BackupResult>(dir, cmd),
    // A restore may be the first thing a new installation sees; a backup needs a database that exists.
    beforeOpen: (dir) => {
      if (cmd.command === 'restore') mkdirSync(dir, { recursive: true });
      else if (!existsSync(path.join(dir, 'pglite'))) throw new Error(`There is no database in ${dir}.`);
    },
  });
}

function print({ result, server }: Reached<BackupResult>): number {
  if (!result.ok) {
    console.error(result.message);
    return 1;
  }
  const rows = result.tables.reduce((n, t) => n + t.rows, 0);
  const counts = result.tables.map((t) => `  ${t.name}\t${t.rows}`).join('\n');
  if (result.command === 'backup') {
    console.log(
      `Backed up ${rows} rows (schema ${result.migration}) to ${result.file}: ${result.bytes} bytes in ${result.seconds} s.`,
    );
  } else {
    console.log(`Restored ${rows} rows (schema ${result.migration}) from ${result.file} in ${result.seconds} s.`);
  }
  console.log(counts);
  // The server reads the cookie secret once at start: restarted, it signs with the restored one.
  if (result.command === 'restore' && server) {
    console.log('Restart the server now, so it uses the restored cookie secret (existing voters keep their votes).');
  }
  return 0;
}

await cliMain(USAGE, commandOf, run, print);
