// Fills a fresh embedded database (DATA_DIR) with the Linz seed plus N synthetic monuments
// spread over Linz, deterministically, before the API starts on it: for the map's 10k benchmark
// and its scale test. Run with tsx from the API package (it imports the API's db modules):
//   DATA_DIR=/tmp/x pnpm --filter @linz/api exec tsx ../web/scripts/seed-monuments.mjs 10000
// (The API's own `pnpm seed:synthetic`, when present, is the general tool; this is the map's.)
import { openDatabase } from '../../api/src/db/client.ts';
import { monuments } from '../../api/src/db/schema.ts';
import { seedLinz } from '../../api/src/db/seed.ts';

const count = Number(process.argv[2] ?? 10_000);
const dataDir = process.env.DATA_DIR;
if (!dataDir || !Number.isInteger(count) || count < 0) {
  console.error('usage: DATA_DIR=<dir> tsx seed-monuments.mjs <count>');
  process.exit(2);
}
const CATEGORIES = ['statue', 'bust', 'plaque', 'street'];
const SEXES = ['female', 'male', 'mixed', 'none', 'unspecified'];
// A small LCG: the same count gives the same monuments.
let state = 12345;
const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

const database = await openDatabase({ dataDir });
await seedLinz(database);
const rows = Array.from({ length: count }, (_, i) => ({
  id: `mon-synth-${i}`,
  name: `Synthetisches Denkmal ${i}`,
  lat: 48.25 + random() * 0.11,
  lng: 14.22 + random() * 0.14,
  category: CATEGORIES[i % CATEGORIES.length],
  sex: SEXES[i % SEXES.length],
  validated: i % 5 !== 0,
}));
for (let i = 0; i < rows.length; i += 1000) await database.db.insert(monuments).values(rows.slice(i, i + 1000));
await database.close();
console.log(`seeded ${count} synthetic monuments in ${dataDir}`);
