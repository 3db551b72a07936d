// GET /api/stats: public monuments by sex and category, the street register counted from its
// file, participation; the figures follow each write at once, with ETag and 304.
import { readFileSync } from 'node:fs';
import { fold, Stats, routes } from '@linz/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/db/csv.js';
import { seedCity } from '../../src/db/seed.js';
import { linzCity } from '../support/city.js';
import { unlocatedItems } from '../../src/db/streets.js';
import { isoWeekOf } from '../../src/domain/open-data/stats.js';
import { DB_KIND, expectAnswer, testApp } from '../support/harness.js';
import { writes } from '../support/open-data-helpers.js';
import { dataOf, newStaff, trpcGet } from '../support/staff-helpers.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
let w: ReturnType<typeof writes>;
beforeEach(async () => {
  t = await testApp();
  w = writes(t, await newStaff(t.database, 'Erika'));
});
afterEach(() => t.close());

const MON = 'mon-dreifaltigkeitssaeule';
const stats = async () => expectAnswer(await t.app.inject({ url: routes.stats.path }), 200, Stats);

/** The register's records as a real CSV parser reads them. */
const register = () =>
  parse<Record<string, string>>(readFileSync(linzCity().seed.streets!, 'utf8'), { columns: true, bom: true });

describe(`GET /api/stats on ${DB_KIND}`, () => {
  it('counts the streets as the test counts them from the CSV itself', async () => {
    const rows = register();
    // The rule of db/streets.ts: the register's sex for a street named after someone (benannt_nach);
    // a women's-file street the register leaves unknown is female.
    const womenStreets = new Set(
      unlocatedItems(linzCity())
        .filter((i) => i.category === 'street')
        .map((i) => fold(i.name)),
    );
    const expected = { female: 0, male: 0, unknown: 0 };
    for (const r of rows) {
      const named = r.benannt_nach!.trim() !== '';
      const sex = named && (r.person_geschlecht === 'female' || r.person_geschlecht === 'male') ? r.person_geschlecht : 'unknown';
      expected[sex === 'unknown' && womenStreets.has(fold(r.name!)) ? 'female' : sex]++;
    }
    const s = await stats();
    expect(s.streets).toEqual(expected);
    expect(s.streets.female + s.streets.male + s.streets.unknown).toBe(rows.length);
    // The same men as the map's commemorations: one row links a person to a street named after a farmhouse.
    expect(s.streets.male).toBe(398);
    expect(rows.length).toBeGreaterThan(1000);
    // Every street of the women's file is a register street: none is counted twice or left out.
    const names = new Set(rows.map((r) => fold(r.name!)));
    expect([...womenStreets].filter((n) => !names.has(n))).toEqual([]);
    // The plaque and the memorial have no position: they are shown apart from the map's monuments.
    const others = unlocatedItems(linzCity()).filter((i) => i.category !== 'street');
    expect(s.monuments.withoutCoordinates.total).toBe(others.length);
    expect(s.monuments.withoutCoordinates.bySex.female).toBe(others.filter((i) => i.sex === 'female').length);
    expect(s.monuments.withoutCoordinates.byCategory).toEqual({ plaque: 1, memorial: 1 });
    expect(s.sources.map((x) => x.name.de)).toContain('Stadt Linz – data.linz.gv.at (Straßennamen und deren Bedeutung)');
    expect(s.licence).toBe('CC BY 4.0');
  });

  it('reads the register with its own RFC 4180 reader exactly as csv-parse does', () => {
    const text = readFileSync(linzCity().seed.streets!, 'utf8');
    expect(parseCsv(text)).toEqual(parse(text, { bom: true, relax_column_count: false }));
    const tricky = 'a,b\r\n"x, ""y""","line\nbreak"\r\n=1,\r\n';
    expect(parseCsv(tricky)).toEqual(parse(tricky));
  });

  it('seeds the register once, also into a database seeded before it existed', async () => {
    const count = async () =>
      Number((await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM street_names`))[0]?.n);
    const before = await count();
    await seedCity(t.database, linzCity());
    expect(await count()).toBe(before);
    await t.database.rows(sql`DELETE FROM street_names`);
    await t.database.rows(sql`DELETE FROM app_secrets WHERE name = 'seeded-streets'`);
    await seedCity(t.database, linzCity());
    expect(await count()).toBe(before);
    expect(before).toBe(register().length);
  });

  it('counts public monuments by sex and category, and follows an add, a validation and a hiding at once', async () => {
    const first = await t.app.inject({ url: routes.stats.path });
    const s0 = expectAnswer(first, 200, Stats);
    const list = JSON.parse((await t.app.inject({ url: routes.listMonuments.path })).body) as { sex: string; category: string }[];
    expect(s0.monuments.total).toBe(list.length);
    for (const sex of ['female', 'male', 'mixed', 'none'] as const) {
      expect(s0.monuments.bySex[sex]).toBe(list.filter((m) => m.sex === sex).length);
    }
    for (const counts of Object.values(s0.monuments.byCategory)) {
      expect(Object.keys(counts).sort()).toEqual(['female', 'male', 'mixed', 'none', 'unspecified']);
    }
    expect(s0.monuments.byCategory.street?.male).toBe(list.filter((m) => m.category === 'street' && m.sex === 'male').length);
    // ETag and 304, from the same helper as the lists.
    const etag = String(first.headers.etag);
    expect((await t.app.inject({ url: routes.stats.path, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const added = await w.addMonument('Denkmal für Marianne Hainisch');
    const s1 = await stats();
    expect(s1.monuments.total).toBe(s0.monuments.total + 1);
    expect(s1.monuments.bySex.unspecified).toBe(s0.monuments.bySex.unspecified + 1);
    expect(s1.monuments.byCategory.undetermined?.unspecified).toBe(1);
    expect((await t.app.inject({ url: routes.stats.path, headers: { 'if-none-match': etag } })).statusCode).toBe(200);

    await w.staff('staff.monuments.update', { monumentId: added.id, patch: { sex: 'female', category: 'statue' } });
    await w.staff('staff.monuments.validate', { monumentId: added.id });
    const s2 = await stats();
    expect(s2.monuments.bySex.female).toBe(s0.monuments.bySex.female + 1);
    expect(s2.monuments.bySex.unspecified).toBe(s0.monuments.bySex.unspecified);
    expect(s2.monuments.byCategory.statue?.female).toBe((s0.monuments.byCategory.statue?.female ?? 0) + 1);

    await w.staff('staff.monuments.reject', { monumentId: added.id, reason: { text: 'Spam' } });
    const s3 = await stats();
    expect(s3.monuments).toEqual(s0.monuments);
    // The tRPC procedure answers the same figures.
    expect(dataOf(await t.app.inject(trpcGet('stats')))).toEqual(s3);
  });

  it('counts proposals and votes per week, the threshold reached, answers and the median days', async () => {
    const s0 = await stats();
    expect(s0.participation).toMatchObject({ proposals: 0, votes: 0, weeks: [], reachedThreshold: 0, answered: 0 });
    expect(s0.participation.medianDaysToAnswer).toBeNull();
    const a = await w.propose('Johanna Dohnal', MON);
    await w.propose('Käthe Leichter', MON);
    await w.votes(a.id, MON);
    const s1 = await stats();
    expect(s1.participation).toMatchObject({ proposals: 2, votes: 10, reachedThreshold: 1, answered: 0 });
    expect(s1.participation.weeks).toEqual([{ week: isoWeekOf(new Date()), proposals: 2, votes: 10 }]);
    expect(s1.participation.byStatus).toEqual({ open: 2, in_review: 0, planned: 0, declined: 0, done: 0 });

    // Answered two days after it reached the threshold (the reaching moved back in time).
    await t.database.rows(sql`UPDATE mayor_notifications SET reached_at = now() - interval '2 days'`);
    await w.answer(a.id, 'Wird geprüft.', 'Under review.');
    const s2 = await stats();
    expect(s2.participation).toMatchObject({ reachedThreshold: 1, answered: 1 });
    expect(s2.participation.medianDaysToAnswer).toBeCloseTo(2, 0);
    expect(s2.participation.byStatus).toMatchObject({ open: 1, planned: 1 });

    // An older week without activity in between is listed with zeros.
    await t.database.rows(sql`UPDATE proposals SET created_at = now() - interval '14 days' WHERE id <> ${a.id}`);
    // (SQL bypasses the caches; a staff rename is a write that invalidates them.)
    await w.staff('staff.proposals.update', { proposalId: a.id, name: 'Johanna Dohnal (1939–2010)' });
    const weeks = (await stats()).participation.weeks;
    expect(weeks.map((x) => x.proposals)).toEqual([1, 0, 1]);
    expect(weeks.every((x, i) => i === 0 || Date.parse(x.week) - Date.parse(weeks[i - 1]!.week) === 7 * 86_400_000)).toBe(true);
  });

  it('computes the ISO week (Monday) of a date', () => {
    expect(isoWeekOf(new Date('2026-11-23T10:00:00Z'))).toBe('2026-11-23');
    expect(isoWeekOf(new Date('2026-11-29T23:59:00Z'))).toBe('2026-11-23');
    expect(isoWeekOf(new Date('2027-01-01T00:00:00Z'))).toBe('2026-12-28');
  });
});
