// `pnpm seed:synthetic --monuments <N> --proposals <M> [--votes <V>] [--region city|austria] [--force]`: fills the configured
// database (DATA_DIR or DATABASE_URL, as the server reads them) with deterministic synthetic data
// (src/db/synthetic.ts). On the embedded database it takes the folder's lock, so it refuses while a
// server runs on that folder: stop the server first (it rebuilds its lists at the next start).
import { mkdirSync } from 'node:fs';
import { lockHolder } from '../db/folder-lock.js';
import { loadConfig } from '../config.js';
import { aroundOf, seedSynthetic, type SyntheticOptions } from '../db/synthetic.js';
import { cliMain, onConfiguredDatabase } from './main.js';
import { parseArgs, USAGE } from './synthetic-args.js';

/** Only with the folder to itself: a running server would keep its lists of the data before. */
function refuseWhileServed(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const holder = lockHolder(dataDir);
  if (holder !== null) {
    throw new Error(
      `The data folder ${dataDir} is in use by process ${holder} (a running server). Stop it first, then run pnpm seed:synthetic again.`,
    );
  }
}

async function run(opts: SyntheticOptions) {
  const started = performance.now();
  const around = aroundOf(loadConfig().city);
  const { result } = await onConfiguredDatabase((database) => seedSynthetic(database, opts, around), {
    beforeOpen: refuseWhileServed,
  });
  return { opts, wrote: result, seconds: ((performance.now() - started) / 1000).toFixed(1) };
}

function print({ opts, wrote, seconds }: Awaited<ReturnType<typeof run>>): number {
  console.log(
    `Wrote ${wrote.monuments} synthetic monuments (syn-…${opts.region === 'austria' ? ', across Austria' : ''}), ` +
      `${wrote.proposals} proposals and ${wrote.votes} votes` +
      `${wrote.replaced ? `, replacing ${wrote.replaced} earlier synthetic monuments` : ''} in ${seconds} s.`,
  );
  return 0;
}

await cliMain(USAGE, (args) => parseArgs(args.filter((a) => a !== '--')), run, print);
