// `pnpm city import` (city/import/): each format, twice adds nothing, a dry run writes nothing, a
// refresh keeps staff's corrections and what citizens added, bad files change nothing, and an
// export imported into an empty city gives the same items. On PGlite and PostgreSQL.
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { insideArea, routes } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportFileError } from '../../src/city/import/candidate.js';
import { importFile, importFiles, reportLines } from '../../src/city/import/run.js';
import { DB_KIND, json, testApp } from '../support/harness.js';
import { bearer, newStaff, snapshotRows, trpcPost } from '../support/staff-helpers.js';

const CITY = path.join(import.meta.dirname, '../fixtures/cities/auwinkel');
const FIXTURE = (name: string) => path.join(CITY, name);
const scratch = mkdtempSync(path.join(tmpdir(), 'city-import-'));
const file = (name: string, text: string | Buffer) => {
  const f = path.join(scratch, name);
  writeFileSync(f, text);
  return f;
};

const apps: Awaited<ReturnType<typeof testApp>>[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});
const auwinkel = async () => {
  const t = await testApp({ CITY }, { unseeded: true });
  apps.push(t);
  return t;
};
const count = async (t: { database: Awaited<ReturnType<typeof testApp>>['database'] }) =>
  Number((await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM monuments`))[0]?.n);

describe(`pnpm city import on ${DB_KIND}`, () => {
  it('reads Overpass JSON: streets with a marker on the line and their geometry, skips with reasons; a dry run writes nothing; twice adds nothing', async () => {
    const t = await auwinkel();
    const area = t.config.city.area;
    const dry = await importFile(t.database, FIXTURE('overpass.json'), area, { dryRun: true });
    expect(dry).toMatchObject({
      format: 'Overpass API JSON',
      dryRun: true,
      read: 38,
      items: { new: 34, updated: 0, unchanged: 0 },
    });
    expect(await count(t)).toBe(0);
    const first = await importFile(t.database, FIXTURE('overpass.json'), area);
    expect(first.items).toEqual({ new: 34, updated: 0, unchanged: 0 });
    expect(first.skipped.map((s) => [s.name, s.reason])).toEqual([
      [null, 'no name'],
      ['Kaputtgasse', 'bad geometry'],
      ['Außerhalbweg', 'outside the boundary'],
    ]);
    expect(reportLines(first)).toContain('skipped: 3 (no name: 1, bad geometry: 1, outside the boundary: 1)');
    // Two ways of one name are one street: a MultiLineString, its marker on the longer line.
    const [suttner] = await t.database.rows<{
      category: string;
      geometry: { type: string; coordinates: number[][][] };
      lat: number;
      lng: number;
    }>(sql`SELECT category, geometry, lat, lng FROM monuments WHERE name = 'Bertha-von-Suttner-Straße'`);
    expect(suttner?.category).toBe('street');
    expect(suttner?.geometry.type).toBe('MultiLineString');
    const line = suttner!.geometry.coordinates[0]!;
    expect(Number(suttner!.lat)).toBeCloseTo(line[1]![1]!, 5);
    expect(Number(suttner!.lng)).toBeCloseTo(line[1]![0]!, 5);
    const again = await importFile(t.database, FIXTURE('overpass.json'), area);
    expect(again.items).toEqual({ new: 0, updated: 0, unchanged: 34 });
    expect(await count(t)).toBe(34);
    // The gender CSV gives the streets' namesakes' sex (F, M, and "-": none); a second time it changes nothing.
    expect((await importFile(t.database, FIXTURE('gender.csv'), area)).items).toEqual({ new: 0, updated: 34, unchanged: 0 });
    expect((await importFile(t.database, FIXTURE('gender.csv'), area)).items).toEqual({ new: 0, updated: 0, unchanged: 34 });
    const sexes = await t.database.rows<{ sex: string; n: number }>(
      sql`SELECT sex, count(*)::int AS n FROM monuments GROUP BY 1 ORDER BY 1`,
    );
    expect(sexes.map((r) => [r.sex, Number(r.n)])).toEqual([
      ['female', 8],
      ['male', 16],
      ['none', 10],
    ]);
  });

  it("a refresh keeps staff's corrections and citizens' monuments, and deletes nothing", async () => {
    const t = await auwinkel();
    const area = t.config.city.area;
    await importFile(t.database, FIXTURE('overpass.json'), area);
    const token = await newStaff(t.database);
    const [mozart] = await t.database.rows<{ id: string }>(sql`SELECT id FROM monuments WHERE name = 'Mozartstraße'`);
    const fix = await t.app.inject(
      trpcPost(
        'staff.monuments.update',
        { monumentId: mozart!.id, patch: { name: 'Wolfgang-Amadeus-Mozart-Straße', geoLocX: 47.905, geoLocY: 15.005 } },
        bearer(token),
      ),
    );
    expect(fix.statusCode, fix.body).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: routes.addMonument.path,
      headers: json,
      payload: { name: 'Gedenkstein am Anger', geoLocX: 47.915, geoLocY: 15.03 },
    });
    expect(added.statusCode, added.body).toBe(201);
    // The next month's extract: every street moved a little, one street gone.
    const osm = JSON.parse(readFileSync(FIXTURE('overpass.json'), 'utf8')) as {
      elements: { tags?: { name?: string }; geometry?: { lat: number; lon: number }[] }[];
    };
    for (const e of osm.elements) for (const p of e.geometry ?? []) p.lat = Math.round((p.lat + 0.0001) * 1e6) / 1e6;
    osm.elements = osm.elements.filter((e) => e.tags?.name !== 'Haydnweg');
    const report = await importFile(t.database, file('next.json', JSON.stringify(osm)), area);
    // Found again by its key, the corrected street is refreshed only where staff left it (its line).
    expect(report.items).toEqual({ new: 0, updated: 33, unchanged: 0 });
    const rows = await t.database.rows<{ name: string; lat: number; lng: number }>(
      sql`SELECT name, lat, lng FROM monuments WHERE id = ${mozart!.id}`,
    );
    // Staff's name and place stay; the street gone from the extract and the citizen's monument stay.
    expect(rows[0]).toMatchObject({ name: 'Wolfgang-Amadeus-Mozart-Straße' });
    expect([Number(rows[0]!.lat), Number(rows[0]!.lng)]).toEqual([47.905, 15.005]);
    expect(await count(t)).toBe(34 + 1);
    expect((await t.database.rows(sql`SELECT 1 FROM monuments WHERE name IN ('Haydnweg', 'Gedenkstein am Anger')`)).length).toBe(
      2,
    );
  });

  it('refuses bad files with a clear message and changes nothing', async () => {
    const t = await auwinkel();
    const area = t.config.city.area;
    await importFile(t.database, FIXTURE('overpass.json'), area);
    const before = await snapshotRows(t.database);
    const text = readFileSync(FIXTURE('overpass.json'), 'utf8');
    const huge = path.join(scratch, 'huge.json');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, 200 * 1024 * 1024); // 200 MB, sparse: nothing is read
    closeSync(fd);
    const cases: [string, RegExp][] = [
      [file('truncated.json', text.slice(0, text.length / 2)), /truncated or damaged/],
      [file('latin1.csv', Buffer.from('name,source,gender,wikidata,type\nStra\xdfe,-,F,,\n', 'latin1')), /not UTF-8/],
      [huge, /200 MB; the limit is 100 MB/],
      [
        file('formula.csv', 'name,source,gender,wikidata,type\n"=HYPERLINK(""http://x"")",-,F,,\n'),
        /line 2, column name: .* formula/,
      ],
      [file('cut.csv', 'name,source,gender,wikidata,type\n"Unfinished,-,F\n'), /truncated or damaged/],
      [file('other.csv', 'a,b\n1,2\n'), /Unknown format/],
      [file('other.json', '{"hello":1}'), /Unknown format/],
    ];
    for (const [f, message] of cases) {
      const err = await importFile(t.database, f, area).catch((e: unknown) => e);
      expect(err, f).toBeInstanceOf(ImportFileError);
      expect((err as Error).message, f).toMatch(message);
      expect((err as Error).message).toMatch(/Nothing was imported/);
    }
    expect(await snapshotRows(t.database)).toEqual(before);
  });

  it('an export imported into an empty city gives the same items (CSV and GeoJSON)', async () => {
    const t = await auwinkel();
    await importFile(t.database, FIXTURE('overpass.json'), t.config.city.area);
    await importFile(t.database, FIXTURE('gender.csv'), t.config.city.area);
    const csv = (await t.app.inject({ url: routes.monumentsCsv.path })).body;
    const geojson = (await t.app.inject({ url: routes.monumentsGeojson.path })).body;
    for (const [name, exported] of [
      ['export.csv', csv],
      ['export.geojson', geojson],
    ] as const) {
      const empty = await auwinkel();
      const report = await importFile(empty.database, file(name, exported), empty.config.city.area);
      expect(report.items.new, name).toBe(34);
      expect((await empty.app.inject({ url: routes.monumentsCsv.path })).body, name).toBe(csv);
      expect((await importFile(empty.database, file(name, exported), empty.config.city.area)).items.new).toBe(0);
    }
  });

  it('reads EqualStreetNames ways GeoJSON, a Wikidata SPARQL result and a street register CSV', async () => {
    const t = await auwinkel();
    const area = t.config.city.area;
    const ways = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Käthe-Leichter-Gasse', wikidata: 'Q9000001', gender: 'F', details: { wikidata: 'Q86737' } },
          geometry: {
            type: 'LineString',
            coordinates: [
              [15.01, 47.91],
              [15.012, 47.911],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'Adalbert-Stifter-Ring', wikidata: 'Q9000002', gender: 'M', details: { wikidata: 'Q78488' } },
          geometry: {
            type: 'MultiLineString',
            coordinates: [
              [
                [15.02, 47.92],
                [15.021, 47.921],
              ],
              [
                [15.021, 47.921],
                [15.023, 47.921],
              ],
            ],
          },
        },
        {
          // A neighbour of Käthe-Leichter-Gasse (about 30 m away): two streets, not one twice.
          type: 'Feature',
          properties: { name: 'Nachbargasse', wikidata: 'Q9000004', gender: null, details: null },
          geometry: {
            type: 'LineString',
            coordinates: [
              [15.0105, 47.9108],
              [15.0115, 47.9108],
            ],
          },
        },
        {
          // Mostly outside the city (its longest line), a short line reaching in: the part inside is kept.
          type: 'Feature',
          properties: { name: 'Grenzstraße', wikidata: 'Q9000003', gender: null, details: null },
          geometry: {
            type: 'MultiLineString',
            coordinates: [
              [
                [15.12, 47.91],
                [15.2, 47.91],
              ],
              [
                [15.09, 47.91],
                [15.104, 47.91],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { gender: 'M' },
          geometry: {
            type: 'LineString',
            coordinates: [
              [15.02, 47.92],
              [15.021, 47.921],
            ],
          },
        },
      ],
    };
    const esn = await importFile(t.database, file('ways.geojson', JSON.stringify(ways)), area);
    expect(esn).toMatchObject({ format: 'EqualStreetNames GeoJSON (ways/relations)', items: { new: 4 } });
    expect(esn.skipped).toEqual([{ at: 'feature 5', name: null, reason: 'no name' }]);
    expect(esn.duplicates).toEqual([]);
    const streets = await t.database.rows<{ name: string; source: string; lat: number; lng: number; geometry: unknown }>(
      sql`SELECT name, source, lat, lng, geometry FROM monuments WHERE name IN ('Käthe-Leichter-Gasse', 'Grenzstraße') ORDER BY name`,
    );
    // The source names the namesake's item (details.wikidata), not the street's own.
    expect(streets.map((r) => r.source)).toEqual([
      'EqualStreetNames / OpenStreetMap (ODbL)',
      'EqualStreetNames / OpenStreetMap (ODbL); Q86737',
    ]);
    const grenz = streets[0];
    expect(insideArea(area, Number(grenz?.lat), Number(grenz?.lng))).toBe(true);
    expect(grenz?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [15.09, 47.91],
        [15.104, 47.91],
      ],
    });
    const binding = (item: string, label: string, coord: string, sex: string) => ({
      item: { type: 'uri', value: `http://www.wikidata.org/entity/${item}` },
      itemLabel: { type: 'literal', value: label },
      coordinate: { type: 'literal', datatype: 'http://www.opengis.net/ont/geosparql#wktLiteral', value: coord },
      sex: { type: 'uri', value: `http://www.wikidata.org/entity/${sex}` },
      namedAfter: { type: 'uri', value: 'http://www.wikidata.org/entity/Q46500' },
    });
    const sparql = {
      head: { vars: ['item', 'itemLabel', 'coordinate', 'sex', 'namedAfter'] },
      results: {
        bindings: [
          binding('Q1', 'Suttner-Denkmal', 'Point(15.03 47.915)', 'Q6581072'),
          binding('Q2', 'Fernes Denkmal', 'Point(16.37 48.2)', 'Q6581097'),
          // A memorial about 25 m from the street named after the same woman: perhaps one of them twice.
          binding('Q3', 'Käthe-Leichter-Gedenkstein', 'Point(15.0112 47.9103)', 'Q6581072'),
        ],
      },
    };
    const wd = await importFile(t.database, file('query.json', JSON.stringify(sparql)), area);
    expect(wd).toMatchObject({
      format: 'Wikidata SPARQL JSON',
      items: { new: 2 },
      skipped: [{ name: 'Fernes Denkmal', reason: 'outside the boundary' }],
      duplicates: [{ name: 'Käthe-Leichter-Gedenkstein', other: 'Käthe-Leichter-Gasse', why: 'within 50 m' }],
    });
    const [suttner] = await t.database.rows<{ sex: string; source: string }>(
      sql`SELECT sex, source FROM monuments WHERE name = 'Suttner-Denkmal'`,
    );
    expect(suttner).toEqual({ sex: 'female', source: 'Wikidata (CC0), Q1; named after Q46500' });
    const register =
      'id,name,katastralgemeinde,person_name,person_geschlecht,person_wikidata_id\nstrasse_1,Mozartstraße,Auwinkel,Wolfgang Amadeus Mozart,male,Q254\nstrasse_2,Am Anger,Auwinkel,,,\n';
    const reg = await importFile(t.database, file('register.csv', register), area);
    expect(reg.register).toEqual({ new: 2, updated: 0, unchanged: 0 });
    expect((await importFile(t.database, file('register.csv', register), area)).register).toEqual({
      new: 0,
      updated: 0,
      unchanged: 2,
    });
  });

  it("takes EqualStreetNames' ways and relations together: a street in both has the lines of both, and again nothing changes", async () => {
    const t = await auwinkel();
    const area = t.config.city.area;
    const feature = (coordinates: number[][]) => ({
      type: 'Feature',
      properties: { name: 'Bertha-von-Suttner-Straße', wikidata: 'Q9000005', gender: 'F', details: { wikidata: 'Q46500' } },
      geometry: { type: 'LineString', coordinates },
    });
    const ways = file(
      'ways.geojson',
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          feature([
            [15.01, 47.915],
            [15.02, 47.915],
          ]),
        ],
      }),
    );
    const relations = file(
      'relations.geojson',
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          feature([
            [15.02, 47.915],
            [15.03, 47.916],
          ]),
        ],
      }),
    );
    const first = await importFiles(t.database, [ways, relations], area);
    expect(first).toMatchObject({ read: 2, items: { new: 1, updated: 0, unchanged: 0 }, duplicates: [] });
    const [row] = await t.database.rows<{ geometry: { type: string; coordinates: unknown[] } }>(
      sql`SELECT geometry FROM monuments WHERE name = 'Bertha-von-Suttner-Straße'`,
    );
    expect(row?.geometry.type).toBe('MultiLineString');
    expect(row?.geometry.coordinates).toHaveLength(2);
    expect((await importFiles(t.database, [ways, relations], area)).items).toEqual({ new: 0, updated: 0, unchanged: 1 });
    // A skip names its file.
    const bad = file(
      'bad.geojson',
      JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: null }] }),
    );
    expect((await importFiles(t.database, [ways, bad], area, { dryRun: true })).skipped).toEqual([
      { at: 'bad.geojson feature 1', name: null, reason: 'no name' },
    ]);
  });
});
