// `pnpm seed:synthetic`: deterministic synthetic data (same arguments, same rows; different ones
// differ), refused beside real data unless forced, and the command itself on an embedded database.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { insideArea, MAYOR_THRESHOLD, MonumentList, routes } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { lockPath } from '../../src/db/folder-lock.js';
import { openDatabase } from '../../src/db/client.js';
import { seedCity } from '../../src/db/seed.js';
import { linzCity } from '../support/city.js';
import { aroundOf, AUSTRIA_BOX, RealDataPresent, seedSynthetic, syntheticMonuments } from '../../src/db/synthetic.js';
import { parseArgs } from '../../src/cli/synthetic-args.js';
import { DB_KIND, expectAnswer, freshDatabase, PLACED_SEED, testApp } from '../support/harness.js';
import { snapshotRows } from '../support/staff-helpers.js';

/** The Linz profile's area, where the tests' synthetic monuments stand. */
const LINZ = aroundOf(linzCity());

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
async function fresh(): Promise<Database> {
  const { database } = await freshDatabase();
  cleanups.push(() => database.close());
  return database;
}

/** Every synthetic monument and proposal, every column, ordered by id. */
async function dump(database: Database): Promise<string> {
  const m = await database.rows(sql`SELECT * FROM monuments WHERE id LIKE 'syn-%' ORDER BY id`);
  const i = await database.rows(sql`SELECT * FROM proposals WHERE monument_id LIKE 'syn-%' ORDER BY id`);
  const v = await database.rows(sql`SELECT * FROM votes WHERE voter_hash LIKE 'syn-%' ORDER BY proposal_id, voter_hash`);
  return JSON.stringify({ m, i, v });
}

describe('synthetic data', () => {
  it('is refused beside real data without force (nothing written); with force it adds beside it', async () => {
    const t = await testApp();
    cleanups.push(() => t.close());
    const before = await snapshotRows(t.database);
    await expect(seedSynthetic(t.database, { monuments: 50, proposals: 30 }, LINZ)).rejects.toThrow(RealDataPresent);
    await expect(seedSynthetic(t.database, { monuments: 50, proposals: 30 }, LINZ)).rejects.toThrow(/\d{3} monuments.*--force/);
    expect(await snapshotRows(t.database)).toEqual(before);

    const wrote = await seedSynthetic(t.database, { monuments: 400, proposals: 300, force: true }, LINZ);
    expect(wrote).toMatchObject({ monuments: 400, proposals: 300, replaced: 0 });
    const list = expectAnswer(await t.app.inject({ url: routes.listMonuments.path }), 200, MonumentList);
    expect(list).toHaveLength(PLACED_SEED + 400);
    const syn = list.filter((m) => m.id.startsWith('syn-'));
    expect(syn.map((m) => m.id).sort()[0]).toBe('syn-000001');
    // Inside the city's boundary, not only its box.
    for (const m of syn) expect(insideArea(LINZ, m.geoLocX, m.geoLocY)).toBe(true);
    // Names exercise the search: umlauts and ß; several categories and sexes; some validated.
    expect(syn.some((m) => m.name.includes('Jägerstätter'))).toBe(true);
    expect(syn.some((m) => m.name.includes('ß'))).toBe(true);
    expect(new Set(syn.map((m) => m.category)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(syn.map((m) => m.sex))).toEqual(new Set(['female', 'male', 'mixed', 'none', 'unspecified']));
    const validated = syn.filter((m) => m.validated).length;
    expect(validated).toBeGreaterThan(0);
    expect(validated).toBeLessThan(400);
    // Proposals are counted on their monuments, stay below the threshold and queue no mail.
    expect(syn.reduce((s, m) => s + m.proposals, 0)).toBe(300);
    const [v] = await t.database.rows<{ max: number; rows: number; sum: number; mails: number }>(sql`SELECT
      (SELECT max(votes) FROM proposals WHERE monument_id LIKE 'syn-%') AS max,
      (SELECT count(*)::int FROM votes WHERE voter_hash LIKE 'syn-%') AS rows,
      (SELECT sum(votes)::int FROM proposals WHERE monument_id LIKE 'syn-%') AS sum,
      (SELECT count(*)::int FROM mayor_notifications) AS mails`);
    expect(Number(v?.max)).toBeLessThan(MAYOR_THRESHOLD);
    expect(Number(v?.rows)).toBe(Number(v?.sum));
    expect(Number(v?.mails)).toBe(0);
    // The real data is untouched.
    expect(list.filter((m) => !m.id.startsWith('syn-'))).toHaveLength(PLACED_SEED);
  });

  it('same arguments on two fresh databases give identical rows; other arguments differ; a re-run replaces', async () => {
    const [a, b, c] = [await fresh(), await fresh(), await fresh()];
    await seedSynthetic(a, { monuments: 300, proposals: 200, force: true }, LINZ);
    await seedSynthetic(b, { monuments: 300, proposals: 200, force: true }, LINZ);
    await seedSynthetic(c, { monuments: 300, proposals: 201, force: true }, LINZ);
    const [da, db, dc] = [await dump(a), await dump(b), await dump(c)];
    expect(da.length).toBeGreaterThan(100_000);
    expect(db).toBe(da);
    expect(dc).not.toBe(da);
    // Running again replaces the synthetic rows rather than adding to them.
    const again = await seedSynthetic(a, { monuments: 300, proposals: 200, force: true }, LINZ);
    expect(again.replaced).toBe(300);
    const [n] = await a.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM monuments WHERE id LIKE 'syn-%'`);
    expect(Number(n?.n)).toBe(300);
  });

  it('spreads --region austria like its towns, inside Austria; the same arguments give the same rows', () => {
    const rows = syntheticMonuments(3000, 'austria');
    expect(syntheticMonuments(3000, 'austria')).toEqual(rows);
    const box = AUSTRIA_BOX;
    for (const r of rows) {
      expect(r.lat).toBeGreaterThanOrEqual(box.south);
      expect(r.lat).toBeLessThanOrEqual(box.north);
      expect(r.lng).toBeGreaterThanOrEqual(box.west);
      expect(r.lng).toBeLessThanOrEqual(box.east);
    }
    // Not a uniform square: Vienna (about 1/600 of the box) holds about a seventh, Graz and Linz many,
    // and dozens of towns have some.
    const near = (lat: number, lng: number, km: number) =>
      rows.filter((r) => Math.hypot(((r.lat ?? 0) - lat) * 111.2, ((r.lng ?? 0) - lng) * 74) < km).length;
    expect(near(48.2082, 16.3738, 20)).toBeGreaterThan(300);
    expect(near(47.0707, 15.4395, 10)).toBeGreaterThan(60);
    expect(near(48.3069, 14.2858, 10)).toBeGreaterThan(45);
    const towns = new Set(rows.map((r) => /Testdaten: \S+ in (.+), erinnert/.exec(r.shortDescription ?? '')?.[1]));
    expect(towns.size).toBeGreaterThan(60);
    expect(towns.has('St. Pölten')).toBe(true);
    // A city's region is another data set, inside the city's box.
    const city = syntheticMonuments(3000, LINZ);
    expect(syntheticMonuments(3000, LINZ)).toEqual(city);
    expect(city[0]?.lat).not.toBe(rows[0]?.lat);
    for (const r of city) expect(insideArea(LINZ, r.lat ?? 0, r.lng ?? 0)).toBe(true);
    // About a third within 2 km of where the map opens.
    const centre = city.filter((r) => Math.hypot(((r.lat ?? 0) - LINZ.lat) * 111.2, ((r.lng ?? 0) - LINZ.lng) * 74) < 2).length;
    expect(centre).toBeGreaterThan(0.3 * 3000);
  });

  it('casts exactly --votes votes; a proposal at the threshold has its mail marked sent, none queued', async () => {
    const database = await fresh();
    const wrote = await seedSynthetic(database, {
      monuments: 200,
      proposals: 300,
      votes: 5000,
      region: 'austria',
      force: true,
    });
    expect(wrote.votes).toBe(5000);
    const [box] = await database.rows<Record<'s' | 'n' | 'w' | 'e', number>>(
      sql`SELECT min(lat) AS s, max(lat) AS n, min(lng) AS w, max(lng) AS e FROM monuments WHERE id LIKE 'syn-%'`,
    );
    // Across Austria, not around Linz.
    expect(Number(box?.e) - Number(box?.w)).toBeGreaterThan(3);
    expect(Number(box?.n) - Number(box?.s)).toBeGreaterThan(1);
    const [v] = await database.rows<Record<'sum' | 'rows' | 'over' | 'sent' | 'unsent' | 'max', number | string>>(sql`SELECT
      (SELECT sum(votes) FROM proposals WHERE monument_id LIKE 'syn-%') AS sum,
      (SELECT count(*) FROM votes WHERE voter_hash LIKE 'syn-%') AS rows,
      (SELECT count(*) FROM proposals WHERE votes >= ${MAYOR_THRESHOLD}) AS over,
      (SELECT count(*) FROM mayor_notifications WHERE status = 'sent' AND sent_at IS NOT NULL) AS sent,
      (SELECT count(*) FROM mayor_notifications WHERE status <> 'sent') AS unsent,
      (SELECT max(votes) FROM proposals) AS max`);
    expect([Number(v?.sum), Number(v?.rows)]).toEqual([5000, 5000]);
    expect(Number(v?.over)).toBeGreaterThan(0);
    expect(Number(v?.sent)).toBe(Number(v?.over));
    expect(Number(v?.unsent)).toBe(0);
    expect(Number(v?.max)).toBeGreaterThan(2 * (5000 / 300));
    // Re-running replaces votes and mails with the rest.
    await seedSynthetic(database, { monuments: 200, proposals: 300, votes: 10, force: true }, LINZ);
    const [n] = await database.rows<{ n: number | string }>(sql`SELECT count(*) AS n FROM mayor_notifications`);
    expect(Number(n?.n)).toBe(0);
  });

  it('reads --region and --votes, and refuses what it does not know', () => {
    expect(parseArgs(['--monuments', '5', '--region', 'austria', '--votes', '1000000'])).toEqual({
      monuments: 5,
      proposals: 0,
      force: false,
      region: 'austria',
      votes: 1_000_000,
    });
    for (const args of [
      ['--monuments', '5', '--region', 'tirol'],
      ['--monuments', '5', '--votes'],
      ['--monuments', '5', '--votes', '1e6'],
    ])
      expect(parseArgs(args)).toBeNull();
  });

  it.skipIf(DB_KIND !== 'pglite')(
    'the command fills an embedded database, refuses real data without --force and a running server',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'linz-synthetic-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      const cli = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/seed-synthetic.ts', ...args], {
          cwd: path.join(import.meta.dirname, '../..'),
          env,
        }).then(
          (r) => ({ code: 0, ...r }),
          (e: { code: number; stdout: string; stderr: string }) => e,
        );
      const first = await cli('--monuments', '120', '--proposals', '40');
      expect(first.stdout).toMatch(/Wrote 120 synthetic monuments \(syn-…\), 40 proposals and \d+ votes/);
      expect(first.code).toBe(0);
      const usage = await cli('--monuments', 'many');
      expect([usage.code, usage.stderr]).toEqual([2, expect.stringContaining('Usage: pnpm seed:synthetic')]);

      // Real data beside it (the Linz data of a server's first start is not added over synthetic data).
      let database = await openDatabase({ dataDir });
      expect(await seedCity(database, linzCity())).toBe(0);
      await database.rows(
        sql`INSERT INTO monuments (id, name, lat, lng, category, sex) VALUES ('mon-real', 'Echt', 48.3, 14.3, 'bust', 'male')`,
      );
      await database.close();
      const refused = await cli('--monuments', '10', '--proposals', '0');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/holds real data \(1 monuments.*--force/);
      const forced = await cli('--monuments', '10', '--proposals', '0', '--force');
      expect(forced.stdout).toMatch(/Wrote 10 synthetic monuments .*replacing 120 earlier/);

      // A server holding the folder (here: a live process's pid in the lock file): refused, nothing opened.
      writeFileSync(lockPath(dataDir), String(process.pid));
      const locked = await cli('--monuments', '10', '--force');
      expect(locked.code).toBe(1);
      expect(locked.stderr).toMatch(new RegExp(`in use by process ${process.pid}.*Stop it first`));
      rmSync(lockPath(dataDir));

      database = await openDatabase({ dataDir });
      const [n] = await database.rows<{ syn: number; real: number }>(
        sql`SELECT count(*) FILTER (WHERE id LIKE 'syn-%')::int AS syn, count(*) FILTER (WHERE id NOT LIKE 'syn-%')::int AS real FROM monuments`,
      );
      await database.close();
      expect([Number(n?.syn), Number(n?.real)]).toEqual([10, 1]);
    },
    240_000,
  ); // five processes, each opening (and migrating) the embedded database
});
