// `pnpm staff add "<name>" | list | revoke "<name>"`: manages the city's staff members with the
// same configuration as the server (DATA_DIR or DATABASE_URL). PostgreSQL: connects directly.
// PGlite (one process per data folder): through the running server's control socket, or, when
// no server runs, by taking the folder's lock and opening it itself; never both.
import { runStaffCommand, type StaffCommand, type StaffResult } from './commands.js';
import { sendToServer } from './control-socket.js';
import { cliMain, onConfiguredDatabase } from './main.js';

const USAGE = 'Usage: pnpm staff add "<name>" | pnpm staff list | pnpm staff revoke "<name>"';

function commandOf(args: string[]): StaffCommand | null {
  const [command, name, ...rest] = args;
  if (rest.length > 0) return null;
  if (command === 'list' && name === undefined) return { command };
  if ((command === 'add' || command === 'revoke') && name !== undefined) return { command, name };
  return null;
}

const run = async (cmd: StaffCommand): Promise<StaffResult> =>
  (await onConfiguredDatabase((database) => runStaffCommand(database, cmd), { viaServer: (dir) => sendToServer(dir, cmd) }))
    .result;

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

await cliMain(USAGE, commandOf, run, print);
