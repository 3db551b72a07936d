// Open311 GeoReport v2 (read): every operation in JSON and XML, the XML read back by a real XML
// parser (fast-xml-parser), each field checked against the database; the status mapping, the
// filters and their limits, hidden and rejected proposals absent, and GeoReport's error list for
// bad parameters (JSON and XML, nothing else answered).
import { spawnSync } from 'node:child_process';
import {
  OPEN311_BASE,
  OPEN311_MAX_REQUESTS,
  Open311Discovery,
  Open311Errors,
  Open311RequestList,
  Open311ServiceList,
  type Open311Request,
} from '@linz/contract';
import { sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, testApp } from '../support/harness.js';
import { writes } from '../support/open-data-helpers.js';
import { newStaff } from '../support/staff-helpers.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let w: ReturnType<typeof writes>;
const PUBLIC = 'https://denkmal.linz.example';
beforeAll(async () => {
  t = await testApp({ PUBLIC_URL: PUBLIC });
  w = writes(t, await newStaff(t.database, 'Erika'));
});
afterAll(() => t.close());

const MON = 'mon-dreifaltigkeitssaeule';
/** `requests?status=open` + `json` → `/open311/v2/requests.json?status=open`. */
const url = (path: string, format: string) => {
  const [name, query] = path.split('?');
  return `${OPEN311_BASE}/${name}.${format}${query === undefined ? '' : `?${query}`}`;
};
const get = (url: string) => t.app.inject({ url, headers: { origin: 'https://elsewhere.example' } });
// Every element's text stays a string (ids, numbers alike): the test compares what was sent.
const parser = new XMLParser({
  parseTagValue: false,
  isArray: (name) => ['request', 'error', 'service', 'endpoint', 'format'].includes(name),
});

async function json<T>(path: string, schema: { parse(v: unknown): T }, status = 200): Promise<T> {
  const res = await get(url(path, 'json'));
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['access-control-allow-origin']).toBe('*');
  return schema.parse(JSON.parse(res.body));
}
async function xml(path: string, status = 200): Promise<Record<string, unknown>> {
  const res = await get(url(path, 'xml'));
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect(res.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
  expect(XMLValidator.validate(res.body)).toBe(true);
  // And by libxml2, a parser independent of the library that wrote it.
  expect(xmllint(res.body)).toBe('');
  return parser.parse(res.body) as Record<string, unknown>;
}

/** `xmllint --noout -` (libxml2; Debian's libxml2-utils): what it says about a document, '' when well-formed. */
function xmllint(text: string): string {
  const r = spawnSync('xmllint', ['--noout', '--nonet', '-'], { input: text, encoding: 'utf8' });
  if (r.error) throw new Error(`xmllint not found (apt-get install libxml2-utils): ${r.error.message}`);
  return r.status === 0 ? r.stderr : `exit ${r.status}: ${r.stderr}`;
}
const xmlRequests = async (path: string) =>
  (((await xml(path)).service_requests as { request?: Record<string, string>[] } | '') || {}).request ?? [];

type DbRow = {
  id: number;
  name: string;
  status: string;
  answer_de: string | null;
  created_at: string;
  answered_at: string | null;
  lat: number;
  lng: number;
  monument: string;
};
const dbRow = async (id: number) =>
  (
    await t.database.rows<DbRow>(sql`
      SELECT i.id, i.name, i.status, i.answer_de, i.created_at::text, i.answered_at::text, m.lat, m.lng, m.name AS monument
      FROM proposals i JOIN monuments m ON m.id = i.monument_id WHERE i.id = ${id}`)
  )[0]!;
const seconds = (t: string) => Math.floor(new Date(t).getTime() / 1000) * 1000;
const OFFSET_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

describe(`Open311 GeoReport v2 on ${DB_KIND}`, () => {
  it('discovery and services name the endpoint, its formats and the one service, in JSON and XML', async () => {
    const d = await json('discovery', Open311Discovery);
    expect(d.endpoints).toEqual([
      expect.objectContaining({ url: `${PUBLIC}${OPEN311_BASE}`, type: 'production', formats: ['application/json', 'text/xml'] }),
    ]);
    const dx = (await xml('discovery')).discovery as {
      endpoints: { endpoint: { url: string; formats: { format: string[] } }[] };
    };
    expect(dx.endpoints.endpoint[0]?.url).toBe(`${PUBLIC}${OPEN311_BASE}`);
    expect(dx.endpoints.endpoint[0]?.formats.format).toEqual(['application/json', 'text/xml']);

    const services = await json('services', Open311ServiceList);
    expect(services.map((s) => s.service_code)).toEqual(['proposal']);
    const sx = (await xml('services')).services as { service: Record<string, string>[] };
    expect(sx.service).toHaveLength(1);
    expect(sx.service[0]).toMatchObject({ service_code: 'proposal', service_name: services[0]!.service_name, metadata: 'false' });
  });

  it('maps each proposal onto a request: fields from the database, statuses open/closed, in JSON and XML alike', async () => {
    const open = await w.propose('Johanna Dohnal <b>&"\'', MON);
    const planned = await w.propose('Käthe Leichter', MON);
    const declined = await w.propose('Rosa Jochmann', MON);
    await w.staff('staff.proposals.answer', {
      proposalId: planned.id,
      status: 'planned',
      statement: { de: 'Wird 2027 umgesetzt: <Straße> & "Platz"', en: 'Planned for 2027.' },
    });
    await w.staff('staff.proposals.answer', {
      proposalId: declined.id,
      status: 'declined',
      statement: { de: 'Abgelehnt.', en: 'Declined.' },
    });

    const list = await json('requests', Open311RequestList);
    const byId = new Map(list.map((r) => [r.service_request_id, r]));
    const xmlList = await xmlRequests('requests');
    expect(xmlList.map((r) => r.service_request_id)).toEqual(list.map((r) => r.service_request_id));
    for (const [proposal, status] of [
      [open, 'open'],
      [planned, 'open'],
      [declined, 'closed'],
    ] as const) {
      const row = await dbRow(proposal.id);
      const r = byId.get(String(proposal.id)) as Open311Request;
      expect(r).toBeDefined();
      expect(r.status).toBe(status);
      expect(r.description).toBe(row.name);
      expect(r.status_notes).toBe(row.answer_de);
      expect(r.address).toBe(row.monument);
      expect([r.lat, r.long]).toEqual([Number(row.lat), Number(row.lng)]);
      expect(r.requested_datetime).toMatch(OFFSET_ISO);
      // GeoReport's times are to the second.
      expect(new Date(r.requested_datetime).getTime()).toBe(seconds(row.created_at));
      expect(new Date(r.updated_datetime).getTime()).toBe(seconds(row.answered_at ?? row.created_at));
      // The XML says the same, every field as text (user text escaped by the builder, read back intact).
      const x = xmlList.find((e) => e.service_request_id === String(proposal.id));
      expect(x).toEqual(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? '' : String(v)])));
    }
    expect(byId.get(String(open.id))?.description).toBe('Johanna Dohnal <b>&"\'');

    // Filters: status, and a list of ids (which overrides every other filter).
    const ids = (l: Open311Request[]) => l.map((r) => Number(r.service_request_id));
    expect(ids(await json('requests?status=closed', Open311RequestList))).toEqual([declined.id]);
    const openOnes = ids(await json('requests?status=open', Open311RequestList));
    expect(openOnes).toEqual(expect.arrayContaining([open.id, planned.id]));
    expect(openOnes).not.toContain(declined.id);
    expect(ids(await json(`requests?service_request_id=${declined.id},${open.id}&status=open`, Open311RequestList))).toEqual([
      declined.id,
      open.id,
    ]);
    // One request: a list of one, JSON and XML.
    const one = await json(`requests/${planned.id}`, Open311RequestList);
    expect(one).toEqual([byId.get(String(planned.id))]);
    expect((await xmlRequests(`requests/${planned.id}`)).map((r) => r.status_notes)).toEqual([
      'Wird 2027 umgesetzt: <Straße> & "Platz"',
    ]);

    // Hidden, rejected and merged-away proposals are absent everywhere (404 alone); the merge is staff's own.
    const merged = await w.propose('Adelheid Popp', MON);
    expect(ids(await json('requests', Open311RequestList))).toContain(merged.id);
    await w.staff('staff.proposals.merge', { proposalId: merged.id, into: planned.id });
    await t.database.rows(sql`UPDATE proposals SET moderation = 'hidden' WHERE id = ${open.id}`);
    await t.database.rows(sql`UPDATE proposals SET moderation = 'rejected' WHERE id = ${declined.id}`);
    const after = ids(await json('requests', Open311RequestList));
    expect(after).toContain(planned.id);
    for (const gone of [open.id, declined.id, merged.id]) expect(after).not.toContain(gone);
    expect(await json(`requests?service_request_id=${open.id},${declined.id},${merged.id}`, Open311RequestList)).toEqual([]);
    expect((await xmlRequests('requests')).map((r) => Number(r.service_request_id))).toEqual(after);
    for (const id of [open.id, declined.id, merged.id]) {
      expect(await json(`requests/${id}`, Open311Errors, 404)).toEqual([
        { code: 404, description: `No public service request ${id}.` },
      ]);
    }
  });

  it('takes dates with offsets, defaults to the last 90 days, and keeps at most 1,000', async () => {
    const old = await w.propose('Marianne Hainisch', MON);
    await t.database.rows(sql`UPDATE proposals SET created_at = now() - interval '120 days' WHERE id = ${old.id}`);
    const ids = async (q: string) => (await json(`requests${q}`, Open311RequestList)).map((r) => Number(r.service_request_id));
    expect(await ids('')).not.toContain(old.id);
    const at = new Date(Date.now() - 120 * 86_400_000);
    const from = new Date(at.getTime() - 86_400_000).toISOString().replace('Z', '+00:00');
    const to = new Date(at.getTime() + 86_400_000).toISOString().replace(/\.\d+Z$/, '+00:00');
    expect(await ids(`?start_date=${encodeURIComponent(from)}&end_date=${encodeURIComponent(to)}`)).toEqual([old.id]);
    expect(await ids(`?start_date=${encodeURIComponent(from)}`)).toContain(old.id);
    expect(await ids(`?end_date=${encodeURIComponent(from)}`)).not.toContain(old.id);

    // 1,000 at most, newest first.
    await t.database.rows(sql`
      INSERT INTO proposals (monument_id, name, emoji) SELECT ${MON}, 'Vorschlag ' || g, '💡' FROM generate_series(1, 1005) g`);
    const all = await json('requests', Open311RequestList);
    expect(all).toHaveLength(OPEN311_MAX_REQUESTS);
    const times = all.map((r) => new Date(r.requested_datetime).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await t.database.rows(sql`DELETE FROM proposals WHERE name LIKE 'Vorschlag %'`);
  });

  it('answers bad parameters with 400 and GeoReport’s error list, in JSON and in XML', async () => {
    const cases: [string, RegExp][] = [
      ['requests?status=pending', /^status must be/],
      ['requests?start_date=yesterday', /^start_date must be/],
      ['requests?end_date=2026-13-45', /^end_date must be/],
      ['requests?start_date=2026-01-01&end_date=2026-06-01', /at most 90 days apart/],
      ['requests?start_date=2026-06-01&end_date=2026-01-01', /not be after/],
      ['requests?service_request_id=1,abc', /comma-separated list/],
      ['requests?service_request_id=99999999999', /comma-separated list/],
      [`requests?service_request_id=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`, /at most 1000/],
      ['requests?service_code=pothole', /service_code must be proposal/],
      ['requests?status=open&status=closed', /given once/],
      ['requests/abc', /positive whole number/],
      ['requests/0', /positive whole number/],
    ];
    for (const [path, description] of cases) {
      const errors = await json(path, Open311Errors, 400);
      expect(errors.length, path).toBeGreaterThan(0);
      expect(errors[0], path).toMatchObject({ code: 400, description: expect.stringMatching(description) });
      const x = (await xml(path, 400)).errors as { error: { code: string; description: string }[] };
      expect(
        x.error.map((e) => ({ code: Number(e.code), description: e.description })),
        path,
      ).toEqual(errors);
    }
    // Several bad parameters are named together.
    expect(await json('requests?status=x&start_date=y', Open311Errors, 400)).toHaveLength(2);
    expect((await xml('requests/999999', 404)).errors).toEqual({
      error: [{ code: '404', description: 'No public service request 999999.' }],
    });
    // Unknown formats are not served.
    expect((await get(`${OPEN311_BASE}/requests.csv`)).statusCode).toBe(404);
  });
});
