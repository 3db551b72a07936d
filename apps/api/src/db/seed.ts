// Loads the city profile's seed (its monuments and street register, city/profile.ts) into an empty
// database, once.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
// Imported, not read at run time: the word lists are the languages', not a city's.
import shippedScreenWords from '../../seed/screen-words.json' with { type: 'json' };
import type { City } from '../city/profile.js';
import type { Database, Db } from './client.js';
import { monuments, screenWords, streetNames } from './schema.js';
import { artCommemorations, streetCommemorations, type CommemorationRow } from './commemorations.js';
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

/** The profile's seed monuments, ready to insert (none when it names no file). */
export function seedRows(city: City) {
  const items: SeedMonument[] = city.seed.monuments
    ? (JSON.parse(readFileSync(city.seed.monuments, 'utf8')) as SeedMonument[])
    : [];
  const seen = new Map<string, number>();
  return items.map((m) => {
    let id = slugId(m.name);
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    if (n > 1) id = `${id}-${n}`;
    return {
      id,
      name: m.name,
      name_en: m.name_en ?? null,
      lat: m.geoLocX,
      lng: m.geoLocY,
      category: m.category,
      sex: m.sex,
      validated: true,
      shortDescription: m.shortDescription ?? '',
      shortDescription_en: m.shortDescription_en ?? '',
      source: m.source ?? null,
    };
  });
}

/** Sets the seed's marker `name` in this transaction; false when an earlier start set it (the seed ran once). */
async function firstTime(database: Database, tx: Db, name: string, value: string): Promise<boolean> {
  const marked = await database.rows<{ name: string }>(
    sql`INSERT INTO app_secrets (name, value) VALUES (${name}, ${value}) ON CONFLICT DO NOTHING RETURNING name`,
    tx,
  );
  return marked.length > 0;
}

/**
 * Seeds once per database (a marker row makes it idempotent across restarts and instances). The
 * street register and the commemorations have their own markers, so a database seeded before they
 * existed gets them on its next start. Answers how many of the 42 it added.
 */
export async function seedCity(database: Database, city: City): Promise<number> {
  await seedStreets(database, city);
  await seedScreenWords(database);
  const added = await database.db.transaction(async (tx) => {
    if (!(await firstTime(database, tx, 'seeded', 'city'))) return 0;
    const rows = seedRows(city);
    if (rows.length > 0) await tx.insert(monuments).values(rows).onConflictDoNothing();
    // Which monuments a first start brought (a restore may replace them without --force: site/backup.ts).
    await database.rows(
      sql`INSERT INTO app_secrets (name, value) VALUES ('seeded-ids', ${JSON.stringify(rows.map((r) => r.id))}) ON CONFLICT DO NOTHING`,
      tx,
    );
    return rows.length;
  });
  await seedCommemorations(database, city);
  return added;
}

/** Every commemoration of the register and the public-art list, as rows to add (ids made unique). */
export function commemorationRows(city: City): CommemorationRow[] {
  const rows = [...streetCommemorations(slugId, city), ...artCommemorations(slugId, city)];
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const n = (seen.get(row.id) ?? 0) + 1;
    seen.set(row.id, n);
    return n > 1 ? { ...row, id: `${row.id}-${n}` } : row;
  });
}

/**
 * Every street named after a person and the public art (db/commemorations.ts), once per database
 * (its own marker, so a database seeded before them gets them on its next start). A seed street of
 * the 42 is the register's street of its name: it gets the register's key and namesake and keeps
 * everything else (its place, its text, what staff changed). A new row whose id is taken by
 * another monument gets the register's number after it. Rows already keyed are left as they are.
 */
export async function seedCommemorations(database: Database, city: City): Promise<number> {
  return database.db.transaction(async (tx) => {
    if (!(await firstTime(database, tx, 'seeded-commemorations', 'city'))) return 0;
    const existing = new Map(
      (
        await database.rows<{ id: string; category: string; seed_key: string | null }>(
          sql`SELECT id, category, seed_key FROM monuments`,
          tx,
        )
      ).map((r) => [r.id, r]),
    );
    const fresh: CommemorationRow[] = [];
    for (const row of commemorationRows(city)) {
      const same = existing.get(row.id);
      if (same && same.category === row.category && same.seed_key === null) {
        await tx
          .update(monuments)
          .set({ seedKey: row.seedKey, namesake: row.namesake })
          .where(sql`${monuments.id} = ${row.id} AND ${monuments.seedKey} IS NULL`);
      } else if (same) {
        if (same.seed_key !== row.seedKey)
          fresh.push({ ...row, id: `${row.id}-${row.seedKey.replace(/^[\w-]+:(strasse_)?/, '')}` });
      } else fresh.push(row);
    }
    for (let i = 0; i < fresh.length; i += 200) {
      await tx
        .insert(monuments)
        .values(fresh.slice(i, i + 200))
        .onConflictDoNothing();
    }
    return fresh.length;
  });
}

/** The city's street-name register, once per database (its own marker; see seedCity). */
export async function seedStreets(database: Database, city: City): Promise<number> {
  return database.db.transaction(async (tx) => {
    if (!(await firstTime(database, tx, 'seeded-streets', 'city'))) return 0;
    const rows = city.seed.streets ? streetRows(city, readFileSync(city.seed.streets, 'utf8')) : [];
    if (rows.length > 0) await tx.insert(streetNames).values(rows).onConflictDoNothing();
    return rows.length;
  });
}

/**
 * The word screen's shipped lists (seed/screen-words.json), once per database (its own marker):
 * from then on they are the staff's, and a word staff removed does not come back.
 */
export async function seedScreenWords(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    if (!(await firstTime(database, tx, 'seeded-screen-words', 'shipped'))) return 0;
    const rows = (['de', 'en'] as const).flatMap((lang) => shippedScreenWords[lang].map((word) => ({ lang, word })));
    await tx.insert(screenWords).values(rows).onConflictDoNothing();
    return rows.length;
  });
}
