// `pnpm seed:synthetic --monuments <N> --interventions <M> [--votes <V>] [--region linz|austria] [--force]`: fills the configured
// database (DATA_DIR or DATABASE_URL, as the server reads them) with deterministic synthetic data
// (src/db/synthetic.ts). On the embedded database it takes the folder's lock, so it refuses while a
// server runs on that folder: stop the server first (it rebuilds its lists at the next start).
import { mkdirSync } from 'node:fs';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { lockFolder, lockHolder } from '../db/folder-lock.js';
import { seedSynthetic } from '../db/synthetic.js';
import { parseArgs, USAGE } from './synthetic-args.js';

async function withDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  }
  mkdirSync(config.dataDir, { recursive: true });
  const holder = lockHolder(config.dataDir);
  if (holder !== null) {
    throw new Error(
      `The data folder ${config.dataDir} is in use by process ${holder} (a running server). Stop it first, then run pnpm seed:synthetic again.`,
    );
  }
  const lock = lockFolder(config.dataDir);
  try {
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      return await run(database);
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

const opts = parseArgs(process.argv.slice(2).filter((a) => a !== '--'));
if (!opts) {
  console.error(USAGE);
  process.exit(2);
}
try {
  const started = performance.now();
  const wrote = await withDatabase((database) => seedSynthetic(database, opts));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Wrote ${wrote.monuments} synthetic monuments (syn-…${opts.region === 'austria' ? ', across Austria' : ''}), ` +
      `${wrote.interventions} proposals and ${wrote.votes} votes` +
      `${wrote.replaced ? `, replacing ${wrote.replaced} earlier synthetic monuments` : ''} in ${seconds} s.`,
  );
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
