// `pnpm --filter @linz/api exec tsx bench/write-costs.ts`: what one write costs the finder's indexes
// at a country's size (50,000 monuments, 20,000 proposals), updated in place from the index before
// (domain/lists/finder.ts) beside the same index built whole from the same lists, in the same run.
// The lists are kept as the app keeps them (read-cache.ts merges a write's items by id); the rows
// are this script's, since the database is not what is measured. Prints, per write, the CPU time
// of each (the median of ROUNDS) and their ratio. docs/performance.md has the figures.
import type { Monument, MonumentFilters } from '@linz/contract';
import { monumentIndexSteps, pairOf, proposalIndexSteps } from '../src/domain/lists/finder.js';
import { runAtOnce } from '../src/domain/lists/models.js';
import { publicListCaches } from '../src/domain/lists/list-caches.js';

const MONUMENTS = 50_000;
const PROPOSALS = 20_000;
const ROUNDS = 5;
const WORDS = ['Brunnen', 'Tafel', 'Kepler', 'Stifter', 'Donau', 'Straße', 'Säule', 'Büste'];

let seed = 7;
const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const monumentRows: Monument[] = Array.from({ length: MONUMENTS }, (_, i) => ({
  id: `syn-${String(i).padStart(5, '0')}`,
  name: `${WORDS[i % 8]} ${WORDS[(i * 7) % 8]} ${i}`,
  geoLocX: 48.25 + next() * 0.1,
  geoLocY: 14.22 + next() * 0.13,
  category: ['statue', 'plaque', 'memorial', 'bust', 'street'][i % 5] as string,
  sex: i % 3 ? 'male' : 'female',
  validated: i % 4 !== 0,
  shortDescription: 'Ein Denkmal',
  shortDescription_en: 'A monument',
  image: '',
  alternatives: [],
  proposals: i % 5,
}));
type Row = { id: number; monumentId: string; name: string; emoji: string; votes: number };
const proposalRows: Row[] = Array.from({ length: PROPOSALS }, (_, i) => ({
  id: i + 1,
  monumentId: (monumentRows[(i * 13) % MONUMENTS] as Monument).id,
  name: `Vorschlag ${WORDS[i % 8]} ${i}`,
  emoji: '🌳',
  votes: (i * 7919) % 40,
}));
/** The rows by id, kept with every change below: a refresh's read of a few rows costs next to nothing here. */
const monumentById = new Map(monumentRows.map((r) => [r.id, r]));
const proposalById = new Map(proposalRows.map((r) => [r.id, r]));
const rowsOf =
  <T extends { id: I }, I>(rows: T[], byId: Map<I, T>) =>
  async (ids?: I[]) =>
    ids ? ids.flatMap((id) => byId.get(id) ?? []) : rows;
const { monuments, proposals } = publicListCaches({
  monuments: rowsOf(monumentRows, monumentById),
  proposals: rowsOf(proposalRows, proposalById),
});
/** A row changed or added, in the rows and by id. */
function put<T extends { id: I }, I>(rows: T[], byId: Map<I, T>, row: T, at = rows.length) {
  rows[at] = row;
  byId.set(row.id, row);
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function timed<T>(run: () => T): { value: T; ms: number } {
  const began = cpuMs();
  const value = run();
  return { value, ms: cpuMs() - began };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

// The indexes of the lists now, with the filter sets and searches a city's readers keep in use.
let monumentIndex = runAtOnce(monumentIndexSteps((await monuments.get()).data, undefined));
let proposalIndex = runAtOnce(proposalIndexSteps(pairOf((await proposals.get()).data, (await monuments.get()).data), undefined));
const inUse: MonumentFilters[] = [
  {},
  { category: ['statue'] },
  { proposals: true },
  { validated: true },
  { sex: ['female'] },
  { q: 'donau' },
];
for (const filters of inUse) monumentIndex.matching(filters);

const costs = new Map<string, { whole: number[]; updated: number[] }>();
/** Both indexes of the lists now: updated from the ones before, and built whole (the reference). */
async function measure(write: string) {
  const m = (await monuments.get()).data;
  const p = (await proposals.get()).data;
  const cost = costs.get(write) ?? { whole: [], updated: [] };
  costs.set(write, cost);
  const wholeM = timed(() => runAtOnce(monumentIndexSteps(m.slice(), monumentIndex)));
  const wholeP = timed(() => runAtOnce(proposalIndexSteps(pairOf(p.slice(), m), proposalIndex)));
  const updatedM = timed(() => runAtOnce(monumentIndexSteps(m, monumentIndex)));
  const updatedP = timed(() => runAtOnce(proposalIndexSteps(pairOf(p, m), proposalIndex)));
  if (!updatedM.value.updatedFrom && m !== monumentIndex.list)
    throw new Error(`${write}: the monuments' index was not updated in place`);
  cost.whole.push(wholeM.ms + wholeP.ms);
  cost.updated.push(updatedM.ms + updatedP.ms);
  monumentIndex = updatedM.value;
  proposalIndex = updatedP.value;
}
/** The lists' own refreshes (read-cache.ts: the items read again and merged in), CPU ms per write. */
const refreshes = new Map<string, number[]>();
let refreshed = 0;
const refresh = async (cache: typeof monuments | typeof proposals, ids: (string | number)[]) => {
  const began = cpuMs();
  await cache.changed?.(ids);
  refreshed += cpuMs() - began;
};
const refreshedFor = (write: string) => {
  refreshes.set(write, [...(refreshes.get(write) ?? []), refreshed]);
  refreshed = 0;
};

for (let round = 0; round < ROUNDS; round++) {
  const voted = proposalRows[5000 + round] as Row;
  put(proposalRows, proposalById, { ...voted, votes: voted.votes + 1 }, 5000 + round);
  await refresh(proposals, [voted.id]);
  refreshedFor('a vote');
  await measure('a vote');

  const target = monumentRows[100 + round] as Monument;
  put(monumentRows, monumentById, { ...target, proposals: target.proposals + 1 }, 100 + round);
  put(proposalRows, proposalById, {
    id: proposalRows.length + 1,
    monumentId: target.id,
    name: `Neu ${round}`,
    emoji: '🌳',
    votes: 0,
  });
  await refresh(monuments, [target.id]);
  await refresh(proposals, [proposalRows.length]);
  refreshedFor('a proposal (and its monument’s count)');
  await measure('a proposal (and its monument’s count)');

  const id = `new-${round}`;
  put(monumentRows, monumentById, { ...(monumentRows[0] as Monument), id, name: `${WORDS[round % 8]} Neu ${round}` });
  await refresh(monuments, [id]);
  refreshedFor('a visitor’s monument');
  await measure('a visitor’s monument');
}

console.log(
  `one write's cost to the finder's indexes, ${MONUMENTS} monuments and ${PROPOSALS} proposals, CPU ms (median of ${ROUNDS}):`,
);
console.log('| write | the lists refreshed | indexes built whole | indexes updated in place | ratio |');
console.log('| --- | --- | --- | --- | --- |');
for (const [write, { whole, updated }] of costs) {
  const w = median(whole);
  const u = median(updated);
  const r = median(refreshes.get(write) ?? [0]);
  console.log(`| ${write} | ${r.toFixed(2)} | ${w.toFixed(1)} | ${u.toFixed(1)} | ${(u / w).toFixed(3)}x |`);
}
