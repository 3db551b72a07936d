// The formats `pnpm city import` reads, told apart by their content (not their name): our own
// CSV and GeoJSON exports, EqualStreetNames' gender.csv and ways/relations.geojson, Overpass API
// JSON (`out geom;`), a Wikidata SPARQL result (JSON), and a street register CSV (the
// columns of the one the default profile ships). Each row becomes a candidate or a skip with its reason (candidate.ts).
import { fold, SEXES, type Sex } from '@linz/contract';
import { parseCsv } from '../../db/csv.js';
import { slugId } from '../../db/seed.js';
import { ImportFileError, sexOf, type Candidate, type Parsed, type RegisterStreet, type Skip } from './candidate.js';
import { geometryOf, linesOf, pointOnLine } from './geometry.js';

type Row = Record<string, string>;
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const qid = (v: unknown): string => /Q\d+$/.exec(str(v))?.[0] ?? '';
const isSex = (v: string): v is Sex => (SEXES as readonly string[]).includes(v);

/** A cell a spreadsheet would run as a formula; our exports write such text with a leading `'`. */
const FORMULA = /^(?:[=+@\t\r]|-[^\d.\s-])/;

function csvRows(text: string): { header: string[]; rows: Row[] } {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch {
    throw new ImportFileError('The CSV file ends inside a quoted field: it is truncated or damaged. Nothing was imported.');
  }
  const [header = [], ...rest] = records.filter((r) => !(r.length === 1 && r[0] === ''));
  const rows = rest.map((r, i) => {
    if (r.length !== header.length)
      throw new ImportFileError(
        `CSV line ${i + 2} has ${r.length} fields, the header ${header.length}: the file is truncated or damaged. Nothing was imported.`,
      );
    return Object.fromEntries(
      header.map((h, k) => {
        const cell = r[k] ?? '';
        if (FORMULA.test(cell))
          throw new ImportFileError(
            `CSV line ${i + 2}, column ${h}: "${cell.slice(0, 40)}" is a spreadsheet formula. Nothing was imported.`,
          );
        // Our exports' guard against formulas: `'=…` is the text `=…`.
        return [h, /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell];
      }),
    );
  });
  return { header: header.map((h) => h.trim()), rows };
}

/** The monument's fields as our own exports write them (the CSV's text and the GeoJSON's values alike), read back. */
const exportedFields = (p: Record<string, unknown>) => ({
  name_en: str(p.name_en) || null,
  category: str(p.category) || 'other',
  sex: isSex(str(p.sex)) ? (str(p.sex) as Sex) : ('unspecified' as const),
  validated: p.validated === true || p.validated === 'true',
  shortDescription: str(p.shortDescription),
  shortDescription_en: str(p.shortDescription_en),
});

/** Streets of one name are one street: their lines are merged, the marker is on the longest. */
function street(
  acc: Map<string, Candidate>,
  name: string,
  lines: [number, number][][],
  c: Omit<Candidate, 'key' | 'name' | 'category'>,
) {
  const key = `street:${fold(name)}`;
  const before = acc.get(key);
  const all = [...(before?.geometry ? (linesOf(before.geometry) ?? []) : []), ...lines];
  acc.set(key, {
    ...before,
    ...Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)),
    key,
    name,
    category: 'street',
    ...pointOnLine(all),
    geometry: geometryOf(all),
  } as Candidate);
}

function overpass(json: { elements: unknown[] }): Parsed {
  const acc = new Map<string, Candidate>();
  const skipped: Skip[] = [];
  const points: Candidate[] = [];
  type LatLon = { lat: number; lon: number };
  type Element = {
    type?: string;
    id?: number;
    tags?: Record<string, string>;
    geometry?: LatLon[];
    nodes?: number[];
    members?: { type?: string; ref?: number; geometry?: LatLon[] }[];
    lat?: number;
    lon?: number;
  };
  const elements = json.elements as Element[];
  // `out body; >; out skel;` gives a way its nodes by id instead of its geometry (`out geom;`).
  const nodes = new Map(
    elements
      .filter((e) => e.type === 'node' && typeof e.lat === 'number')
      .map((e) => [e.id, { lat: e.lat, lon: e.lon }] as const),
  );
  const ways = new Map(elements.filter((e) => e.type === 'way').map((e) => [e.id, e]));
  // A clipped extract lacks the nodes outside it: the line is the part inside (two nodes at least).
  const wayGeometry = (w: Element | undefined) =>
    w?.geometry ?? w?.nodes?.map((id) => nodes.get(id)).filter((n): n is LatLon => n !== undefined);
  for (const e of elements) {
    const at = `${e.type ?? 'element'} ${e.id ?? '?'}`;
    // A node without tags is a point of a way's line, not an item.
    if (e.type === 'node' && !e.tags) continue;
    const name = str(e.tags?.name);
    if (!name) {
      skipped.push({ at, name: null, reason: 'no name' });
      continue;
    }
    const namesake = qid(e.tags?.['name:etymology:wikidata']);
    const about = str(e.tags?.['name:etymology']);
    const source = `OpenStreetMap (ODbL), ${at}${namesake ? `; named after ${about ? `${about}, ` : ''}${namesake}` : ''}`;
    if (e.type === 'node') {
      if (typeof e.lat !== 'number' || typeof e.lon !== 'number') skipped.push({ at, name, reason: 'bad geometry' });
      else
        points.push({
          key: `osm:node:${e.id}`,
          name,
          category: e.tags?.historic === 'memorial' ? 'memorial' : 'other',
          lat: e.lat,
          lng: e.lon,
          source,
          at,
        });
      continue;
    }
    const parts =
      e.type === 'relation'
        ? (e.members ?? []).filter((m) => m.type === 'way').map((m) => m.geometry ?? wayGeometry(ways.get(m.ref)))
        : [wayGeometry(e)];
    const lines = linesOf({ type: 'MultiLineString', coordinates: parts.map((g) => (g ?? []).map((p) => [p?.lon, p?.lat])) });
    if (!lines) skipped.push({ at, name, reason: 'bad geometry' });
    else if (e.tags?.highway || e.tags?.type === 'street' || e.tags?.type === 'associatedStreet')
      street(acc, name, lines, { source, validated: true, at });
    // A named building, square or park: a point where its outline is, not a street.
    else
      points.push({
        key: `osm:${at.replace(' ', ':')}`,
        name,
        category: e.tags?.historic === 'memorial' ? 'memorial' : 'other',
        ...pointOnLine(lines),
        source,
        at,
      });
  }
  return {
    format: 'Overpass API JSON',
    candidates: [...acc.values(), ...points],
    register: [],
    skipped,
    read: json.elements.length,
  };
}

function geojson(json: { features: unknown[] }): Parsed {
  const acc = new Map<string, Candidate>();
  const skipped: Skip[] = [];
  const points: Candidate[] = [];
  let own = false;
  json.features.forEach((raw, i) => {
    const f = raw as {
      id?: unknown;
      geometry?: { type?: string; coordinates?: unknown };
      properties?: Record<string, unknown> | null;
    };
    const p = f.properties ?? {};
    const name = str(p.name);
    const at = `feature ${i + 1}`;
    if (!name) return void skipped.push({ at, name: null, reason: 'no name' });
    if (f.geometry?.type === 'Point') {
      // Our own export: every monument's fields as properties.
      own = true;
      const [lng, lat] = Array.isArray(f.geometry.coordinates) ? (f.geometry.coordinates as unknown[]) : [];
      if (typeof lat !== 'number' || typeof lng !== 'number') return void skipped.push({ at, name, reason: 'bad geometry' });
      const id = str(p.id) || str(f.id);
      points.push({
        key: id ? `id:${id}` : `name:${fold(name)}`,
        ...(id ? { id } : {}),
        name,
        ...exportedFields(p),
        lat,
        lng,
        // Our own export names where each item's facts come from (its provenance columns).
        ...(str(p.source) ? { source: str(p.source) } : {}),
        at,
      });
      return;
    }
    const lines = linesOf(f.geometry);
    if (!lines) return void skipped.push({ at, name, reason: 'bad geometry' });
    // EqualStreetNames: `wikidata` is the street's own item, `details.wikidata` its namesake's.
    const namesake = qid((p.details as { wikidata?: unknown } | null | undefined)?.wikidata);
    street(acc, name, lines, {
      sex: sexOf(str(p.gender)),
      source: `EqualStreetNames / OpenStreetMap (ODbL)${namesake ? `; ${namesake}` : ''}`,
      validated: true,
      at,
    });
  });
  const format = own ? 'our GeoJSON export' : 'EqualStreetNames GeoJSON (ways/relations)';
  return { format, candidates: [...acc.values(), ...points], register: [], skipped, read: json.features.length };
}

function sparql(json: { head: { vars: string[] }; results: { bindings: Record<string, { value?: string }>[] } }): Parsed {
  const skipped: Skip[] = [];
  const candidates: Candidate[] = [];
  const pick = (b: Record<string, { value?: string }>, ...names: string[]) =>
    names.map((n) => str(b[n]?.value)).find(Boolean) ?? '';
  json.results.bindings.forEach((b, i) => {
    const at = `result ${i + 1}`;
    const item = qid(pick(b, 'item'));
    const name = pick(b, 'itemLabel', 'label');
    if (!name || /^Q\d+$/.test(name)) return void skipped.push({ at, name: null, reason: 'no name' });
    const point = /^Point\(\s*(-?[\d.]+)\s+(-?[\d.]+)\s*\)$/i.exec(pick(b, 'coordinate', 'coord', 'location'));
    if (!point) return void skipped.push({ at, name, reason: 'bad geometry' });
    const namesake = qid(pick(b, 'namedAfter', 'named_after'));
    candidates.push({
      key: item ? `wikidata:${item}` : `name:${fold(name)}`,
      name,
      category: 'other',
      sex: sexOf(qid(pick(b, 'sex', 'gender'))) ?? 'unspecified',
      lat: Number(point[2]),
      lng: Number(point[1]),
      validated: true,
      source: `Wikidata (CC0)${item ? `, ${item}` : ''}${namesake ? `; named after ${namesake}` : ''}`,
      at,
    });
  });
  return { format: 'Wikidata SPARQL JSON', candidates, register: [], skipped, read: json.results.bindings.length };
}

const hasColumns = (header: string[], ...names: string[]) => names.every((n) => header.includes(n));

function csv(text: string): Parsed {
  const { header, rows } = csvRows(text);
  const skipped: Skip[] = [];
  const candidates: Candidate[] = [];
  const at = (i: number) => `line ${i + 2}`;
  if (hasColumns(header, 'id', 'name', 'latitude', 'longitude', 'category', 'sex')) {
    rows.forEach((r, i) => {
      const name = str(r.name);
      if (!name) return void skipped.push({ at: at(i), name: null, reason: 'no name' });
      const lat = Number(r.latitude);
      const lng = Number(r.longitude);
      if (!r.latitude || !r.longitude || !Number.isFinite(lat) || !Number.isFinite(lng))
        return void skipped.push({ at: at(i), name, reason: 'bad geometry' });
      const id = str(r.id) || slugId(name);
      candidates.push({
        key: `id:${id}`,
        id,
        name,
        ...exportedFields(r),
        lat,
        lng,
        ...(str(r.source) ? { source: str(r.source) } : {}),
        at: at(i),
      });
    });
    return { format: 'our CSV export', candidates, register: [], skipped, read: rows.length };
  }
  if (hasColumns(header, 'name', 'source', 'gender', 'wikidata', 'type')) {
    rows.forEach((r, i) => {
      const name = str(r.name);
      if (!name) return void skipped.push({ at: at(i), name: null, reason: 'no name' });
      // The sex of the namesake only: the street's place and source come from the ways.
      candidates.push({
        key: `street:${fold(name)}`,
        name,
        category: 'street',
        sex: sexOf(r.gender) ?? (str(r.gender) === '-' ? 'none' : undefined),
        at: at(i),
      });
    });
    return { format: 'EqualStreetNames gender.csv', candidates, register: [], skipped, read: rows.length };
  }
  if (hasColumns(header, 'id', 'name', 'katastralgemeinde', 'person_geschlecht')) {
    const register = rows.flatMap((r, i): RegisterStreet[] => {
      const name = str(r.name);
      if (!name || !str(r.id)) return (skipped.push({ at: at(i), name: name || null, reason: 'no name' }), []);
      const sex = str(r.person_geschlecht);
      const persons = [str(r.person_wikidata_id), ...str(r.weitere_person_wikidata_ids).split(/[;,|\s]+/)].filter(Boolean);
      return [
        {
          id: str(r.id),
          name,
          district: str(r.katastralgemeinde),
          personName: str(r.person_name) || null,
          sex: sex === 'female' || sex === 'male' ? sex : 'unknown',
          streetWikidataId: str(r.strasse_wikidata_id) || null,
          personWikidataIds: [...new Set(persons)],
        },
      ];
    });
    return { format: 'street register CSV', candidates: [], register, skipped, read: rows.length };
  }
  throw new ImportFileError(
    `Unknown format: a CSV file with the columns ${header.slice(0, 8).join(', ')}. Nothing was imported.`,
  );
}

/** Reads a file's text in the format its content shows; throws ImportFileError for anything else. */
export function parseImport(text: string): Parsed {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return csv(text);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ImportFileError(
      `The JSON file cannot be read (${(err as Error).message}): it is truncated or damaged. Nothing was imported.`,
    );
  }
  const o = (json ?? {}) as Record<string, unknown>;
  if (Array.isArray(o.elements)) return overpass(o as { elements: unknown[] });
  if (o.type === 'FeatureCollection' && Array.isArray(o.features)) return geojson(o as { features: unknown[] });
  const r = o.results as { bindings?: unknown } | undefined;
  if (typeof o.head === 'object' && Array.isArray(r?.bindings)) return sparql(o as Parameters<typeof sparql>[0]);
  throw new ImportFileError(
    'Unknown format: a JSON file that is no Overpass answer, GeoJSON FeatureCollection or SPARQL result. Nothing was imported.',
  );
}
