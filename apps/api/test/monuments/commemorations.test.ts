// Every commemoration of the city's register and public-art list, in every database (issue 54):
// the streets named after a person are monuments of category `street`, placed where the points file
// gives a sourced point, "not yet placed" (no marker) otherwise; a database seeded before them gets
// them on its next start, with staff's edits kept and the seed's 15 streets not doubled.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkReading, MonumentDetail, MonumentList, routes, Stats } from '@linz/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { seedCity, seedRows as seedRowsOf } from '../../src/db/seed.js';
import { textAt, type Translation } from '../../src/http/locale.js';
import { DB_KIND, expectAnswer, testApp } from '../support/harness.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

const csv = (path: string) => parse<Record<string, string>>(readFileSync(path, 'utf8'), { columns: true, bom: true });
/** The Linz profile (the default CITY): its register, points and seed. */
const { city } = loadConfig({});
const seedRows = () => seedRowsOf(city);
const register = () => csv(city.seed.streets!).filter((r) => r.benannt_nach!.trim() !== '');
const points = () => csv(city.seed.streetPoints!).filter((p) => p.lat !== '' && p.benannt_nach !== '');
const list = async () => expectAnswer(await t.app.inject({ url: routes.listMonuments.path }), 200, MonumentList);
const count = async (where: ReturnType<typeof sql>) =>
  Number((await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM monuments m WHERE ${where}`))[0]!.n);

describe(`the register's commemorations on ${DB_KIND}`, () => {
  it('holds every person-named street once, placed where a sourced point is, and lists only the placed', async () => {
    const streets = register();
    // The figures the issue names, read from the file by a real CSV parser.
    expect(streets).toHaveLength(573);
    expect(streets.filter((r) => r.person_geschlecht === 'male')).toHaveLength(398);
    expect(streets.filter((r) => r.person_geschlecht === 'female')).toHaveLength(53);
    expect(await count(sql`m.seed_key LIKE 'register:%'`)).toBe(573);
    expect(await count(sql`m.category = 'street'`)).toBe(573);
    expect(await count(sql`m.seed_key LIKE 'register:%' AND m.sex = 'female'`)).toBe(53);
    expect(await count(sql`m.seed_key LIKE 'public-art:%'`)).toBe(17);

    const seedStreets = seedRows().filter((r) => r.category === 'street');
    const pointed = new Set(points().map((p) => p.street_name));
    const newlyPlaced = [...pointed].filter((name) => !seedStreets.some((s) => s.name === name));
    expect(pointed.size).toBe(100);
    const all = await list();
    expect(all).toHaveLength(seedRows().length + newlyPlaced.length);
    expect(all.filter((m) => m.category === 'street')).toHaveLength(seedStreets.length + newlyPlaced.length);
    expect(all.every((m) => Number.isFinite(m.geoLocX) && Number.isFinite(m.geoLocY))).toBe(true);
    // Achleitnerstraße has no point: it is no marker, and its view is unknown to the public.
    expect(all.some((m) => m.name === 'Achleitnerstraße')).toBe(false);
    expect((await t.app.inject({ url: routes.monument.path.replace(':monumentId', 'mon-achleitnerstrasse') })).statusCode).toBe(
      404,
    );
    // No name twice: the seed's streets are the register's.
    const names = all.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);

    // /stats: the coverage agrees with the register and with what the map lists.
    const { coverage } = expectAnswer(await t.app.inject({ url: routes.stats.path }), 200, Stats);
    const sum = (c: { sources: number; citizens: number; unplaced: number }) => c.sources + c.citizens + c.unplaced;
    expect([sum(coverage.streets.female), sum(coverage.streets.male), sum(coverage.streets.unknown)]).toEqual([53, 398, 122]);
    const placedStreets = all.filter((m) => m.category === 'street');
    for (const g of ['female', 'male'] as const)
      expect(coverage.streets[g].sources).toBe(placedStreets.filter((m) => m.sex === g).length);
    expect(coverage.streets.female.citizens + coverage.streets.male.citizens).toBe(0);
    expect(sum(coverage.all.female) + sum(coverage.all.male) + sum(coverage.all.unknown)).toBe(
      all.length + 573 - placedStreets.length + 17,
    );
  });

  it('says whom a street honours and where its point came from, the weakest tier flagged', async () => {
    const stifter = expectAnswer(
      await t.app.inject({ url: routes.monument.path.replace(':monumentId', 'mon-adalbert-stifter-platz') }),
      200,
      MonumentDetail,
    );
    expect(stifter.namesake).toMatchObject({
      name: 'Adalbert Stifter',
      born: '1805-10-23',
      died: '1868-01-28',
      profession: 'writer',
      wikidata: ['Q168542'],
      registerId: 'strasse_920',
      registerUrl: 'https://www.linz.at/strassennamen/Default.asp?action=strassendetail&ID=920',
    });
    // A seed street keeps the seed's point and its `source`; the others have the points file's.
    const fromFile = points().filter((p) => !seedRows().some((s) => s.name === p.street_name));
    const weak = fromFile.find((p) => p.check!.startsWith('single AED address point'));
    const strong = fromFile.find((p) => p.check!.startsWith('consistent'));
    const [w] = await t.database.rows<{ placement: { weak: boolean; recordId: string; check: string } }>(
      sql`SELECT placement FROM monuments WHERE seed_key = ${`register:${weak!.register_id}`}`,
    );
    expect(w!.placement).toMatchObject({ weak: true, recordId: weak!.coord_source_record_id, check: weak!.check });
    const [s] = await t.database.rows<{ placement: { weak: boolean; by: string } }>(
      sql`SELECT placement FROM monuments WHERE seed_key = ${`register:${strong!.register_id}`}`,
    );
    expect(s!.placement).toMatchObject({ weak: false, by: 'sources' });
  });

  it("reads every check of the city's points file as a kind with its figures, which staff see in words in either language", () => {
    const all = csv(city.seed.streetPoints!).filter((p) => p.check !== '');
    expect(all.length).toBeGreaterThan(200);
    const webLocales = path.resolve(import.meta.dirname, '../../../web/public/locales');
    for (const lang of ['de', 'en']) {
      const texts = JSON.parse(readFileSync(path.join(webLocales, lang, 'translation.json'), 'utf8')) as Translation;
      for (const p of all) {
        const reading = checkReading(p.check);
        expect(reading, p.check).toBeDefined();
        for (const value of Object.values(reading!.values)) expect(Number.isInteger(value), p.check).toBe(true);
        expect(textAt(texts, `commemoration.admin.checks.${reading!.key}`), `${lang} ${reading!.key}`).toMatch(/\S/);
      }
    }
    expect(
      checkReading('majority: 4 of 5 points agree within 300 m; 1 other point(s) up to 514 m away (long street or source error)'),
    ).toEqual({
      key: 'majority',
      values: { agree: 4, count: 5, metres: 300, others: 1, farthest: 514 },
    });
    // Another city's own words stay as they are.
    expect(checkReading('vom Vermessungsamt bestätigt')).toBeUndefined();
  });

  it("adds them to a database seeded before them, keeping staff's edits, once", async () => {
    // A database as today's main leaves it: the 42, no commemorations, no marker; staff moved Mozartstraße.
    await t.database.rows(
      sql`DELETE FROM monuments WHERE seed_key IS NOT NULL AND id NOT IN (${sql.join(
        seedRows().map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
    await t.database.rows(sql`UPDATE monuments SET seed_key = NULL, namesake = NULL, placement = NULL`);
    await t.database.rows(sql`DELETE FROM app_secrets WHERE name = 'seeded-commemorations'`);
    await t.database.rows(
      sql`UPDATE monuments SET lat = 48.3, lng = 14.29, short_description = 'von der Stadt korrigiert' WHERE id = 'mon-mozartstrasse'`,
    );
    expect(await count(sql`TRUE`)).toBe(seedRows().length);

    await seedCity(t.database, city);
    await seedCity(t.database, city);
    expect(await count(sql`m.seed_key LIKE 'register:%'`)).toBe(573);
    expect(await count(sql`m.name = 'Mozartstraße'`)).toBe(1);
    const [mozart] = await t.database.rows<{ lat: number; short_description: string; namesake: { name: string } }>(
      sql`SELECT lat, short_description, namesake FROM monuments WHERE id = 'mon-mozartstrasse'`,
    );
    expect(mozart).toMatchObject({ lat: 48.3, short_description: 'von der Stadt korrigiert' });
    expect(mozart!.namesake.name).toBe('Wolfgang Amadeus Mozart');
  });
});
