// The city's area (its profile's boundary polygon, Linz by default): a new monument and a monument
// moved by staff must lie inside it. Outside, both transports answer 400 with the stable code
// OUTSIDE_AREA and nothing changes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ClientConfig, insideArea, routes } from '@linz/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { linzArea, linzCity } from '../support/city.js';
import { DB_KIND, json, testApp } from '../support/harness.js';
import { bearer, newStaff, snapshotRows, trpcPost } from '../support/staff-helpers.js';

let t: Awaited<ReturnType<typeof testApp>> | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const MON = 'mon-dreifaltigkeitssaeule';
const NIGERIA = { geoLocX: 10, geoLocY: 10 };
const SYDNEY = { geoLocX: -33.8688, geoLocY: 151.2093 };
const addRest = (payload: object) =>
  t!.app.inject({ method: 'POST', url: routes.addMonument.path, headers: json, payload: { name: 'Fernes Denkmal', ...payload } });
const trpcError = (body: string) =>
  (JSON.parse(body) as { error: { message: string; data: { code: string; httpStatus: number; reason?: string } } }).error;

describe(`the city's area on ${DB_KIND}`, () => {
  it('refuses a new monument outside it over REST and tRPC, with the code OUTSIDE_AREA, changing nothing', async () => {
    t = await testApp();
    const before = await snapshotRows(t.database);
    for (const place of [NIGERIA, SYDNEY, { geoLocX: 48.3, geoLocY: 14.45 }, { geoLocX: 48.41, geoLocY: 14.3 }]) {
      const rest = await addRest(place);
      expect(rest.statusCode, rest.body).toBe(400);
      expect(JSON.parse(rest.body)).toMatchObject({ code: 'OUTSIDE_AREA', message: expect.stringMatching(/outside the city/) });
      const trpc = await t.app.inject(trpcPost('monuments.add', { name: 'Fernes Denkmal', ...place }));
      expect(trpc.statusCode).toBe(400);
      expect(trpcError(trpc.body)).toMatchObject({ data: { code: 'BAD_REQUEST', reason: 'OUTSIDE_AREA' } });
    }
    expect(await snapshotRows(t.database)).toEqual(before);
    // The boundary is a polygon, not a box: its box's corners are outside, a place on Linz's border (Pichling) is inside.
    const corner = await addRest({ name: 'Am Rand', geoLocX: linzArea().south + 0.001, geoLocY: linzArea().east - 0.001 });
    expect(corner.statusCode, corner.body).toBe(400);
    expect((await addRest({ name: 'Pichlinger See', geoLocX: 48.2333, geoLocY: 14.3797 })).statusCode).toBe(201);
  });

  it('refuses a move by staff outside it, changing nothing; other corrections of the monument still work', async () => {
    t = await testApp();
    const token = await newStaff(t.database);
    const update = (patch: object) =>
      t!.app.inject(trpcPost('staff.monuments.update', { monumentId: MON, patch }, bearer(token)));
    const before = await snapshotRows(t.database);
    for (const patch of [SYDNEY, { geoLocX: 10 }, { geoLocY: 151 }]) {
      const res = await update(patch);
      expect(res.statusCode, res.body).toBe(400);
      expect(trpcError(res.body).data.reason).toBe('OUTSIDE_AREA');
    }
    expect(await snapshotRows(t.database)).toEqual(before);
    expect((await update({ geoLocX: 48.3059, geoLocY: 14.2862 })).statusCode).toBe(200);
    expect((await update({ name: 'Dreifaltigkeitssäule (Hauptplatz)' })).statusCode).toBe(200);
  });

  it('comes from the city profile: Linz by default, sent to the browser; another city names its own', async () => {
    t = await testApp();
    const client = ClientConfig.parse(JSON.parse((await t.app.inject({ url: routes.clientConfig.path })).body));
    expect(client.cityArea).toEqual(linzArea());
    expect(client.cityArea.polygons[0]?.[0]?.length).toBeGreaterThan(10);
    expect(client.city).toMatchObject({ name: { de: 'Linz', en: 'Linz' }, voteThreshold: 10 });
    // Every seeded monument lies inside Linz's boundary.
    const seeded = JSON.parse(readFileSync(linzCity().seed.monuments!, 'utf8')) as { geoLocX: number; geoLocY: number }[];
    expect(seeded.filter((m) => !insideArea(linzArea(), m.geoLocX, m.geoLocY))).toEqual([]);
    await t.close();

    t = await testApp({ CITY: path.join(import.meta.dirname, '../fixtures/cities/auwinkel') }, { unseeded: true });
    expect((await addRest({ name: 'Am Anger', geoLocX: 47.91, geoLocY: 15.02 })).statusCode).toBe(201);
    // Inside the town's box, outside its L shape.
    expect((await addRest({ name: 'Im Eck', geoLocX: 47.95, geoLocY: 15.08 })).statusCode).toBe(400);
    expect((await addRest({ name: 'In Linz', geoLocX: 48.3, geoLocY: 14.29 })).statusCode).toBe(400);
  });
});
