// The duplicate rule: a new monument whose folded name matches a public one within 50 m is 409
// with that monument's id, over REST and tRPC, and nothing is written.
import { DUPLICATE_RADIUS_M, ErrorBody, Monument, MonumentList, routes } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectAnswer, json, testApp } from '../support/harness.js';
import { snapshotRows } from '../support/staff-helpers.js';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

const MON = 'mon-dreifaltigkeitssaeule';
const OTHER = 'mon-hessendenkmal';
/** Degrees of latitude / longitude for `m` metres at Linz. */
const north = (m: number) => m / 111_320;
const east = (m: number, lat: number) => m / (111_320 * Math.cos((lat * Math.PI) / 180));

const add = (payload: object, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: routes.addMonument.path, headers: json, payload, remoteAddress: ip });

async function existing(id: string) {
  const list = expectAnswer(await t.app.inject({ url: routes.listMonuments.path }), 200, MonumentList);
  const m = list.find((x) => x.id === id);
  if (!m) throw new Error(`no ${id}`);
  return m;
}

describe('duplicate monuments', () => {
  it('refuses the same name (case, accents, spaces) within 50 m over REST with existingId; nothing written', async () => {
    const m = await existing(MON);
    expect(m.name).toBe('Dreifaltigkeitssäule');
    const before = await snapshotRows(t.database);
    const res = await add({ name: '  DREIFALTIGKEITSSAULE  ', geoLocX: m.geoLocX + north(30), geoLocY: m.geoLocY });
    const body = expectAnswer(res, 409, ErrorBody);
    expect(body.existingId).toBe(MON);
    expect(body.message).toMatch(/already exists/);
    expect(await snapshotRows(t.database)).toEqual(before);
  });

  it('treats ß as ss and collapses inner spaces; tRPC answers 409 with existingId too', async () => {
    const first = expectAnswer(await add({ name: 'Franz Jägerstätter  Straße', geoLocX: 48.3, geoLocY: 14.3 }), 201, Monument);
    const before = await snapshotRows(t.database);
    const rest = await add({ name: 'franz jagerstatter strasse', geoLocX: 48.3 + north(10), geoLocY: 14.3 }, '203.0.113.8');
    expect(expectAnswer(rest, 409, ErrorBody).existingId).toBe(first.id);
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/monuments.add',
      headers: json,
      payload: { name: 'FRANZ JÄGERSTÄTTER STRASSE', geoLocX: 48.3, geoLocY: 14.3 + east(40, 48.3) },
    });
    expect(trpc.statusCode, trpc.body).toBe(409);
    const err = (JSON.parse(trpc.body) as { error: { message: string; data: { existingId?: string; httpStatus: number } } })
      .error;
    expect(err.data).toMatchObject({ existingId: first.id, httpStatus: 409 });
    expect(err.message).toMatch(/already exists/);
    expect(await snapshotRows(t.database)).toEqual(before);
  });

  it('accepts a different name at the same spot and the same name 60 m away', async () => {
    const m = await existing(MON);
    expectAnswer(await add({ name: 'Dreifaltigkeitssäule Nord', geoLocX: m.geoLocX, geoLocY: m.geoLocY }), 201, Monument);
    const far = expectAnswer(
      await add({ name: 'Dreifaltigkeitssäule', geoLocX: m.geoLocX, geoLocY: m.geoLocY + east(60, m.geoLocX) }),
      201,
      Monument,
    );
    expect(far.name).toBe('Dreifaltigkeitssäule');
    // Just inside the radius, on the diagonal: still refused (the box prefilter is not the rule).
    const d = (DUPLICATE_RADIUS_M - 2) / Math.SQRT2;
    const inside = await add({
      name: 'Dreifaltigkeitssäule',
      geoLocX: m.geoLocX - north(d),
      geoLocY: m.geoLocY - east(d, m.geoLocX),
    });
    expect(expectAnswer(inside, 409, ErrorBody).existingId).toBe(MON);
  });

  it('ignores monuments the public does not see (rejected, merged)', async () => {
    const m = await existing(MON);
    const o = await existing(OTHER);
    await t.database.rows(sql`UPDATE monuments SET moderation = 'rejected' WHERE id = ${MON}`);
    await t.database.rows(sql`UPDATE monuments SET merged_into = ${MON} WHERE id = ${OTHER}`);
    expectAnswer(await add({ name: 'Dreifaltigkeitssäule', geoLocX: m.geoLocX, geoLocY: m.geoLocY }), 201, Monument);
    expectAnswer(await add({ name: o.name, geoLocX: o.geoLocX, geoLocY: o.geoLocY }), 201, Monument);
  });

  it('two simultaneous identical adds at the same spot: one 201, one 409 naming the first', async () => {
    const payload = { name: 'Denkmal für Johanna Dohnal', geoLocX: 48.31, geoLocY: 14.29 };
    for (let round = 0; round < 3; round++) {
      const spot = { ...payload, geoLocX: payload.geoLocX + north(200 * round) };
      const answers = await Promise.all([add(spot, '198.51.100.1'), add(spot, '198.51.100.2')]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
      const created = Monument.parse(JSON.parse(answers.find((a) => a.statusCode === 201)!.body));
      const refused = ErrorBody.parse(JSON.parse(answers.find((a) => a.statusCode === 409)!.body));
      expect(refused.existingId).toBe(created.id);
    }
    const [row] = await t.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM monuments WHERE name = ${payload.name}`,
    );
    expect(Number(row?.n)).toBe(3);
  });
});
