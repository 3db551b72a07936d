// An answer from a row: the contract's schema picks the columns it shows, by the keys the table
// gives them (schema/items.ts spells a shown column as the spec's JSON does: `name_en`,
// `shortDescription_en`). A field is written in the table and, if someone sees it, in the contract's
// schema; nothing between them names it again. The one exception is the place: the columns `lat`
// and `lng` are the spec's `geoLocX` and `geoLocY` (placeOf), because every map helper speaks lat/lng.
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';

/**
 * What a row must hold for the answer `O`: every field of the answer, with its type; a field the
 * answer may leave out may be null in the row (a nullable column). A field the answer names and the
 * table lacks, or has with another type, fails to compile where the row is given.
 */
export type ColumnsFor<O> = { [K in keyof O]-?: undefined extends O[K] ? Exclude<O[K], undefined> | null : O[K] };

/**
 * The function that takes from a row the columns `answer` shows (its keys, once). A null in a
 * field the answer may leave out is left out, as the spec's optional fields are (`name_en`).
 */
export function columnsOf<S extends z.ZodObject>(answer: S): (row: ColumnsFor<z.output<S>>) => z.output<S> {
  const keys = Object.entries(answer.shape).map(([key, field]) => ({
    key,
    optional: (field as z.ZodType).safeParse(undefined).success,
  }));
  return (row) => {
    const out: Record<string, unknown> = {};
    const from = row as Record<string, unknown>;
    for (const { key, optional } of keys) {
      const value = from[key];
      if (!(optional && value === null)) out[key] = value;
    }
    return out as z.output<S>;
  };
}

/** The spec's place of a row (geoLocX is the latitude); 0 stands for a place not yet known, as staff views show it. */
export const placeOf = (r: { lat: number | null; lng: number | null }) => ({ geoLocX: r.lat ?? 0, geoLocY: r.lng ?? 0 });

/**
 * A correction as the table's changes: the patch's keys are the table's (a key the table lacks
 * fails to compile); fields left out are not changed, and a cleared text ('') of a column that
 * may be null (`name_en`) becomes null. Empty when nothing is to change.
 */
export function changesOf<T extends PgTable, P extends Partial<T['$inferInsert']>>(
  table: T,
  patch: P & Record<Exclude<keyof P, keyof T['$inferInsert']>, never>,
): Partial<T['$inferInsert']> {
  const columns = getTableColumns(table) as Record<string, { notNull: boolean }>;
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    changes[key] = value === '' && columns[key]?.notNull === false ? null : value;
  }
  return changes;
}
