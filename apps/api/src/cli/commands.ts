// The staff commands (add, list, revoke), run on an open database: by the CLI itself, or by the
// server for the CLI through its control socket (PGlite, one process per data folder).
import type { Database } from '../db/client.js';
import { addStaff, listStaff, revokeStaff, type StaffListEntry } from '../domain/staff/staff.js';

export type StaffCommand = { command: 'add'; name: string } | { command: 'list' } | { command: 'revoke'; name: string };
export type StaffResult =
  | { ok: true; command: 'add'; name: string; token: string }
  | { ok: true; command: 'list'; staff: StaffListEntry[] }
  | { ok: true; command: 'revoke'; name: string }
  | { ok: false; message: string };

export function parseCommand(value: unknown): StaffCommand | null {
  if (typeof value !== 'object' || value === null) return null;
  const { command, name } = value as { command?: unknown; name?: unknown };
  if (command === 'list') return { command };
  if ((command === 'add' || command === 'revoke') && typeof name === 'string') return { command, name };
  return null;
}

export async function runStaffCommand(database: Database, cmd: StaffCommand): Promise<StaffResult> {
  try {
    switch (cmd.command) {
      case 'add':
        return { ok: true, command: 'add', name: cmd.name.trim(), token: await addStaff(database, cmd.name) };
      case 'list':
        return { ok: true, command: 'list', staff: await listStaff(database) };
      case 'revoke':
        await revokeStaff(database, cmd.name);
        return { ok: true, command: 'revoke', name: cmd.name };
    }
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
}
