// Vitest global setup for the PGlite project: one migrated and seeded database for the run, made
// once, with the settings a server runs PGlite with. Tests copy it: in memory (harness.ts
// freshDatabase) or as a data folder for a server process (harness.ts freshDataDir).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_START_PARAMS } from '../../src/db/client.js';
import { seedCity } from '../../src/db/seed.js';
import { linzCity } from './city.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder (`DATA_DIR/pglite`'s contents), migrated and seeded. */
    pgliteFolder: string;
    /** The same as PGlite's data dump (a tar), which PGlite.create loads in memory. */
    pgliteDump: string;
  }
}

export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'linz-pglite-template-'));
  const folder = path.join(root, 'pglite');
  const pg = new PGlite(folder, { startParams: PGLITE_START_PARAMS });
  const database = await openDatabase({ pglite: pg });
  await seedCity(database, linzCity());
  // Written to the files before the dump: a copy starts without replaying the seed's log.
  await pg.exec('CHECKPOINT');
  const dump = path.join(root, 'template.tar');
  writeFileSync(dump, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('pgliteFolder', folder);
  project.provide('pgliteDump', dump);
  return () => rmSync(root, { recursive: true, force: true });
}
