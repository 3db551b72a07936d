// The audit log as a person reads it: only the changed fields, filters by person and by
// item (id or name), the CSV export in the staff member's language, and words for every action and
// every field the staff actions log.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AuditPage, routes, type AuditEntry } from '@linz/contract';
import { AUDIT_ACTION_TEXT, auditChanges, fieldText, SYSTEM_ACTOR, type Lookup } from '@linz/contract/audit';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textAt, type Translation } from '../../src/http/locale.js';
import { expectAnswer, propose, testApp } from '../support/harness.js';
import { bearer, dataOf, newStaff, trpcGet, trpcPost } from '../support/staff-helpers.js';

// The web app's locales, as the built app ships them (public/ is copied to dist/ as it is).
const webPublic = path.resolve(import.meta.dirname, '../../../web/public');
const texts = (lang: string) =>
  JSON.parse(readFileSync(path.join(webPublic, 'locales', lang, 'translation.json'), 'utf8')) as Translation;
const lookups: Record<'de' | 'en', Lookup> = {
  de: (key) => textAt(texts('de'), key),
  en: (key) => textAt(texts('en'), key),
};

describe('the changed fields', () => {
  it('lists only what differs, by dotted path, a record given for the first time by its fields', () => {
    const before = { id: 'm', name: 'Alt', geoLocX: 48.3, validated: false, answer: null, screen: [] };
    const after = {
      id: 'm',
      name: 'Neu',
      geoLocX: 48.3,
      validated: true,
      answer: { de: 'Ja', en: 'Yes' },
      screen: [{ word: 'x' }],
    };
    expect(auditChanges(before, after)).toEqual([
      { field: 'name', before: 'Alt', after: 'Neu' },
      { field: 'validated', before: false, after: true },
      { field: 'answer.de', before: null, after: 'Ja' },
      { field: 'answer.en', before: null, after: 'Yes' },
    ]);
    expect(auditChanges(null, { word: 'w' })).toEqual([{ field: 'word', before: null, after: 'w' }]);
    expect(auditChanges({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
  });

  it('every action the code writes has words in German and in English', () => {
    for (const [action, key] of Object.entries(AUDIT_ACTION_TEXT)) {
      expect(lookups.de(key), `${action} (de)`).toMatch(/\S/);
      expect(lookups.en(key), `${action} (en)`).toMatch(/\S/);
    }
  });
});

describe('the audit log over the API', () => {
  type T = Awaited<ReturnType<typeof testApp>>;
  let t: T;
  let erika: string;
  let max: string;
  let monumentId: string;
  let proposalId: number;
  const MON = 'mon-dreifaltigkeitssaeule';

  const as = (token: string) => async (procedure: string, input: unknown) => {
    const res = await t.app.inject(trpcPost(procedure, input, bearer(token)));
    expect(res.statusCode, res.body).toBe(200);
  };
  const list = async (filter: object, token = erika) =>
    dataOf<AuditPage>(await t.app.inject(trpcGet('staff.audit.list', filter, bearer(token)))).entries;
  const csv = (query: string, token = erika) =>
    t.app.inject({ method: 'GET', url: `${routes.staffAuditCsv.path}?${query}`, headers: bearer(token) });

  beforeAll(async () => {
    t = await testApp({}, { config: { webDist: webPublic } });
    erika = await newStaff(t.database, 'Erika Muster');
    max = await newStaff(t.database, 'Max Gruber');
    const added = await t.app.inject({
      method: 'POST',
      url: routes.addMonument.path,
      headers: { 'content-type': 'application/json' },
      payload: { name: 'Brunnen am Eck', geoLocX: 48.3, geoLocY: 14.29 },
    });
    monumentId = (JSON.parse(added.body) as { id: string }).id;
    await as(erika)('staff.monuments.update', {
      monumentId,
      patch: { name: 'Brunnen, "Eck" am Platz', geoLocX: 48.30591, category: 'fountain', sex: 'female' },
    });
    await as(erika)('staff.monuments.validate', { monumentId });
    proposalId = (await propose(t.app, 'Eine Frau statt Säule', MON)).id;
    await as(max)('staff.proposals.answer', {
      proposalId: proposalId,
      status: 'planned',
      statement: { de: 'Wir planen es.', en: 'We plan it.' },
    });
  }, 240_000); // a fresh database and its seed: minutes when the machine is busy
  afterAll(() => t?.close());

  it('an edit lists only the fields it changed, before and after, and the item by its name today', async () => {
    const [update] = await list({ action: 'monument.update' });
    expect(update).toMatchObject({ actor: 'Erika Muster', itemId: monumentId, itemName: 'Brunnen, "Eck" am Platz' });
    // In the order PostgreSQL keeps a record's keys (shorter first), the same on both drivers.
    expect(update?.changes).toEqual([
      { field: 'sex', before: 'unspecified', after: 'female' },
      { field: 'name', before: 'Brunnen am Eck', after: 'Brunnen, "Eck" am Platz' },
      { field: 'geoLocX', before: 48.3, after: 48.30591 },
      { field: 'category', before: 'undetermined', after: 'fountain' },
    ]);
    const [answer] = await list({ action: 'proposal.answer' });
    expect(answer?.changes.map((c) => c.field)).toEqual(['status', 'answer.de', 'answer.en', 'answer.answeredAt']);
    expect(answer?.changes[0]).toEqual({ field: 'status', before: 'open', after: 'planned' });
  });

  it('every field these actions changed has words in German and in English', async () => {
    const entries = await list({});
    const fields = new Set(entries.flatMap((e: AuditEntry) => e.changes.map((c) => `${e.itemKind} ${c.field}`)));
    expect(fields.size).toBeGreaterThan(5);
    for (const kindAndField of fields) {
      const [kind, field] = kindAndField.split(' ') as [AuditEntry['itemKind'], string];
      expect(fieldText(kind, field, lookups.de), kindAndField).not.toBe(field);
      expect(fieldText(kind, field, lookups.en), kindAndField).not.toBe(field);
    }
  });

  it('filters by part of a person’s name, in any case', async () => {
    const byMax = await list({ actor: 'GRUB' });
    expect(byMax.map((e) => e.action)).toEqual(['proposal.answer']);
    expect((await list({ actor: 'muster' })).map((e) => e.action)).toEqual(['monument.validate', 'monument.update']);
    expect(await list({ actor: '%' })).toEqual([]); // a wildcard is a character, not "anyone"
  });

  it('filters by an item’s id, its name today, or the name an entry recorded', async () => {
    const ofMonument = ['monument.validate', 'monument.update'];
    expect((await list({ item: monumentId })).map((e) => e.action)).toEqual(ofMonument);
    expect((await list({ item: 'eck" am' })).map((e) => e.action)).toEqual(ofMonument);
    // Its name before the edit is in the entry's record.
    expect((await list({ item: 'brunnen am eck' })).map((e) => e.action)).toEqual(['monument.update']);
    expect((await list({ item: 'Frau statt' })).map((e) => e.itemId)).toEqual([String(proposalId)]);
    expect(await list({ item: '_' })).toEqual([]);
    // A number is an item's number, not a part of a name.
    expect((await list({ item: String(proposalId) })).map((e) => e.action)).toEqual(['proposal.answer']);
  });

  it('exports the same filters as CSV (RFC 4180), header and words in German, one record per changed field', async () => {
    const res = await csv(`actor=Erika&item=${encodeURIComponent(monumentId)}&lang=de`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const records: string[][] = parse(res.body, { relax_column_count: false });
    expect(records[0]).toEqual([
      'Eintrag',
      'Zeitpunkt',
      'Person',
      'Aktion',
      'Art',
      'Kennung',
      'Name',
      'Feld',
      'Vorher',
      'Nachher',
    ]);
    const rows = records.slice(1).map((r) => r.slice(2));
    expect(rows).toEqual([
      [
        'Erika Muster',
        'Denkmal als geprüft bestätigt',
        'Denkmal',
        monumentId,
        'Brunnen, "Eck" am Platz',
        'Geprüft',
        'nein',
        'ja',
      ],
      [
        'Erika Muster',
        'Denkmal bearbeitet',
        'Denkmal',
        monumentId,
        'Brunnen, "Eck" am Platz',
        'Geschlecht',
        'Nicht angegeben',
        'Weiblich',
      ],
      [
        'Erika Muster',
        'Denkmal bearbeitet',
        'Denkmal',
        monumentId,
        'Brunnen, "Eck" am Platz',
        'Name (Deutsch)',
        'Brunnen am Eck',
        'Brunnen, "Eck" am Platz',
      ],
      [
        'Erika Muster',
        'Denkmal bearbeitet',
        'Denkmal',
        monumentId,
        'Brunnen, "Eck" am Platz',
        'Breitengrad',
        '48,30000°',
        '48,30591°',
      ],
      [
        'Erika Muster',
        'Denkmal bearbeitet',
        'Denkmal',
        monumentId,
        'Brunnen, "Eck" am Platz',
        'Kategorie',
        'Unbestimmt',
        'Brunnen',
      ],
    ]);
    // The entry's number ties its records together; the time is Linz's, as people write it.
    expect(new Set(records.slice(2).map((r) => r[0])).size).toBe(1);
    expect(records[1]?.[1]).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  });

  it('exports in English with an English header, dates as people read them', async () => {
    const res = await csv(`action=proposal.answer&lang=en`);
    const [header, ...rows]: string[][] = parse(res.body);
    expect(header).toEqual(['Entry', 'When', 'Person', 'Action', 'Kind', 'Id', 'Name', 'Field', 'Before', 'After']);
    expect(rows.map((r) => [r[3], r[7], r[8], r[9]])).toEqual([
      ['City’s answer saved', 'Status', 'open', 'planned'],
      ['City’s answer saved', 'Answer (German)', '(empty)', 'Wir planen es.'],
      ['City’s answer saved', 'Answer (English)', '(empty)', 'We plan it.'],
      [
        'City’s answer saved',
        'Answered on',
        '(empty)',
        expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/),
      ],
    ]);
  });

  it('names what the site did on its own in words, in either language (a staff member added by the CLI)', async () => {
    expect((await list({ action: 'staff.add' })).map((e) => e.actor)).toContain(SYSTEM_ACTOR);
    for (const [lang, who] of [
      ['de', 'Die Website (automatisch)'],
      ['en', 'The site (automatic)'],
    ] as const) {
      const [, ...rows]: string[][] = parse((await csv(`action=staff.add&lang=${lang}`)).body);
      expect(rows.map((r) => [r[2], r[5]])).toEqual(
        expect.arrayContaining([
          [who, 'Erika Muster'],
          [who, 'Max Gruber'],
        ]),
      );
    }
  });

  it('refuses a language it has no words for, a filter it cannot read, and anyone not signed in', async () => {
    const bad = await csv('lang=fr');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ message: expect.any(String) });
    expect((await csv('lang=de&limit=5')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: `${routes.staffAuditCsv.path}?lang=de` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('Erika');
    // A bare list through REST takes the item filter too.
    const rest = await t.app.inject({ method: 'GET', url: `${routes.staffAudit.path}?item=Frau`, headers: bearer(erika) });
    expect(expectAnswer(rest, 200, AuditPage).entries.map((e) => e.action)).toEqual(['proposal.answer']);
  });
});
