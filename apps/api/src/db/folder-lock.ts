// PGlite allows one process per data folder. Whoever opens the folder (the server, or the staff
// CLI when no server runs) first takes this lock file, holding its process id; a second process
// finds it and stays out. A lock left by a process that is gone is taken over.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const lockPath = (dataDir: string) => path.join(dataDir, 'pglite.lock');

/** Whether process `pid` runs. Our own pid in a file is stale (a container restarted with the same pid). */
function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding the folder, or null when it is free (or its holder is gone). */
export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(lockPath(dataDir), 'utf8').trim());
    return alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export type FolderLock = { release(): void };

/** Takes the folder's lock or throws when a live process holds it. */
export function lockFolder(dataDir: string): FolderLock {
  const file = lockPath(dataDir);
  // A folder named but not made yet (a first `pnpm city import`) is made, as PGlite would.
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        release() {
          try {
            if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(dataDir);
      if (holder !== null) throw new Error(`The data folder ${dataDir} is in use by process ${holder}.`);
      unlinkSync(file); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}
