// Deterministic synthetic data for benchmarks and scale tests (`pnpm seed:synthetic`): monuments in
// the configured city's area, or with `--region austria` spread like Austria's towns, with ids
// `syn-000001`…, proposals on them and their votes (below the mayor's threshold, so no mail is
// queued; with `--votes N` exactly N votes, and a proposal at the threshold has its mail marked
// sent, never queued). The same arguments give the same rows, byte for byte, on a fresh database:
// seeded PRNGs, fixed timestamps, inserts in a fixed order.
import { MAYOR_THRESHOLD } from '@linz/contract/facts';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { announceChange } from '../domain/read-cache.js';
import type { City } from '../city/profile.js';
import type { Database, Db } from './client.js';
import { proposals, monuments } from './schema.js';
import { austriaPlace, pick, position, weighted, type Around, type Region } from './synthetic-places.js';

export { AUSTRIA_BOX, REGIONS, type Around, type Region } from './synthetic-places.js';

export const SYNTHETIC_PREFIX = 'syn-';

/** A city's area for the synthetic monuments: its boundary, centred where its map opens. */
export const aroundOf = ({ area, view }: Pick<City, 'area' | 'view'>): Around => ({ ...area, lat: view.lat, lng: view.lng });

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

const BASE_TIME = Date.UTC(2026, 0, 1);

// Shares close to the shipped city's real data (streets and plaques most common; few women).
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
/** Quarters a city's synthetic names mention (any city has them). */
const DISTRICTS = [
  'Altstadt',
  'Nord',
  'Süd',
  'Ost',
  'West',
  'Mitte',
  'Hafen',
  'Bahnhof',
  'Am Berg',
  'Neustadt',
  'Vorstadt',
  'Gartenstadt',
  'Au',
  'Heide',
  'Am Markt',
  'Schlossviertel',
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

/** `count` monuments in `around` (the city's area), or across Austria. */
export function syntheticMonuments(count: number, where: Around | 'austria'): SyntheticMonument[] {
  const rng = mulberry32(where === 'austria' ? 0x41757374 : 0x43697479); // "Aust", "City"
  const rows: SyntheticMonument[] = [];
  for (let i = 1; i <= count; i++) {
    const category = weighted(rng, CATEGORIES);
    const sex = ['column', 'fountain', 'other'].includes(category) ? 'none' : weighted(rng, SEX_OF_PERSON);
    const person = sex === 'none' ? null : pick(rng, PEOPLE[sex]);
    const topic = pick(rng, TOPICS);
    const { district, lat, lng } =
      where === 'austria' ? austriaPlace(rng) : { district: pick(rng, DISTRICTS), ...position(rng, where) };
    const [de, en] = LABEL[category];
    const about = person ?? topic;
    rows.push({
      id: `${SYNTHETIC_PREFIX}${String(i).padStart(6, '0')}`,
      name: nameOf(category, person, topic, district),
      name_en: rng() < 0.3 ? `${en.charAt(0).toUpperCase()}${en.slice(1)}: ${about}` : null,
      lat,
      lng,
      category,
      sex,
      validated: rng() < 0.7,
      shortDescription: `Synthetische Testdaten: ${de} in ${district}, erinnert an ${about}.`,
      shortDescription_en: `Synthetic test data: ${en} in ${district}, remembering ${about}.`,
      source: 'synthetic (pnpm seed:synthetic)',
      createdAt: new Date(BASE_TIME - Math.floor(rng() * 365 * 24 * 60) * 60_000),
    });
  }
  return rows;
}

export type SyntheticProposal = Omit<typeof proposals.$inferInsert, 'id'>;

export function syntheticProposals(count: number, monumentCount: number, totalVotes?: number): SyntheticProposal[] {
  if (monumentCount === 0) return [];
  const rng = mulberry32(0x566f7465); // "Vote"
  const rows: SyntheticProposal[] = [];
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
      shortDescription_en: null,
      // Below the threshold: a synthetic proposal never queues the mayor's e-mail.
      votes: Math.floor(rng() * MAYOR_THRESHOLD),
      createdAt: new Date(BASE_TIME + Math.floor(rng() * 90 * 24 * 60) * 60_000),
      status,
      answerDe: answered ? `Synthetische Antwort der Stadt (${status}).` : null,
      answerEn: answered ? `Synthetic answer of the city (${status}).` : null,
      answeredAt: answered ? new Date(BASE_TIME + 100 * 24 * 3600_000) : null,
    });
  }
  if (totalVotes !== undefined) spreadVotes(rows, totalVotes);
  return rows;
}

/**
 * Exactly `total` votes over the proposals, skewed as real votes are (a few proposals gather many,
 * most a handful): each gets a share by a cubed uniform draw, rounded down, and the votes left
 * over go one each to the proposals in order.
 */
function spreadVotes(rows: SyntheticProposal[], total: number) {
  if (rows.length === 0) return;
  const rng = mulberry32(0x42616c6c); // "Ball"
  const weights = rows.map(() => rng() ** 3);
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  let given = 0;
  rows.forEach((row, i) => {
    row.votes = Math.floor((total * (weights[i] ?? 0)) / sum);
    given += row.votes;
  });
  for (let i = 0; given < total; i = (i + 1) % rows.length, given++) {
    const row = rows[i] as SyntheticProposal;
    row.votes = (row.votes ?? 0) + 1;
  }
}

/** What the database holds that is not synthetic: the generator refuses to run beside it without --force. */
export async function realData(database: Database) {
  const [row] = await database.rows<Record<'monuments' | 'proposals' | 'votes' | 'reports', number | string>>(sql`SELECT
    (SELECT count(*) FROM monuments WHERE id NOT LIKE 'syn-%') AS monuments,
    (SELECT count(*) FROM proposals WHERE monument_id NOT LIKE 'syn-%' OR creator_ip_hash IS NOT NULL) AS proposals,
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

export type SyntheticOptions = {
  monuments: number;
  proposals: number;
  /** Exactly this many votes in all; without it each proposal gets 0 to 9. */
  votes?: number;
  /** The configured city's area (the default), or Austria's towns. */
  region?: Region;
  force?: boolean;
};
export type SyntheticResult = { monuments: number; proposals: number; votes: number; replaced: number };

/** Rows per INSERT: 50,000 monuments in 10 statements. */
const BATCH = 5000;

/**
 * Inserts rows as one JSON document per batch (`json_populate_recordset`): on PGlite a fifth of the
 * CPU of a multi-row VALUES list with a parameter per cell. Columns left out of the rows take their
 * defaults; the rows' keys are the schema's property names.
 */
async function insertRows(database: Database, tx: Db, table: PgTable, rows: readonly Record<string, unknown>[]) {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first);
  const names = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`no column for ${k}`);
    return column.name;
  });
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows
      .slice(i, i + BATCH)
      .map((r) => Object.fromEntries(keys.map((k, j): [string, unknown] => [names[j] as string, r[k]])));
    await database.rows(
      sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${JSON.stringify(batch)}::json)`,
      tx,
    );
  }
}

/** Drops earlier synthetic rows (and anything hanging on them), so a re-run replaces them. */
async function dropSynthetic(database: Database, tx: Db): Promise<number> {
  const ofSynthetic = sql`(SELECT id FROM proposals WHERE monument_id LIKE 'syn-%')`;
  await database.rows(sql`DELETE FROM votes WHERE proposal_id IN ${ofSynthetic}`, tx);
  await database.rows(sql`DELETE FROM mayor_notifications WHERE proposal_id IN ${ofSynthetic}`, tx);
  await database.rows(sql`DELETE FROM status_history WHERE proposal_id IN ${ofSynthetic}`, tx);
  await database.rows(sql`DELETE FROM proposals WHERE monument_id LIKE 'syn-%'`, tx);
  return (await database.rows(sql`DELETE FROM monuments WHERE id LIKE 'syn-%' RETURNING id`, tx)).length;
}

/** When the synthetic votes were cast: the k-th vote of a proposal k − 1 minutes after this. */
const VOTES_FROM = new Date(BASE_TIME + 100 * 24 * 3600_000).toISOString();

/**
 * Writes the synthetic data in one transaction, replacing earlier synthetic rows. Refuses
 * (RealDataPresent) when the database holds real data, unless `force`: then it adds beside it.
 * On an empty database it also marks it seeded, so the server does not add the city's seed later.
 * `around`: the configured city's area, where `--region city` puts the monuments.
 */
export async function seedSynthetic(database: Database, opts: SyntheticOptions, around?: Around): Promise<SyntheticResult> {
  const where = opts.region === 'austria' ? 'austria' : around;
  if (!where) throw new Error("seedSynthetic: the city region needs the city's area (aroundOf)");
  const found = await realData(database);
  if (!opts.force && Object.values(found).some((n) => n > 0)) {
    throw new RealDataPresent(
      `The database holds real data (${found.monuments} monuments, ${found.proposals} proposals, ${found.votes} votes, ` +
        `${found.reports} reports that are not synthetic). Use a fresh database, or --force to add synthetic data beside it.`,
    );
  }
  const monumentRows = syntheticMonuments(opts.monuments, where);
  const proposalRows = syntheticProposals(opts.proposals, opts.monuments, opts.votes);
  const result = await database.db.transaction(async (tx) => {
    await database.rows(
      sql`INSERT INTO app_secrets (name, value) VALUES ('seeded', 'synthetic'), ('seeded-commemorations', 'synthetic') ON CONFLICT DO NOTHING`,
      tx,
    );
    const replaced = await dropSynthetic(database, tx);
    await insertRows(database, tx, monuments, monumentRows);
    await insertRows(database, tx, proposals, proposalRows);
    // One vote row per counted vote, from made-up browsers (`syn-voter-<k>`), so counts and rows
    // agree; made by the database itself from the counts (a million rows in one statement).
    const [cast] = await database.rows<{ n: number | string }>(
      sql`WITH cast_votes AS (
        INSERT INTO votes (proposal_id, voter_hash, ip_hash, created_at)
        SELECT i.id, ${`${SYNTHETIC_PREFIX}voter-`} || k, ${`${SYNTHETIC_PREFIX}ip`},
          ${VOTES_FROM}::timestamptz + (k - 1) * interval '1 minute'
        FROM proposals i CROSS JOIN LATERAL generate_series(1, i.votes) AS k
        WHERE i.monument_id LIKE 'syn-%'
        RETURNING 1)
      SELECT count(*) AS n FROM cast_votes`,
      tx,
    );
    // A proposal at the threshold had its mail to the mayor sent (never queued: nobody gets it).
    await database.rows(
      sql`INSERT INTO mayor_notifications (proposal_id, vote_count, reached_at, status, attempts, next_attempt_at, sent_at)
        SELECT i.id, ${MAYOR_THRESHOLD}, ${VOTES_FROM}::timestamptz, 'sent', 1, ${VOTES_FROM}::timestamptz,
          ${VOTES_FROM}::timestamptz + interval '1 hour'
        FROM proposals i WHERE i.monument_id LIKE 'syn-%' AND i.votes >= ${MAYOR_THRESHOLD}`,
      tx,
    );
    return { monuments: monumentRows.length, proposals: proposalRows.length, votes: Number(cast?.n ?? 0), replaced };
  });
  // The planner's figures for the new rows (PostgreSQL's autovacuum would get there later).
  await database.rows(sql`ANALYZE monuments, proposals, votes`);
  // Running servers (PostgreSQL) rebuild their cached lists.
  await announceChange(database, 'monuments');
  await announceChange(database, 'proposals');
  return result;
}
