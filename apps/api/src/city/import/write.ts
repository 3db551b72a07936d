// The import's one write step: the candidates of a file (formats.ts) against the database, in one
// transaction. An item is found again by its import key; a field is refreshed only while it still
// holds what the last import wrote (staff's corrections and citizens' placements are kept), and
// nothing is ever deleted. Items no import made (the seed, staff's, citizens') are never changed.
import { DUPLICATE_RADIUS_M, fold, insideArea, type CityArea } from '@linz/contract';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { monuments, streetNames } from '../../db/schema.js';
import { slugId } from '../../db/seed.js';
import { CHANGE_CHANNEL } from '../../domain/read-cache.js';
import type { Candidate, Parsed, Skip } from './candidate.js';
import { insidePart, metres } from './geometry.js';

export type Counts = { new: number; updated: number; unchanged: number };
export type ImportReport = {
  format: string;
  dryRun: boolean;
  read: number;
  items: Counts;
  register: Counts;
  skipped: Skip[];
  duplicates: { name: string; other: string; why: 'same name' | `within ${number} m` }[];
};

/** The fields an import writes and a refresh compares (the monuments row's keys). */
const FIELDS = [
  'name',
  'name_en',
  'lat',
  'lng',
  'category',
  'sex',
  'geometry',
  'validated',
  'shortDescription',
  'shortDescription_en',
  'source',
] as const;
type Field = (typeof FIELDS)[number];
type Row = typeof monuments.$inferSelect;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const fieldsOf = (c: Candidate): Partial<Record<Field, unknown>> =>
  Object.fromEntries(FIELDS.filter((f) => c[f] !== undefined).map((f) => [f, c[f]]));

/** What a refresh changes in an imported row: the file's new values where the row still holds the last import's. */
function refresh(row: Row, c: Candidate): Partial<Record<Field, unknown>> {
  const was = row.imported ?? {};
  const changes: Partial<Record<Field, unknown>> = {};
  for (const [f, value] of Object.entries(fieldsOf(c)) as [Field, unknown][]) {
    if (same(row[f], value)) continue;
    if (!same(row[f], was[f])) continue; // corrected since: staff's or a citizen's
    changes[f] = value;
  }
  return changes;
}

const BATCH = 500;

export async function writeImport(
  database: Database,
  parsed: Parsed,
  area: CityArea,
  { dryRun = false, progress }: { dryRun?: boolean; progress?: (done: number, total: number) => void } = {},
): Promise<ImportReport> {
  const skipped = [...parsed.skipped];
  const inside = parsed.candidates.flatMap((c) => {
    if (c.lat === undefined || c.lng === undefined || insideArea(area, c.lat, c.lng)) return [c];
    // A street whose marker fell outside keeps its lines that reach into the city.
    const part = c.geometry ? insidePart(c.geometry, area) : undefined;
    if (part) return [{ ...c, ...part }];
    skipped.push({ at: c.at, name: c.name, reason: 'outside the boundary' });
    return [];
  });
  const report: ImportReport = {
    format: parsed.format,
    dryRun,
    read: parsed.read,
    items: { new: 0, updated: 0, unchanged: 0 },
    register: { new: 0, updated: 0, unchanged: 0 },
    skipped,
    duplicates: [],
  };
  const work = async (tx: Db) => {
    const rows = await tx.select().from(monuments);
    const byKey = new Map(rows.filter((r) => r.importKey).map((r) => [r.importKey as string, r]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const added: (typeof monuments.$inferInsert)[] = [];
    let done = 0;
    for (const c of inside) {
      if (++done % BATCH === 0) progress?.(done, inside.length);
      const row = byKey.get(c.key) ?? (c.id ? byId.get(c.id) : undefined);
      if (row) {
        const changes = row.importKey === c.key ? refresh(row, c) : {};
        if (Object.keys(changes).length === 0) report.items.unchanged++;
        else {
          report.items.updated++;
          if (!dryRun)
            await tx
              .update(monuments)
              .set({ ...(changes as Partial<Row>), imported: { ...row.imported, ...changes } })
              .where(sql`id = ${row.id}`);
        }
        continue;
      }
      if (c.lat === undefined || c.lng === undefined) {
        skipped.push({ at: c.at, name: c.name, reason: 'no place' });
        continue;
      }
      duplicatesOf(c, [...rows, ...(added as Row[])], report);
      let id = c.id ?? slugId(c.name);
      for (let n = 2; byId.has(id); n++) id = `${c.id ?? slugId(c.name)}-${n}`;
      const fields = { category: c.category, sex: c.sex ?? 'unspecified', validated: c.validated ?? true, ...fieldsOf(c) };
      const insert = {
        ...fields,
        id,
        name: c.name,
        lat: c.lat,
        lng: c.lng,
        importKey: c.key,
        imported: fields,
      } as typeof monuments.$inferInsert;
      byId.set(id, insert as Row);
      byKey.set(c.key, insert as Row);
      added.push(insert);
      report.items.new++;
    }
    if (!dryRun) for (let i = 0; i < added.length; i += BATCH) await tx.insert(monuments).values(added.slice(i, i + BATCH));
    await writeRegister(database, tx, parsed, report, dryRun);
    progress?.(inside.length, inside.length);
    if (!dryRun && (report.items.new > 0 || report.items.updated > 0)) {
      await database.rows(sql`SELECT pg_notify(${CHANGE_CHANNEL}, 'monuments')`, tx);
    }
  };
  await database.db.transaction(work);
  return report;
}

/**
 * What may be the same as an item already there: the same name, or within DUPLICATE_RADIUS_M of it.
 * Two streets near each other are neighbours (crossing, or one leading into the other), not one item twice.
 */
function duplicatesOf(c: Candidate, rows: Pick<Row, 'name' | 'lat' | 'lng' | 'moderation' | 'category'>[], report: ImportReport) {
  const name = fold(c.name);
  for (const r of rows) {
    if (r.moderation !== undefined && r.moderation !== 'visible') continue;
    if (fold(r.name) === name) report.duplicates.push({ name: c.name, other: r.name, why: 'same name' });
    else if (c.category === 'street' && r.category === 'street') continue;
    else if (r.lat !== null && r.lng !== null && metres([c.lng ?? 0, c.lat ?? 0], [r.lng, r.lat]) <= DUPLICATE_RADIUS_M)
      report.duplicates.push({ name: c.name, other: r.name, why: `within ${DUPLICATE_RADIUS_M} m` });
  }
}

/** A register's streets by their id: new ones added, changed ones updated (the register is the city's, not staff's). */
async function writeRegister(database: Database, tx: Db, parsed: Parsed, report: ImportReport, dryRun: boolean) {
  if (parsed.register.length === 0) return;
  const existing = new Map((await tx.select().from(streetNames)).map((r) => [r.id, r]));
  for (const s of parsed.register) {
    const before = existing.get(s.id);
    if (!before) report.register.new++;
    else if (same({ ...before }, { ...before, ...s })) {
      report.register.unchanged++;
      continue;
    } else report.register.updated++;
    if (!dryRun)
      await tx
        .insert(streetNames)
        .values(s)
        .onConflictDoUpdate({ target: streetNames.id, set: { ...s } });
  }
  if (!dryRun)
    await database.rows(
      sql`INSERT INTO app_secrets (name, value) VALUES ('seeded-streets', 'import') ON CONFLICT DO NOTHING`,
      tx,
    );
}
