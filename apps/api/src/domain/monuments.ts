// Monuments: the public list and visitor additions (always unvalidated, with the spec's defaults).
import { asc } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { USER_MONUMENT_DEFAULTS, type Monument, type NewMonument } from '@linz/contract';
import type { Database, Db } from '../db/client.js';
import { monuments } from '../db/schema.js';

type Row = typeof monuments.$inferSelect;

export function toMonument(r: Row): Monument {
  return {
    id: r.id,
    name: r.name,
    ...(r.nameEn ? { name_en: r.nameEn } : {}),
    geoLocX: r.lat,
    geoLocY: r.lng,
    category: r.category,
    sex: r.sex,
    validated: r.validated,
    shortDescription: r.shortDescription,
    shortDescription_en: r.shortDescriptionEn,
    image: r.image,
    alternatives: r.alternatives,
  };
}

export async function listMonuments(database: Database): Promise<Monument[]> {
  const rows = await database.db.select().from(monuments).orderBy(asc(monuments.name), asc(monuments.id));
  return rows.map(toMonument);
}

export async function addMonument(tx: Db, input: NewMonument, creatorIpHash: string): Promise<Monument> {
  const id = input.id ?? `mon-user-${Date.now()}`;
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
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new TRPCError({ code: 'CONFLICT', message: `A monument with the id ${id} already exists.` });
  return toMonument(row);
}
