// `pnpm staff add "<name>" | list | revoke "<name>"`: manages the city's staff members with the
// same configuration as the server (DATA_DIR or DATABASE_URL). PostgreSQL: connects directly.
// PGlite (one process per data folder): through the running server's control socket, or, when
// no server runs, by taking the folder's lock and opening it itself; never both.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { lockFolder } from '../db/folder-lock.js';
import { runStaffCommand, type StaffCommand, type StaffResult } from './commands.js';
import { sendToServer } from './control-socket.js';

const USAGE = 'Usage: pnpm staff add "<name>" | pnpm staff list | pnpm staff revoke "<name>"';

function commandOf(args: string[]): StaffCommand | null {
  const [command, name, ...rest] = args;
  if (rest.length > 0) return null;
  if (command === 'list' && name === undefined) return { command };
  if ((command === 'add' || command === 'revoke') && name !== undefined) return { command, name };
  return null;
}

async function run(cmd: StaffCommand): Promise<StaffResult> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
    try {
      return await runStaffCommand(database, cmd);
    } finally {
      await database.close();
    }
  }
  const viaServer = await sendToServer(config.dataDir, cmd);
  if (viaServer) return viaServer;
  const lock = lockFolder(config.dataDir); // throws when a live server holds the folder
  try {
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      return await runStaffCommand(database, cmd);
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

function print(result: StaffResult): number {
  if (!result.ok) {
    console.error(result.message);
    return 1;
  }
  switch (result.command) {
    case 'add':
      console.log(`Added staff member "${result.name}". Their access token (shown once, only its hash is stored):`);
      console.log(result.token);
      return 0;
    case 'list':
      if (result.staff.length === 0) console.log('No staff members yet.');
      for (const s of result.staff) {
        const state = s.revokedAt ? `revoked ${s.revokedAt}` : `active, ${s.activeSessions} session(s)`;
        console.log(`${s.name}\tadded ${s.createdAt}\t${state}`);
      }
      return 0;
    case 'revoke':
      console.log(`Revoked "${result.name}"; their sessions have ended.`);
      return 0;
  }
}

const cmd = commandOf(process.argv.slice(2));
if (!cmd) {
  console.error(USAGE);
  process.exit(2);
}
try {
  process.exitCode = print(await run(cmd));
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
