// Monuments: the public list and visitor additions (always unvalidated, with the spec's defaults).
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  insideArea,
  USER_MONUMENT_DEFAULTS,
  type CityArea,
  type CreatedMonument,
  Monument,
  type MonumentDetail,
  type NewMonument,
} from '@linz/contract';
import type { Database, Db } from '../../db/client.js';
import { monuments } from '../../db/schema.js';
import { columnsOf, placeOf } from '../../db/answer-columns.js';
import { refuseDuplicate } from './duplicates.js';
import { Conflict, NotFound, OutsideArea } from '../errors.js';
import { admission, auditHold, type AdmissionRules } from '../moderation/screen.js';

export type MonumentRow = typeof monuments.$inferSelect;
type Row = MonumentRow;

/** A placed monument's row (every public read asks publicMonument, which requires the place). */
export type PlacedRow = Row & { lat: number; lng: number };

export function isPlaced(r: Row): r is PlacedRow {
  return r.lat !== null && r.lng !== null;
}

/** What the public sees of a monument's row, by the contract's keys (db/answer-columns.ts); the place and the counts are added. */
const shownColumns = columnsOf(Monument.omit({ geoLocX: true, geoLocY: true, proposals: true, placedBy: true }));

export function toMonument(r: Row, proposals = 0): Monument {
  return {
    ...shownColumns(r),
    ...placeOf(r),
    proposals,
    ...(r.placement?.by === 'citizens' ? { placedBy: 'citizens' as const } : {}),
  };
}

/**
 * The public monuments (or those of `ids` that are public: a list's incremental refresh, read-cache.ts),
 * each with its origin (`source`, `placement`), which the list keeps beside it (lists/list-caches.ts).
 */
export async function listMonuments(database: Database, ids?: readonly string[]): Promise<MonumentDetail[]> {
  const rows = await database.db
    .select({ m: monuments, proposals: proposalCount })
    .from(monuments)
    .where(
      and(
        eq(monuments.moderation, 'visible'),
        isNull(monuments.mergedInto),
        isNotNull(monuments.lat),
        ids ? inArray(monuments.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(monuments.name), asc(monuments.id));
  return rows.flatMap((r) => (isPlaced(r.m) ? [detailOf(r.m, r.proposals)] : []));
}

const detailOf = (row: PlacedRow, proposals: number): MonumentDetail => ({
  ...toMonument(row, proposals),
  source: row.source,
  placement: row.placement,
});

/** The number of public proposals at the monument (its own visibility is checked by the caller). */
const proposalCount = sql<number>`(SELECT count(*)::int FROM proposals i
  WHERE i.monument_id = monuments.id AND i.moderation = 'visible')`.mapWith(Number);

/** Merges may chain (a into b, later b into c); a chain longer than this is treated as unknown. */
const MAX_MERGE_HOPS = 16;

/** One public monument with its sources; a merged id answers the monument it was merged into (its own id in the body). */
export async function getPublicMonument(database: Database, monumentId: string): Promise<MonumentDetail> {
  let id = monumentId;
  for (let hop = 0; hop <= MAX_MERGE_HOPS; hop++) {
    const [found] = await database.db
      .select({ m: monuments, proposals: proposalCount })
      .from(monuments)
      .where(eq(monuments.id, id));
    if (!found) break;
    const row = found.m;
    if (row.mergedInto !== null) {
      id = row.mergedInto;
      continue;
    }
    if (row.moderation !== 'visible' || !isPlaced(row)) break;
    return detailOf(row, found.proposals);
  }
  throw new NotFound('Unknown monument.');
}

/** The one rule for where a monument may be: inside the city's area (new ones and ones staff move). */
export function refuseOutside(area: CityArea, lat: number, lng: number): void {
  if (!insideArea(area, lat, lng)) throw new OutsideArea();
}

/** A new id in the form the web app proposes (mon-user-<digits>), unlikely to be taken. */
const freshId = () => `mon-user-${Date.now()}${randomInt(1_000_000)}`;

/**
 * Adds a visitor's monument under the id the browser proposed. That id is only a proposal (two
 * browsers may pick the same millisecond): when it is taken, the monument gets a fresh id, and
 * the answer tells which. A duplicate of a public monument nearby is refused (domain/monuments/duplicates.ts).
 * It is public at once unless the word screen holds it or MODERATION=pre makes it wait (domain/moderation/screen.ts).
 * A place outside the city's area is refused before anything is written.
 */
export async function addMonument(
  database: Database,
  tx: Db,
  input: NewMonument,
  creatorIpHash: string,
  creatorVoterHash: string | null,
  rules: AdmissionRules,
  area: CityArea,
): Promise<CreatedMonument> {
  refuseOutside(area, input.geoLocX, input.geoLocY);
  await refuseDuplicate(database, tx, input.name, { lat: input.geoLocX, lng: input.geoLocY });
  const admitted = await admission(database, tx, rules, input.name);
  const ids = [input.id ?? freshId(), freshId(), freshId()];
  for (const id of ids) {
    const [row] = await tx
      .insert(monuments)
      .values({
        id,
        name: input.name,
        lat: input.geoLocX,
        lng: input.geoLocY,
        category: USER_MONUMENT_DEFAULTS.category,
        sex: USER_MONUMENT_DEFAULTS.sex,
        validated: false,
        image: USER_MONUMENT_DEFAULTS.image,
        creatorIpHash,
        creatorVoterHash,
        moderation: admitted.moderation,
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      if (admitted.moderation === 'held')
        await auditHold(database, tx, { kind: 'monument', id: row.id }, input.name, admitted.hits);
      if (!isPlaced(row)) throw new Conflict('The new monument has no place.');
      return { ...toMonument(row), underReview: admitted.moderation !== 'visible' };
    }
  }
  throw new Conflict('No free id for the new monument; please try again.');
}
