// Loads the real Linz monuments (seed/linz-monuments.json) into an empty database, once.
import { sql } from 'drizzle-orm';
// Imported, not read at run time: the data travels inside the built server (dist/server.js).
import seedData from '../../seed/linz-monuments.json' with { type: 'json' };
import shippedScreenWords from '../../seed/screen-words.json' with { type: 'json' };
import type { Database } from './client.js';
import { monuments, screenWords, streetNames } from './schema.js';
import { streetRows } from './streets.js';

type SeedMonument = {
  name: string;
  name_en?: string;
  geoLocX: number;
  geoLocY: number;
  category: string;
  sex: string;
  shortDescription?: string;
  shortDescription_en?: string;
  source?: string;
};

/** A stable, readable id from a German name: "Dreifaltigkeitssäule" -> "mon-dreifaltigkeitssaeule". */
export function slugId(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 56);
  return `mon-${slug}`;
}

export function seedRows() {
  const items = seedData as SeedMonument[];
  const seen = new Map<string, number>();
  return items.map((m) => {
    let id = slugId(m.name);
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    if (n > 1) id = `${id}-${n}`;
    return {
      id,
      name: m.name,
      nameEn: m.name_en ?? null,
      lat: m.geoLocX,
      lng: m.geoLocY,
      category: m.category,
      sex: m.sex,
      validated: true,
      shortDescription: m.shortDescription ?? '',
      shortDescriptionEn: m.shortDescription_en ?? '',
      source: m.source ?? null,
    };
  });
}

/**
 * Seeds once per database (a marker row makes it idempotent across restarts and instances). The
 * street register has its own marker, so a database seeded before it existed gets it on its next start.
 */
export async function seedLinz(database: Database): Promise<number> {
  await seedStreets(database);
  await seedScreenWords(database);
  return database.db.transaction(async (tx) => {
    const marked = await database.rows<{ name: string }>(
      sql`INSERT INTO app_secrets (name, value) VALUES ('seeded', 'linz') ON CONFLICT DO NOTHING RETURNING name`,
      tx,
    );
    if (marked.length === 0) return 0;
    const rows = seedRows();
    await tx.insert(monuments).values(rows).onConflictDoNothing();
    return rows.length;
  });
}

/** The city's street-name register, once per database (its own marker; see seedLinz). */
export async function seedStreets(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    const marked = await database.rows<{ name: string }>(
      sql`INSERT INTO app_secrets (name, value) VALUES ('seeded-streets', 'linz') ON CONFLICT DO NOTHING RETURNING name`,
      tx,
    );
    if (marked.length === 0) return 0;
    const rows = streetRows();
    await tx.insert(streetNames).values(rows).onConflictDoNothing();
    return rows.length;
  });
}

/**
 * The word screen's shipped lists (seed/screen-words.json), once per database (its own marker):
 * from then on they are the staff's, and a word staff removed does not come back.
 */
export async function seedScreenWords(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    const marked = await database.rows<{ name: string }>(
      sql`INSERT INTO app_secrets (name, value) VALUES ('seeded-screen-words', 'shipped') ON CONFLICT DO NOTHING RETURNING name`,
      tx,
    );
    if (marked.length === 0) return 0;
    const rows = (['de', 'en'] as const).flatMap((lang) => shippedScreenWords[lang].map((word) => ({ lang, word })));
    await tx.insert(screenWords).values(rows).onConflictDoNothing();
    return rows.length;
  });
}
