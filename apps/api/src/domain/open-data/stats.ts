// The representation dashboard's figures (GET /api/stats): public monuments by sex and category,
// the city's streets, participation, and the sources. One query per part, on public items only.
import { sql } from 'drizzle-orm';
import { PROPOSAL_STATUSES, SEXES, type CoverageByGender, type Sex, type SexCounts, type Stats } from '@linz/contract';
import type { City } from '../../city/profile.js';
import type { Database } from '../../db/client.js';
import { itemsWithoutCoordinates } from '../../db/streets.js';
import { proposalIsPublic, publicMonument } from '../moderation/visibility.js';

const zeroSexes = (): SexCounts => Object.fromEntries(SEXES.map((s) => [s, 0])) as SexCounts;
/** A sex outside the contract's five (free text in old rows) counts as not known yet. */
const sexKey = (s: string): Sex => ((SEXES as readonly string[]).includes(s) ? (s as Sex) : 'unspecified');

/** Monday (UTC) of the ISO week of a date, as YYYY-MM-DD. */
export function isoWeekOf(t: Date): string {
  const day = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

type WeekCounts = { week: string; n: number }[];

/** Every week from the first to the last, weeks without activity included (oldest first). */
function weekSeries(proposals: WeekCounts, votes: WeekCounts): Stats['participation']['weeks'] {
  const counts = new Map<string, { proposals: number; votes: number }>();
  const add = (rows: WeekCounts, key: 'proposals' | 'votes') => {
    for (const r of rows) {
      const c = counts.get(r.week) ?? { proposals: 0, votes: 0 };
      c[key] += Number(r.n);
      counts.set(r.week, c);
    }
  };
  add(proposals, 'proposals');
  add(votes, 'votes');
  const weeks = [...counts.keys()].sort();
  const [first, last] = [weeks[0], weeks.at(-1)];
  if (first === undefined || last === undefined) return [];
  const out: Stats['participation']['weeks'] = [];
  for (let d = new Date(`${first}T00:00:00Z`); isoWeekOf(d) <= last; d.setUTCDate(d.getUTCDate() + 7)) {
    const week = isoWeekOf(d);
    out.push({ week, ...(counts.get(week) ?? { proposals: 0, votes: 0 }) });
  }
  return out;
}

/** The Monday (UTC) of a timestamp column's ISO week, as YYYY-MM-DD (PostgreSQL's weeks start on Monday). */
const weekOf = (column: string) => sql.raw(`to_char(date_trunc('week', ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`);

export function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const upper = s[mid] ?? 0;
  return s.length % 2 ? upper : ((s[mid - 1] ?? upper) + upper) / 2;
}

async function monumentFigures(database: Database, city: City): Promise<Stats['monuments']> {
  const rows = await database.rows<{ sex: string; category: string; n: number }>(sql`
    SELECT m.sex, m.category, count(*)::int AS n FROM monuments m WHERE ${publicMonument('m')} GROUP BY 1, 2`);
  const bySex = zeroSexes();
  const byCategory: Record<string, SexCounts> = {};
  for (const r of rows) {
    const key = sexKey(r.sex);
    bySex[key] += Number(r.n);
    (byCategory[r.category] ??= zeroSexes())[key] += Number(r.n);
  }
  const names = await database.rows<{ name: string }>(sql`SELECT name FROM street_names`);
  const unlocated = itemsWithoutCoordinates(
    city,
    names.map((r) => r.name),
  );
  const without = { total: unlocated.length, bySex: zeroSexes(), byCategory: {} as Record<string, number> };
  for (const item of unlocated) {
    without.bySex[sexKey(item.sex)]++;
    without.byCategory[item.category] = (without.byCategory[item.category] ?? 0) + 1;
  }
  return { total: rows.reduce((n, r) => n + Number(r.n), 0), bySex, byCategory, withoutCoordinates: without };
}

async function streetFigures(database: Database): Promise<Stats['streets']> {
  const rows = await database.rows<{ sex: 'female' | 'male' | 'unknown'; n: number }>(
    sql`SELECT sex, count(*)::int AS n FROM street_names GROUP BY sex`,
  );
  const out = { female: 0, male: 0, unknown: 0 };
  for (const r of rows) out[r.sex] += Number(r.n);
  return out;
}

const zeroCoverage = (): CoverageByGender => ({
  female: { sources: 0, citizens: 0, unplaced: 0 },
  male: { sources: 0, citizens: 0, unplaced: 0 },
  unknown: { sources: 0, citizens: 0, unplaced: 0 },
});

/** Every public commemoration, placed or not (a not-yet-placed one is public on "Wo ist das?"), by how it is placed. */
async function coverageFigures(database: Database): Promise<Stats['coverage']> {
  const rows = await database.rows<{ street: boolean; sex: string; how: 'sources' | 'citizens' | 'unplaced'; n: number }>(sql`
    SELECT m.category = 'street' AS street, m.sex,
      CASE WHEN m.lat IS NULL THEN 'unplaced' WHEN m.placement->>'by' = 'citizens' THEN 'citizens' ELSE 'sources' END AS how,
      count(*)::int AS n
    FROM monuments m WHERE m.moderation = 'visible' AND m.merged_into IS NULL GROUP BY 1, 2, 3`);
  const out = { streets: zeroCoverage(), all: zeroCoverage() };
  for (const r of rows) {
    const gender = r.sex === 'female' || r.sex === 'male' ? r.sex : 'unknown';
    out.all[gender][r.how] += Number(r.n);
    if (r.street) out.streets[gender][r.how] += Number(r.n);
  }
  return out;
}

type ProposalRow = {
  created_at: Date | string;
  status: string;
  reached_at: Date | string | null;
  answered_at: Date | string | null;
};

async function participation(database: Database): Promise<Stats['participation']> {
  const proposals = await database.rows<ProposalRow>(sql`
    SELECT i.created_at, i.status, n.reached_at,
      CASE WHEN i.answer_de IS NOT NULL OR i.answer_en IS NOT NULL THEN i.answered_at END AS answered_at
    FROM proposals i JOIN monuments m ON m.id = i.monument_id
    LEFT JOIN mayor_notifications n ON n.proposal_id = i.id AND n.kind = 'threshold' AND n.status <> 'held'
    WHERE ${proposalIsPublic('i', 'm')}`);
  const votesByWeek = await database.rows<{ week: string; n: number }>(sql`
    SELECT ${weekOf('v.created_at')} AS week, count(*)::int AS n
    FROM votes v JOIN proposals i ON i.id = v.proposal_id JOIN monuments m ON m.id = i.monument_id
    WHERE ${proposalIsPublic('i', 'm')} AND v.status = 'counted' GROUP BY 1`);
  const proposalsByWeek = new Map<string, number>();
  for (const p of proposals) {
    const week = isoWeekOf(new Date(p.created_at));
    proposalsByWeek.set(week, (proposalsByWeek.get(week) ?? 0) + 1);
  }
  const byStatus = Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, 0])) as Stats['participation']['byStatus'];
  for (const p of proposals) if (p.status in byStatus) byStatus[p.status as keyof typeof byStatus]++;
  const reached = proposals.filter((p) => p.reached_at !== null);
  // An answer given before the threshold was reached counts as 0 days.
  const days = reached.flatMap(({ reached_at, answered_at }) =>
    reached_at === null || answered_at === null
      ? []
      : [Math.max(0, (new Date(answered_at).getTime() - new Date(reached_at).getTime()) / 86_400_000)],
  );
  const med = median(days);
  return {
    proposals: proposals.length,
    votes: votesByWeek.reduce((n, r) => n + Number(r.n), 0),
    weeks: weekSeries(
      [...proposalsByWeek].map(([week, n]) => ({ week, n })),
      votesByWeek,
    ),
    reachedThreshold: reached.length,
    answered: days.length,
    medianDaysToAnswer: med === null ? null : Math.round(med * 10) / 10,
    byStatus,
  };
}

/** The figures; the sources are the city profile's (its monuments', then its street register's). */
export async function computeStats(database: Database, city: City): Promise<Stats> {
  const [monuments, streets, coverage, part] = await Promise.all([
    monumentFigures(database, city),
    streetFigures(database),
    coverageFigures(database),
    participation(database),
  ]);
  return {
    monuments,
    streets,
    coverage,
    participation: part,
    sources: [
      ...city.sources,
      ...(city.streetRegisterSource
        ? [
            {
              // The register's own name, the same in both languages.
              name: { de: city.streetRegisterSource.name, en: city.streetRegisterSource.name },
              url: city.streetRegisterSource.url,
              licence: { de: city.streetRegisterSource.licence, en: city.streetRegisterSource.licence },
            },
          ]
        : []),
    ],
    licence: 'CC BY 4.0',
  };
}
