// Deterministic synthetic data for benchmarks and scale tests (`pnpm seed:synthetic`): monuments in
// the Linz area, or with `--region austria` spread like Austria's towns, with ids
// `syn-000001`…, proposals on them and their votes (below the mayor's threshold, so no mail is
// queued; with `--votes N` exactly N votes, and a proposal at the threshold has its mail marked
// sent, never queued). The same arguments give the same rows, byte for byte, on a fresh database:
// seeded PRNGs, fixed timestamps, inserts in a fixed order.
import { MAYOR_THRESHOLD } from '@linz/contract/facts';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { announceChange } from '../domain/read-cache.js';
import type { Database, Db } from './client.js';
import { interventions, monuments } from './schema.js';

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

/** Where synthetic monuments stand: the Linz area, or Austria's towns. */
export const REGIONS = ['linz', 'austria'] as const;
export type Region = (typeof REGIONS)[number];

/**
 * Austrian towns: name, latitude, longitude, inhabitants (rounded, about 2024). A monument picks a
 * town by inhabitants^0.8 (small towns have more monuments per head than Vienna) and stands
 * around it in a normal spread that grows with the town (about 10 km for Vienna, 1.3 km for a
 * town of 10,000), now and then three times as wide (the villages around).
 */
const TOWNS: readonly (readonly [string, number, number, number])[] = [
  ['Wien', 48.2082, 16.3738, 1_980_000],
  ['Graz', 47.0707, 15.4395, 300_000],
  ['Linz', 48.3069, 14.2858, 210_000],
  ['Salzburg', 47.8095, 13.055, 157_000],
  ['Innsbruck', 47.2692, 11.4041, 132_000],
  ['Klagenfurt', 46.6247, 14.3053, 104_000],
  ['Villach', 46.6103, 13.8558, 65_000],
  ['Wels', 48.1575, 14.0289, 63_000],
  ['St. Pölten', 48.2047, 15.6256, 56_000],
  ['Dornbirn', 47.4125, 9.7417, 51_000],
  ['Wiener Neustadt', 47.8151, 16.2463, 47_000],
  ['Steyr', 48.0427, 14.4213, 38_000],
  ['Feldkirch', 47.2331, 9.6, 35_000],
  ['Bregenz', 47.5031, 9.7471, 30_000],
  ['Leonding', 48.26, 14.25, 29_000],
  ['Klosterneuburg', 48.3053, 16.3253, 28_000],
  ['Baden', 48.0075, 16.2344, 26_000],
  ['Wolfsberg', 46.8406, 14.8442, 25_000],
  ['Leoben', 47.3817, 15.0972, 25_000],
  ['Krems', 48.4092, 15.6142, 25_000],
  ['Traun', 48.2214, 14.2397, 25_000],
  ['Amstetten', 48.1229, 14.872, 23_000],
  ['Lustenau', 47.4264, 9.6589, 23_000],
  ['Kapfenberg', 47.4442, 15.2931, 23_000],
  ['Hallein', 47.6833, 13.1, 21_000],
  ['Mödling', 48.0856, 16.2831, 20_000],
  ['Schwechat', 48.1381, 16.4708, 20_000],
  ['Kufstein', 47.5833, 12.1667, 19_000],
  ['Traiskirchen', 48.0167, 16.2833, 19_000],
  ['Braunau am Inn', 48.2567, 13.0353, 17_000],
  ['Stockerau', 48.3833, 16.2167, 17_000],
  ['Ansfelden', 48.2097, 14.29, 17_000],
  ['Saalfelden', 47.4269, 12.8483, 16_000],
  ['Tulln', 48.3322, 16.0547, 16_000],
  ['Hohenems', 47.3667, 9.6833, 16_000],
  ['Telfs', 47.3069, 11.0722, 16_000],
  ['Bruck an der Mur', 47.4106, 15.2686, 16_000],
  ['Spittal an der Drau', 46.8, 13.5, 15_000],
  ['Ternitz', 47.7167, 16.0333, 15_000],
  ['Perchtoldsdorf', 48.1167, 16.2667, 15_000],
  ['Eisenstadt', 47.8456, 16.5233, 15_000],
  ['Feldkirchen in Kärnten', 46.7236, 14.0919, 14_000],
  ['Bludenz', 47.1547, 9.8222, 14_000],
  ['Bad Ischl', 47.7111, 13.6239, 14_000],
  ['Schwaz', 47.35, 11.7, 14_000],
  ['Hall in Tirol', 47.2833, 11.5, 14_000],
  ['Wörgl', 47.4894, 12.0664, 14_000],
  ['Marchtrenk', 48.1917, 14.1106, 14_000],
  ['Gmunden', 47.9181, 13.7994, 13_000],
  ['Wals-Siezenheim', 47.7833, 12.9667, 13_000],
  ['Neunkirchen', 47.7269, 16.0817, 13_000],
  ['Korneuburg', 48.3453, 16.3331, 13_000],
  ['St. Veit an der Glan', 46.7667, 14.3667, 12_000],
  ['Vöcklabruck', 48.0086, 13.6558, 12_000],
  ['Lienz', 46.8294, 12.7697, 12_000],
  ['Ried im Innkreis', 48.21, 13.4894, 12_000],
  ['Knittelfeld', 47.215, 14.8294, 12_000],
  ['Weiz', 47.2189, 15.6253, 12_000],
  ['Mistelbach', 48.5667, 16.5667, 12_000],
  ['Hollabrunn', 48.5667, 16.0833, 12_000],
  ['Leibnitz', 46.7833, 15.5333, 12_000],
  ['Zwettl', 48.6033, 15.1689, 11_000],
  ['Gänserndorf', 48.3392, 16.7203, 11_000],
  ['Deutschlandsberg', 46.8167, 15.2167, 11_000],
  ['St. Johann im Pongau', 47.35, 13.2, 11_000],
  ['Imst', 47.2394, 10.7381, 11_000],
  ['Waidhofen an der Ybbs', 47.9597, 14.7744, 11_000],
  ['Völkermarkt', 46.6617, 14.6344, 11_000],
  ['Zell am See', 47.325, 12.7944, 10_000],
  ['Neusiedl am See', 47.9486, 16.8431, 8_500],
  ['Fürstenfeld', 47.05, 16.0833, 8_500],
  ['Freistadt', 48.5117, 14.5061, 8_000],
  ['Landeck', 47.1392, 10.5656, 8_000],
  ['Liezen', 47.5667, 14.2333, 8_000],
  ['Oberwart', 47.2878, 16.2031, 7_800],
  ['Mattersburg', 47.7378, 16.3969, 7_400],
  ['Horn', 48.6628, 15.6564, 6_500],
  ['Rohrbach', 48.5733, 13.9883, 6_000],
  ['Melk', 48.2269, 15.3436, 5_500],
  ['Bad Aussee', 47.61, 13.7817, 5_000],
  ['Güssing', 47.0597, 16.3244, 3_700],
  ['Murau', 47.1108, 14.1711, 3_500],
];
const TOWN_WEIGHTS = TOWNS.map(([name, , , people]) => [name, people ** 0.8] as const) as unknown as readonly [
  readonly [string, number],
  ...(readonly [string, number])[],
];
const TOWN_BY_NAME = new Map(TOWNS.map((t) => [t[0], t]));
/** Austria's bounding box: every synthetic monument of the region stands inside it. */
export const AUSTRIA_BOX = { south: 46.37, north: 49.02, west: 9.53, east: 17.16 };

/** Box–Muller: a standard normal pair. */
function normal(rng: Rng): [number, number] {
  const r = Math.sqrt(-2 * Math.log(1 - rng()));
  const a = 2 * Math.PI * rng();
  return [r * Math.cos(a), r * Math.sin(a)];
}

function austriaPlace(rng: Rng): { district: string; lat: number; lng: number } {
  const [district, lat0, lng0, people] = TOWN_BY_NAME.get(weighted(rng, TOWN_WEIGHTS)) ?? ['Wien', 48.2082, 16.3738, 1_980_000];
  const km = (0.6 + 2.2 * Math.sqrt(people / 100_000)) * (rng() < 0.15 ? 3 : 1);
  const b = AUSTRIA_BOX;
  // A few draws until one falls inside the box (a border town's spread reaches over it), else the town itself.
  for (let tries = 0; tries < 8; tries++) {
    const [dy, dx] = normal(rng);
    const lat = lat0 + (dy * km) / 111.2;
    const lng = lng0 + (dx * km) / (111.2 * Math.cos((lat0 * Math.PI) / 180));
    if (lat >= b.south && lat <= b.north && lng >= b.west && lng <= b.east)
      return { district, lat: round6(lat), lng: round6(lng) };
  }
  return { district, lat: lat0, lng: lng0 };
}

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

export function syntheticMonuments(count: number, region: Region = 'linz'): SyntheticMonument[] {
  const rng = mulberry32(region === 'austria' ? 0x41757374 : 0x4c696e7a); // "Aust", "Linz"
  const rows: SyntheticMonument[] = [];
  for (let i = 1; i <= count; i++) {
    const category = weighted(rng, CATEGORIES);
    const sex = ['column', 'fountain', 'other'].includes(category) ? 'none' : weighted(rng, SEX_OF_PERSON);
    const person = sex === 'none' ? null : pick(rng, PEOPLE[sex]);
    const topic = pick(rng, TOPICS);
    const { district, lat, lng } =
      region === 'austria' ? austriaPlace(rng) : { district: pick(rng, DISTRICTS), ...position(rng) };
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

export function syntheticInterventions(count: number, monumentCount: number, totalVotes?: number): SyntheticIntervention[] {
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
  if (totalVotes !== undefined) spreadVotes(rows, totalVotes);
  return rows;
}

/**
 * Exactly `total` votes over the proposals, skewed as real votes are (a few proposals gather many,
 * most a handful): each gets a share by a cubed uniform draw, rounded down, and the votes left
 * over go one each to the proposals in order.
 */
function spreadVotes(rows: SyntheticIntervention[], total: number) {
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
    const row = rows[i] as SyntheticIntervention;
    row.votes = (row.votes ?? 0) + 1;
  }
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

export type SyntheticOptions = {
  monuments: number;
  interventions: number;
  /** Exactly this many votes in all; without it each proposal gets 0 to 9. */
  votes?: number;
  region?: Region;
  force?: boolean;
};
export type SyntheticResult = { monuments: number; interventions: number; votes: number; replaced: number };

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
  const ofSynthetic = sql`(SELECT id FROM interventions WHERE monument_id LIKE 'syn-%')`;
  await database.rows(sql`DELETE FROM votes WHERE intervention_id IN ${ofSynthetic}`, tx);
  await database.rows(sql`DELETE FROM mayor_notifications WHERE intervention_id IN ${ofSynthetic}`, tx);
  await database.rows(sql`DELETE FROM status_history WHERE intervention_id IN ${ofSynthetic}`, tx);
  await database.rows(sql`DELETE FROM interventions WHERE monument_id LIKE 'syn-%'`, tx);
  return (await database.rows(sql`DELETE FROM monuments WHERE id LIKE 'syn-%' RETURNING id`, tx)).length;
}

/** When the synthetic votes were cast: the k-th vote of a proposal k − 1 minutes after this. */
const VOTES_FROM = new Date(BASE_TIME + 100 * 24 * 3600_000).toISOString();

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
  const monumentRows = syntheticMonuments(opts.monuments, opts.region);
  const interventionRows = syntheticInterventions(opts.interventions, opts.monuments, opts.votes);
  const result = await database.db.transaction(async (tx) => {
    await database.rows(
      sql`INSERT INTO app_secrets (name, value) VALUES ('seeded', 'synthetic'), ('seeded-commemorations', 'synthetic') ON CONFLICT DO NOTHING`,
      tx,
    );
    const replaced = await dropSynthetic(database, tx);
    await insertRows(database, tx, monuments, monumentRows);
    await insertRows(database, tx, interventions, interventionRows);
    // One vote row per counted vote, from made-up browsers (`syn-voter-<k>`), so counts and rows
    // agree; made by the database itself from the counts (a million rows in one statement).
    const [cast] = await database.rows<{ n: number | string }>(
      sql`WITH cast_votes AS (
        INSERT INTO votes (intervention_id, voter_hash, ip_hash, created_at)
        SELECT i.id, ${`${SYNTHETIC_PREFIX}voter-`} || k, ${`${SYNTHETIC_PREFIX}ip`},
          ${VOTES_FROM}::timestamptz + (k - 1) * interval '1 minute'
        FROM interventions i CROSS JOIN LATERAL generate_series(1, i.votes) AS k
        WHERE i.monument_id LIKE 'syn-%'
        RETURNING 1)
      SELECT count(*) AS n FROM cast_votes`,
      tx,
    );
    // A proposal at the threshold had its mail to the mayor sent (never queued: nobody gets it).
    await database.rows(
      sql`INSERT INTO mayor_notifications (intervention_id, vote_count, reached_at, status, attempts, next_attempt_at, sent_at)
        SELECT i.id, ${MAYOR_THRESHOLD}, ${VOTES_FROM}::timestamptz, 'sent', 1, ${VOTES_FROM}::timestamptz,
          ${VOTES_FROM}::timestamptz + interval '1 hour'
        FROM interventions i WHERE i.monument_id LIKE 'syn-%' AND i.votes >= ${MAYOR_THRESHOLD}`,
      tx,
    );
    return { monuments: monumentRows.length, interventions: interventionRows.length, votes: Number(cast?.n ?? 0), replaced };
  });
  // The planner's figures for the new rows (PostgreSQL's autovacuum would get there later).
  await database.rows(sql`ANALYZE monuments, interventions, votes`);
  // Running servers (PostgreSQL) rebuild their cached lists.
  await announceChange(database, 'monuments');
  await announceChange(database, 'interventions');
  return result;
}
