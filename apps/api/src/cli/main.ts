// What the command-line tools (`pnpm staff`, `pnpm backup`/`restore`, `pnpm seed:synthetic`) share:
// the database of the server's configuration, and a main that turns words into an exit code.
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { lockFolder } from '../db/folder-lock.js';

export type Reached<R> = {
  result: R;
  /** False only where the tool opened the embedded database itself (no server had it). */
  server: boolean;
};

/**
 * Runs `work` on the database a server with the same settings (DATA_DIR or DATABASE_URL) uses.
 * PostgreSQL: connects directly. PGlite (one process per data folder): through the running server
 * (`viaServer`, its control socket) or, when it answers nothing, by taking the folder's lock
 * (after `beforeOpen`) and opening the folder itself; never both.
 */
export async function onConfiguredDatabase<R>(
  work: (database: Database) => Promise<R>,
  { viaServer, beforeOpen }: { viaServer?: (dataDir: string) => Promise<R | null>; beforeOpen?: (dataDir: string) => void } = {},
): Promise<Reached<R>> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
    try {
      return { result: await work(database), server: true };
    } finally {
      await database.close();
    }
  }
  const answered = viaServer ? await viaServer(config.dataDir) : null;
  if (answered) return { result: answered, server: true };
  beforeOpen?.(config.dataDir);
  const lock = lockFolder(config.dataDir); // throws when a live server holds the folder
  try {
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      return { result: await work(database), server: false };
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * A tool's main: the words after the tool's name read by `parse` (none it understands: the usage,
 * exit code 2), then `run`, whose result `print` writes and turns into the exit code; an error's
 * message and exit code 1.
 */
export async function cliMain<C, R>(
  usage: string,
  parse: (args: string[]) => C | null,
  run: (cmd: C) => Promise<R>,
  print: (result: R) => number,
): Promise<void> {
  const cmd = parse(process.argv.slice(2));
  if (!cmd) {
    console.error(usage);
    process.exit(2);
  }
  try {
    process.exitCode = print(await run(cmd));
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}
