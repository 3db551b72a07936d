// Deterministic synthetic data for benchmarks and scale tests (`pnpm seed:synthetic`): monuments in
// the Linz area with ids `syn-000001`…, proposals on them and their votes (always below the mayor's
// threshold, so no mail is queued). The same arguments give the same rows, byte for byte, on a
// fresh database: one seeded PRNG, fixed timestamps, inserts in a fixed order.
import { MAYOR_THRESHOLD } from '@linz/contract/facts';
import { sql } from 'drizzle-orm';
import { announceChange } from '../domain/read-cache.js';
import type { Database, Db } from './client.js';
import { interventions, monuments, votes } from './schema.js';

export const SYNTHETIC_PREFIX = 'syn-';

/** mulberry32: a small, fast PRNG with a 32-bit state; enough for test data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
/** An item by weight: `[[item, weight], …]`. */
function weighted<T>(rng: Rng, table: readonly [readonly [T, number], ...(readonly [T, number])[]]): T {
  let r = rng() * table.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of table) if ((r -= w) < 0) return item;
  return table[0][0];
}

// Shares close to the real Linz data (streets and plaques most common; few women).
const CATEGORIES = [
  ['street', 35],
  ['plaque', 20],
  ['memorial', 18],
  ['statue', 9],
  ['bust', 6],
  ['fountain', 4],
  ['column', 3],
  ['other', 5],
] as const;
const SEX_OF_PERSON = [
  ['male', 64],
  ['female', 20],
  ['mixed', 6],
  ['unspecified', 4],
  ['none', 6],
] as const;
const PEOPLE = {
  female: [
    'Käthe Leichter',
    'Rosa Jochmann',
    'Marianne Hainisch',
    'Bertha von Suttner',
    'Hedwig Schöß',
    'Anna Strauß',
    'Theresia Größwang',
    'Margarete Schütte-Lihotzky',
    'Jolanthe Weiß',
    'Gisela Kührer',
  ],
  male: [
    'Franz Jägerstätter',
    'Johannes Kepler',
    'Adalbert Stifter',
    'Anton Bruckner',
    'Kaspar Prößl',
    'Josef Blöchl',
    'Leopold Strüßl',
    'Hermann Bahr',
    'Matthäus Großauer',
    'Ignaz Fröhlich',
  ],
  mixed: ['Geschwister Schöberl', 'Familie Mühlbauer', 'Trümmerfrauen und Heimkehrer'],
  unspecified: ['Unbekannte Stifterin', 'N. Größl'],
} as const;
const TOPICS = [
  'Pestsäule',
  'Friedensglocke',
  'Donaulände',
  'Hochwasser 1954',
  'Brückenkopf',
  'Tabakfabrik',
  'Fußgängerbrücke',
  'Märzenkeller',
  'Schloßberg',
  'Rosengarten',
];
const DISTRICTS = [
  'Altstadt',
  'Urfahr',
  'Ebelsberg',
  'Kleinmünchen',
  'Pöstlingberg',
  'Bindermichl',
  'Froschberg',
  'Dornach',
  'Auhof',
  'Spallerhof',
  'Neue Heimat',
  'Pichling',
  'Katzbach',
  'St. Magdalena',
  'Lustenau',
  'Waldegg',
];
const LABEL: Record<(typeof CATEGORIES)[number][0], [de: string, en: string]> = {
  street: ['Straße', 'street'],
  plaque: ['Gedenktafel', 'plaque'],
  memorial: ['Gedenkstätte', 'memorial'],
  statue: ['Statue', 'statue'],
  bust: ['Büste', 'bust'],
  fountain: ['Brunnen', 'fountain'],
  column: ['Säule', 'column'],
  other: ['Erinnerungsort', 'place of remembrance'],
};
const PROPOSALS = ['Denkmal für', 'Gedenktafel für', 'Umbenennung nach', 'Skulptur von', 'Lesebank für', 'Platz für'];
const EMOJI = ['🗽', '🌳', '📜', '🎨', '🪧', '🌷', '🏛️', '⛲'];
/** Share of answered proposals per status (the rest stay open). */
const STATUSES = [
  ['open', 80],
  ['in_review', 10],
  ['planned', 5],
  ['declined', 3],
  ['done', 2],
] as const;

// The Linz area: a third of the monuments near the old town, the rest spread over the bounding box.
const BOX = { south: 48.25, north: 48.36, west: 14.22, east: 14.35 };
const CENTRE = { lat: 48.3059, lng: 14.2862 };
const BASE_TIME = Date.UTC(2026, 0, 1);
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function position(rng: Rng) {
  if (rng() < 0.35) {
    // Box–Muller: a normal spread of about 1 km around the centre.
    const r = Math.sqrt(-2 * Math.log(1 - rng()));
    const a = 2 * Math.PI * rng();
    return {
      lat: round6(clamp(CENTRE.lat + 0.009 * r * Math.cos(a), BOX.south, BOX.north)),
      lng: round6(clamp(CENTRE.lng + 0.013 * r * Math.sin(a), BOX.west, BOX.east)),
    };
  }
  return {
    lat: round6(BOX.south + rng() * (BOX.north - BOX.south)),
    lng: round6(BOX.west + rng() * (BOX.east - BOX.west)),
  };
}

function nameOf(category: keyof typeof LABEL, person: string | null, topic: string, district: string): string {
  if (!person) return category === 'street' ? `${topic.replace(/ \d+$/, '')}weg` : `${LABEL[category][0]} ${topic}`;
  const last = person.split(' ').at(-1) ?? person;
  switch (category) {
    case 'street':
      return district.length % 2 ? `${person.replaceAll(' ', '-')}-Straße` : `${last}straße`;
    case 'plaque':
      return `Gedenktafel für ${person}`;
    case 'statue':
      return `${person}-Denkmal`;
    default:
      return `${LABEL[category][0]} ${person}`;
  }
}

export type SyntheticMonument = typeof monuments.$inferInsert;

export function syntheticMonuments(count: number): SyntheticMonument[] {
  const rng = mulberry32(0x4c696e7a); // "Linz"
  const rows: SyntheticMonument[] = [];
  for (let i = 1; i <= count; i++) {
    const category = weighted(rng, CATEGORIES);
    const sex = ['column', 'fountain', 'other'].includes(category) ? 'none' : weighted(rng, SEX_OF_PERSON);
    const person = sex === 'none' ? null : pick(rng, PEOPLE[sex]);
    const topic = pick(rng, TOPICS);
    const district = pick(rng, DISTRICTS);
    const { lat, lng } = position(rng);
    const [de, en] = LABEL[category];
    const about = person ?? topic;
    rows.push({
      id: `${SYNTHETIC_PREFIX}${String(i).padStart(6, '0')}`,
      name: nameOf(category, person, topic, district),
      nameEn: rng() < 0.3 ? `${en.charAt(0).toUpperCase()}${en.slice(1)}: ${about}` : null,
      lat,
      lng,
      category,
      sex,
      validated: rng() < 0.7,
      shortDescription: `Synthetische Testdaten: ${de} in ${district}, erinnert an ${about}.`,
      shortDescriptionEn: `Synthetic test data: ${en} in ${district}, remembering ${about}.`,
      source: 'synthetic (pnpm seed:synthetic)',
      createdAt: new Date(BASE_TIME - Math.floor(rng() * 365 * 24 * 60) * 60_000),
    });
  }
  return rows;
}

export type SyntheticIntervention = Omit<typeof interventions.$inferInsert, 'id'>;

export function syntheticInterventions(count: number, monumentCount: number): SyntheticIntervention[] {
  if (monumentCount === 0) return [];
  const rng = mulberry32(0x566f7465); // "Vote"
  const rows: SyntheticIntervention[] = [];
  for (let i = 1; i <= count; i++) {
    // Squaring skews towards the first monuments: some gather many proposals, most few or none.
    const m = 1 + Math.floor(rng() ** 2 * monumentCount);
    const status = weighted(rng, STATUSES);
    const answered = status !== 'open';
    const who = pick(rng, [...PEOPLE.female, ...PEOPLE.female, ...PEOPLE.mixed, ...TOPICS]);
    rows.push({
      monumentId: `${SYNTHETIC_PREFIX}${String(m).padStart(6, '0')}`,
      name: `${pick(rng, PROPOSALS)} ${who}`,
      emoji: pick(rng, EMOJI),
      shortDescriptionEn: null,
      // Below the threshold: a synthetic proposal never queues the mayor's e-mail.
      votes: Math.floor(rng() * MAYOR_THRESHOLD),
      createdAt: new Date(BASE_TIME + Math.floor(rng() * 90 * 24 * 60) * 60_000),
      status,
      answerDe: answered ? `Synthetische Antwort der Stadt (${status}).` : null,
      answerEn: answered ? `Synthetic answer of the city (${status}).` : null,
      answeredAt: answered ? new Date(BASE_TIME + 100 * 24 * 3600_000) : null,
    });
  }
  return rows;
}

/** What the database holds that is not synthetic: the generator refuses to run beside it without --force. */
export async function realData(database: Database) {
  const [row] = await database.rows<Record<'monuments' | 'proposals' | 'votes' | 'reports', number | string>>(sql`SELECT
    (SELECT count(*) FROM monuments WHERE id NOT LIKE 'syn-%') AS monuments,
    (SELECT count(*) FROM interventions WHERE monument_id NOT LIKE 'syn-%' OR creator_ip_hash IS NOT NULL) AS proposals,
    (SELECT count(*) FROM votes WHERE voter_hash NOT LIKE 'syn-%') AS votes,
    (SELECT count(*) FROM reports) AS reports`);
  return {
    monuments: Number(row?.monuments ?? 0),
    proposals: Number(row?.proposals ?? 0),
    votes: Number(row?.votes ?? 0),
    reports: Number(row?.reports ?? 0),
  };
}

export class RealDataPresent extends Error {}

export type SyntheticOptions = { monuments: number; interventions: number; force?: boolean };
export type SyntheticResult = { monuments: number; interventions: number; votes: number; replaced: number };

const BATCH = 1000;
async function insertBatched<T>(items: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += BATCH) await insert(items.slice(i, i + BATCH));
}

/** Drops earlier synthetic rows (and anything hanging on them), so a re-run replaces them. */
async function dropSynthetic(database: Database, tx: Db): Promise<number> {
  const ofSynthetic = sql`(SELECT id FROM interventions WHERE monument_id LIKE 'syn-%')`;
  await database.rows(sql`DELETE FROM votes WHERE intervention_id IN ${ofSynthetic}`, tx);
  await database.rows(sql`DELETE FROM mayor_notifications WHERE intervention_id IN ${ofSynthetic}`, tx);
  await database.rows(sql`DELETE FROM interventions WHERE monument_id LIKE 'syn-%'`, tx);
  return (await database.rows(sql`DELETE FROM monuments WHERE id LIKE 'syn-%' RETURNING id`, tx)).length;
}

/**
 * Writes the synthetic data in one transaction, replacing earlier synthetic rows. Refuses
 * (RealDataPresent) when the database holds real data, unless `force`: then it adds beside it.
 * On an empty database it also marks it seeded, so the server does not add the Linz data later.
 */
export async function seedSynthetic(database: Database, opts: SyntheticOptions): Promise<SyntheticResult> {
  const found = await realData(database);
  if (!opts.force && Object.values(found).some((n) => n > 0)) {
    throw new RealDataPresent(
      `The database holds real data (${found.monuments} monuments, ${found.proposals} proposals, ${found.votes} votes, ` +
        `${found.reports} reports that are not synthetic). Use a fresh database, or --force to add synthetic data beside it.`,
    );
  }
  const monumentRows = syntheticMonuments(opts.monuments);
  const interventionRows = syntheticInterventions(opts.interventions, opts.monuments);
  const result = await database.db.transaction(async (tx) => {
    await database.rows(sql`INSERT INTO app_secrets (name, value) VALUES ('seeded', 'synthetic') ON CONFLICT DO NOTHING`, tx);
    const replaced = await dropSynthetic(database, tx);
    await insertBatched(monumentRows, (b) => tx.insert(monuments).values(b));
    const created: { id: number; votes: number }[] = [];
    await insertBatched(interventionRows, async (b) => {
      created.push(...(await tx.insert(interventions).values(b).returning({ id: interventions.id, votes: interventions.votes })));
    });
    // One vote row per counted vote, from made-up browsers (`syn-voter-<n>`), so counts and rows agree.
    const voteRows = created.flatMap(({ id, votes: n }) =>
      Array.from({ length: n }, (_, k) => ({
        interventionId: id,
        voterHash: `${SYNTHETIC_PREFIX}voter-${k + 1}`,
        ipHash: `${SYNTHETIC_PREFIX}ip`,
        createdAt: new Date(BASE_TIME + 100 * 24 * 3600_000 + k * 60_000),
      })),
    );
    await insertBatched(voteRows, (b) => tx.insert(votes).values(b));
    return { monuments: monumentRows.length, interventions: created.length, votes: voteRows.length, replaced };
  });
  // Running servers (PostgreSQL) rebuild their cached lists.
  await announceChange(database, 'monuments');
  await announceChange(database, 'interventions');
  return result;
}
