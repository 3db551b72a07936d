// Open data: GeoJSON checked against RFC 7946's rules, the CSVs read by a real CSV parser, the
// Atom feeds by a real feed parser; hidden and rejected items in none; ETag and 304 on each.
import { readFileSync } from 'node:fs';
import { ClientConfig, ErrorBody, EXPORT_TYPES, MonumentFeatureCollection, MonumentList, PATHS, routes } from '@linz/contract';
import { parseFeed } from '@rowanmanning/feed-parser';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_KIND, expectAnswer, testApp } from '../support/harness.js';
import { writes } from '../support/open-data-helpers.js';
import { newStaff, snapshotRows } from '../support/staff-helpers.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let w: ReturnType<typeof writes>;
beforeEach(async () => {
  t = await testApp({ PUBLIC_URL: 'https://denkmal.linz.example' });
  w = writes(t, await newStaff(t.database, 'Erika'));
});
afterEach(() => t.close());

const MON = 'mon-dreifaltigkeitssaeule';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const monuments = async () => expectAnswer(await get(routes.listMonuments.path), 200, MonumentList);
const geojson = async (query = '') => {
  const res = await get(`${routes.monumentsGeojson.path}${query}`);
  expect(res.headers['content-type']).toBe(EXPORT_TYPES.geojson);
  return expectAnswer(res, 200, MonumentFeatureCollection);
};
const csv = (body: string) => parse<Record<string, string>>(body, { columns: true, bom: true, record_delimiter: '\r\n' });
const LICENSE = /<https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/>; rel="license"/;

describe(`GeoJSON export on ${DB_KIND}`, () => {
  it('is an RFC 7946 FeatureCollection of the public monuments: [lon, lat], their fields and proposals', async () => {
    await w.propose('Johanna Dohnal', MON);
    const fc = await geojson();
    const list = await monuments();
    // Member names: RFC 7946's own plus the foreign members `license` and `attribution`; no `crs` (§4).
    expect(Object.keys(fc).sort()).toEqual(['attribution', 'features', 'license', 'type']);
    expect(fc.license).toBe('CC BY 4.0');
    // Each of the city's sources credited by name and licence (in English, the exports' language).
    const config = expectAnswer(await get(routes.clientConfig.path), 200, ClientConfig);
    expect(config.city.sources.length).toBeGreaterThan(0);
    for (const s of config.city.sources) expect(fc.attribution).toContain(`${s.name.en} (${s.licence.en})`);
    expect(fc.attribution).not.toContain('[object');
    expect(fc.features).toHaveLength(list.length);
    for (const f of fc.features) {
      expect(Object.keys(f).sort()).toEqual(['geometry', 'id', 'properties', 'type']);
      expect(f.geometry.type).toBe('Point');
      expect(f.geometry.coordinates).toHaveLength(2);
      const [lon, lat] = f.geometry.coordinates;
      // Linz lies at about 14.3° E, 48.3° N: the order is longitude first.
      expect(lon).toBeGreaterThan(13.9);
      expect(lon).toBeLessThan(14.6);
      expect(lat).toBeGreaterThan(48.1);
      expect(lat).toBeLessThan(48.5);
      const m = list.find((x) => x.id === f.id);
      const { source, placement, ...fields } = f.properties;
      expect(fields).toEqual({ ...m, photos: [] });
      expect(source === null || typeof source === 'string').toBe(true);
      expect(placement === null || ['sources', 'citizens'].includes(placement.by)).toBe(true);
      expect([lon, lat]).toEqual([m?.geoLocY, m?.geoLocX]);
    }
    expect(fc.features.find((f) => f.id === MON)?.properties.proposals).toBe(1);
    // A register street placed from the city's data (issue 54): kind, namesake with Wikidata id, source and point.
    const street = fc.features.find((f) => f.properties.placement?.by === 'sources' && f.properties.namesake?.wikidata.length);
    expect(street?.properties).toMatchObject({ category: 'street', source: expect.stringContaining('data.linz.gv.at') });
    expect(street?.properties.placement?.recordId).toBeTruthy();
    expect(street?.properties.namesake?.wikidata[0]).toMatch(/^Q\d+$/);
    const row = csv((await get(routes.monumentsCsv.path)).body).find((r) => r.id === street?.id);
    expect(row).toMatchObject({
      namesake: street?.properties.namesake?.name,
      namesake_wikidata: street?.properties.namesake?.wikidata.join(' '),
      placed_by: 'sources',
      point_record: street?.properties.placement?.recordId,
      point_check: street?.properties.placement?.check,
    });
  });

  it('filters by bbox and by the map filter names', async () => {
    const list = await monuments();
    const column = list.find((m) => m.id === MON);
    if (!column) throw new Error('seed changed');
    const d = 0.001;
    const box = [column.geoLocY - d, column.geoLocX - d, column.geoLocY + d, column.geoLocX + d];
    const inside = (await geojson(`?bbox=${box.join(',')}`)).features;
    const expected = list.filter(
      (m) => m.geoLocY >= box[0]! && m.geoLocY <= box[2]! && m.geoLocX >= box[1]! && m.geoLocX <= box[3]!,
    );
    expect(inside.map((f) => f.id).sort()).toEqual(expected.map((m) => m.id).sort());
    expect(inside.map((f) => f.id)).toContain(MON);
    expect(inside.length).toBeLessThan(list.length);
    const women = (await geojson('?sex=female&category=street')).features;
    expect(women.length).toBe(list.filter((m) => m.sex === 'female' && m.category === 'street').length);
    expect(women.length).toBeGreaterThan(0);
    expect((await geojson('?q=dreifaltigkeit')).features.map((f) => f.id)).toEqual([MON]);
    expect((await geojson('?validated=0')).features).toEqual([]);
  });

  it('refuses an invalid bbox or filter with 400 naming it, and nothing changes', async () => {
    const before = await snapshotRows(t.database);
    const refused = [
      ['bbox=1,2,3', 'bbox'],
      ['bbox=a,b,c,d', 'bbox'],
      ['bbox=14,48,Infinity,49', 'bbox'],
      ['bbox=14.3,48,14.2,49', 'bbox'],
      ['bbox=14,48.3,15,48.2', 'bbox'],
      ['bbox=-181,0,0,1', 'bbox'],
      ['bbox=0,-91,1,1', 'bbox'],
      ['bbox=,,,', 'bbox'],
      ['sex=woman', 'sex'],
      ['validated=yes&bbox=0,0,1,1', 'validated'],
    ];
    for (const [query, name] of refused) {
      for (const path of [routes.monumentsGeojson.path, routes.monumentsCsv.path]) {
        const body = expectAnswer(await get(`${path}?${query}`), 400, ErrorBody);
        expect(body.message, query).toContain(name);
      }
    }
    expect(await snapshotRows(t.database)).toEqual(before);
  });
});

describe(`CSV exports on ${DB_KIND}`, () => {
  const awkward = ['=HYPERLINK("http://evil.example")', 'Gasse, "die" Erste', 'Zeile eins\nZeile zwei', '+1', '-2', '@SUM(A1)'];

  it('monuments.csv: header row, RFC 4180 quoting with CRLF, formulas neutralised, numbers as numbers', async () => {
    const added = await w.addMonument('Platzhalter');
    // Names with line breaks cannot come through the add form: they are put in directly.
    for (const [k, name] of awkward.entries()) {
      await t.database.rows(sql`INSERT INTO monuments (id, name, lat, lng, category, sex, validated)
        VALUES (${`mon-csv-${k}`}, ${name}, 48.3, 14.28, 'plaque', 'female', true)`);
    }
    await w.staff('staff.monuments.update', { monumentId: added.id, patch: { name: 'Platzhalter 2' } }); // invalidates the list
    const res = await get(routes.monumentsCsv.path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(EXPORT_TYPES.csv);
    expect(res.headers.link).toMatch(LICENSE);
    expect(res.body.charCodeAt(0)).not.toBe(0xfeff);
    expect(res.body.endsWith('\r\n')).toBe(true);
    const rows = csv(res.body);
    expect(rows).toHaveLength((await monuments()).length);
    const name = (k: number) => rows.find((r) => r.id === `mon-csv-${k}`)?.name;
    expect(name(0)).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(name(1)).toBe('Gasse, "die" Erste');
    expect(name(2)).toBe('Zeile eins\nZeile zwei');
    expect([name(3), name(4), name(5)]).toEqual(["'+1", "'-2", "'@SUM(A1)"]);
    const column = rows.find((r) => r.id === MON);
    expect(Number(column?.latitude)).toBeCloseTo(48.3058, 3);
    expect(column?.latitude).toMatch(/^\d+\.\d+$/);
    expect(column?.validated).toBe('true');
    // The same filters as the GeoJSON.
    expect(csv((await get(`${routes.monumentsCsv.path}?q=dreifaltigkeit`)).body).map((r) => r.id)).toEqual([MON]);
  });

  it('interventions.csv: the public proposals with their answers; a rejected one is not in it', async () => {
    const a = await w.propose('=cmd|" /C calc"!A0', MON);
    const b = await w.propose('Käthe Leichter, "Ökonomin"', MON);
    const c = await w.propose('Verworfen', MON);
    await w.answer(b.id, 'Ja.\nBald.', 'Yes.');
    await w.staff('staff.proposals.reject', { proposalId: c.id, reason: { text: 'Spam' } });
    const res = await get(routes.proposalsCsv.path);
    expect(res.headers['content-type']).toBe(EXPORT_TYPES.csv);
    expect(res.headers.link).toMatch(LICENSE);
    const rows = csv(res.body);
    expect(rows.map((r) => Number(r.id)).sort()).toEqual([a.id, b.id].sort());
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    expect(byId.get(a.id)?.name).toBe(`'=cmd|" /C calc"!A0`);
    expect(byId.get(b.id)).toMatchObject({ name: 'Käthe Leichter, "Ökonomin"', status: 'planned', answer_de: 'Ja.\nBald.' });
    expect(byId.get(b.id)?.monumentName).toBe('Dreifaltigkeitssäule');
  });
});

describe(`Atom feeds on ${DB_KIND}`, () => {
  it('interventions.atom: new public proposals, escaped, linked to the map; hidden ones left out', async () => {
    const evil = `<script>&"'`;
    const p = await w.propose(evil, MON);
    const gone = await w.propose('Wird verworfen', MON);
    await w.staff('staff.proposals.reject', { proposalId: gone.id, reason: { text: 'Spam' } });
    const res = await get(routes.feedProposals.path);
    expect(res.headers['content-type']).toBe(EXPORT_TYPES.atom);
    expect(res.body).not.toContain('<script>');
    const feed = parseFeed(res.body);
    expect(feed.meta.type).toBe('atom');
    expect(feed.copyright).toContain('CC BY 4.0');
    expect(feed.self).toBe('https://denkmal.linz.example/api/feeds/interventions.atom');
    expect(feed.items).toHaveLength(1);
    const [item] = feed.items;
    expect(item?.title).toBe(evil);
    expect(item?.url).toBe(`https://denkmal.linz.example/?monument=${MON}`);
    expect(item?.description).toContain(evil);
    expect(item?.id).toBe(`https://denkmal.linz.example/?monument=${MON}#proposal-${p.id}`);
  });

  it('answers.atom: proposals that reached the threshold and the city answers', async () => {
    const empty = parseFeed((await get(routes.feedAnswers.path)).body);
    expect(empty.items).toEqual([]);
    const p = await w.propose(`Frauen & "Denkmäler"`, MON);
    await w.votes(p.id, MON);
    const reached = parseFeed((await get(routes.feedAnswers.path)).body);
    expect(reached.items.map((i) => i.title)).toEqual([`Frauen & "Denkmäler": 10 Stimmen erreicht`]);
    await w.answer(p.id, 'Wir prüfen <das>.', 'We will look into it.');
    const feed = parseFeed((await get(routes.feedAnswers.path)).body);
    expect(feed.copyright).toContain('CC BY 4.0');
    expect(feed.items).toHaveLength(2);
    const answer = feed.items.find((i) => i.title?.includes('Antwort'));
    expect(answer?.description).toContain('Wir prüfen <das>.');
    expect(answer?.url).toBe(`https://denkmal.linz.example/?monument=${MON}`);
    // Hidden by staff: in neither feed.
    await w.staff('staff.proposals.reject', { proposalId: p.id, reason: { text: 'Spam' } });
    expect(parseFeed((await get(routes.feedAnswers.path)).body).items).toEqual([]);
    expect(parseFeed((await get(routes.feedProposals.path)).body).items).toEqual([]);
  });
});

describe('the pages', () => {
  it('link both feeds with rel="alternate" (apps/web/index.html)', () => {
    const html = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
    const links = [...html.matchAll(/<link\s+([^>]*rel="alternate"[^>]*)>/g)].map((m) => m[1] ?? '');
    const hrefs = links.filter((l) => l.includes('type="application/atom+xml"')).map((l) => /href="([^"]+)"/.exec(l)?.[1]);
    expect(hrefs.sort()).toEqual([PATHS.feedAnswers, PATHS.feedProposals].sort());
  });
});

describe(`ETag and 304 on every export (${DB_KIND})`, () => {
  it('answers 304 to a matching If-None-Match, and 200 with a new ETag after a write that changes it', async () => {
    const paths = [
      routes.monumentsGeojson.path,
      routes.monumentsCsv.path,
      routes.proposalsCsv.path,
      routes.feedProposals.path,
      routes.feedAnswers.path,
    ];
    const etags = new Map<string, string>();
    for (const path of paths) {
      const first = await get(path, { 'accept-encoding': 'gzip' });
      const etag = String(first.headers.etag);
      expect(etag, path).toMatch(/^".+"$/);
      expect(first.headers.link).toMatch(LICENSE);
      expect(first.headers['access-control-allow-origin']).toBe('*');
      expect((await get(path, { 'accept-encoding': 'gzip', 'if-none-match': etag })).statusCode, path).toBe(304);
      etags.set(path, etag);
    }
    // A proposal that reaches the threshold changes every one of them (the monuments carry its count).
    const p = await w.propose('Neu', MON);
    await w.votes(p.id, MON);
    for (const path of paths) {
      const after = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': etags.get(path) ?? '' });
      expect(after.statusCode, path).toBe(200);
      expect(after.headers.etag).not.toBe(etags.get(path));
    }
  });
});
