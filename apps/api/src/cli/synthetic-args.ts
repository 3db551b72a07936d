// The arguments of `pnpm seed:synthetic` (cli/seed-synthetic.ts), apart so a test can read them.
import { REGIONS, type Region, type SyntheticOptions } from '../db/synthetic.js';

export const USAGE = 'Usage: pnpm seed:synthetic --monuments <N> --proposals <M> [--votes <V>] [--region city|austria] [--force]';
const MAX = { '--monuments': 1_000_000, '--proposals': 1_000_000, '--votes': 10_000_000 } as const;

export function parseArgs(args: string[]): SyntheticOptions | null {
  const opts: SyntheticOptions = { monuments: -1, proposals: 0, force: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--force') opts.force = true;
    else if (arg === '--region') {
      const value = args[++i];
      if (!(REGIONS as readonly (string | undefined)[]).includes(value)) return null;
      opts.region = value as Region;
    } else if (arg === '--monuments' || arg === '--proposals' || arg === '--votes') {
      const value = args[++i];
      if (value === undefined || !/^\d+$/.test(value) || Number(value) > MAX[arg]) return null;
      opts[arg === '--monuments' ? 'monuments' : arg === '--proposals' ? 'proposals' : 'votes'] = Number(value);
    } else return null;
  }
  return opts.monuments >= 0 ? opts : null;
}
