// A database made by the migrations before 0003 upgrades: cast_votes then takes the NOTIFY channel
// by name, and a counted vote announces its proposal on CHANGE_CHANNEL. The old migrations no
// longer write the old functions' bodies (db/functions/votes.sql is the one definition), so the
// database of that time is made with a stand-in of the function it held: the upgrade must drop it.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { seedCity } from '../../src/db/seed.js';
import { linzCity } from '../support/city.js';
import { CHANGE_CHANNEL } from '../../src/domain/read-cache.js';
import { loadConfig } from '../../src/config.js';
import { castBallots, voteRulesOf } from '../../src/domain/votes/votes.js';
import { DB_KIND } from '../support/harness.js';

/** The migrations folder as it was before 0003 (or up to `lastIdx`). */
function migrationsBefore0003(lastIdx = 2): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'linz-migrations-'));
  cpSync(path.join(import.meta.dirname, '../../src/db/migrations'), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const signature = async (database: Database) =>
  (
    await database.rows<{ args: string }>(
      sql`SELECT pg_get_function_identity_arguments(oid) AS args FROM pg_proc WHERE proname = 'cast_votes'`,
    )
  ).map((r) => r.args);

/** What a database made by 0002 held: cast_votes with its signature of then (the body does not matter here). */
const OLD_CAST_VOTES = `CREATE FUNCTION cast_votes(p_ballots jsonb, p_ip_limit integer, p_threshold integer, p_announce boolean)
  RETURNS void LANGUAGE plpgsql AS $$ BEGIN END $$`;

/** Opens a database that the old migrations made, with the old function, checks it, then upgrades it. */
async function oldDatabaseUpgraded(): Promise<Database> {
  const old = migrationsBefore0003();
  if (DB_KIND === 'pglite') {
    const pg = new PGlite();
    await migratePglite(drizzlePglite({ client: pg }), { migrationsFolder: old });
    await pg.exec(OLD_CAST_VOTES);
    const [row] = (
      await pg.query<{ args: string }>(
        `SELECT pg_get_function_identity_arguments(oid) AS args FROM pg_proc WHERE proname = 'cast_votes'`,
      )
    ).rows;
    expect(row?.args).toMatch(/p_announce boolean/);
    return openDatabase({ pglite: pg });
  }
  const adminUrl = inject('pgUrl');
  const name = `t_upgrade_${process.pid}_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const own = postgres(url, { max: 1, onnotice: () => {} });
  await migratePostgres(drizzlePostgres({ client: own }), { migrationsFolder: old });
  await own.unsafe(OLD_CAST_VOTES);
  const [row] = await own<
    { args: string }[]
  >`SELECT pg_get_function_identity_arguments(oid) AS args FROM pg_proc WHERE proname = 'cast_votes'`;
  expect(row?.args).toMatch(/p_announce boolean/);
  await own.end();
  return openDatabase({ databaseUrl: url });
}

describe(`migration 0003 on ${DB_KIND}`, () => {
  it('upgrades a database of the earlier migrations; votes announce on the channel they are given', async () => {
    const database = await oldDatabaseUpgraded();
    try {
      // One live definition after every migration: db/functions/votes.sql.
      expect(await signature(database)).toEqual(['p_ballots jsonb, p_rules jsonb, p_now timestamp with time zone']);
      await seedCity(database, linzCity());
      const [p] = await database.rows<{ id: number; monument_id: string }>(
        sql`INSERT INTO proposals (monument_id, name, emoji, creator_ip_hash) SELECT id, 'Upgrade', 'x', 'h' FROM monuments LIMIT 1 RETURNING id, monument_id`,
      );
      const heard: string[] = [];
      const unlisten = await database.listen(CHANGE_CHANNEL, (payload) => heard.push(payload));
      const ballot = (v: string) => ({
        proposalId: p!.id,
        monumentId: p!.monument_id,
        voterHash: v,
        ipHash: 'ip',
        netHash: `net-${v}`,
      });
      // A null channel casts without announcing; a named one announces once per call.
      expect(
        (await castBallots(database, [ballot('a')], { ...voteRulesOf(loadConfig({}), null), ipLimit: 10 }))[0]?.outcome,
      ).toBe('counted');
      expect(
        (await castBallots(database, [ballot('b')], { ...voteRulesOf(loadConfig({}), CHANGE_CHANNEL), ipLimit: 10 }))[0],
      ).toMatchObject({
        outcome: 'counted',
        count: 2,
      });
      // Naming the proposal: every instance reads it again, not the whole list (read-cache.ts).
      await expect.poll(() => heard).toEqual([`proposals:${p!.id}`]);
      await unlisten();
    } finally {
      await database.close();
    }
  });
});

/** A database made by the migrations up to 0003 (main before 0004 added moderation), not yet upgraded. */
/** A database made by the migrations up to `lastIdx`: `exec` runs SQL on it, `open` upgrades it to today's. */
async function databaseUpTo(lastIdx: number): Promise<{ exec(q: string): Promise<unknown>; open(): Promise<Database> }> {
  const old = migrationsBefore0003(lastIdx);
  if (DB_KIND === 'pglite') {
    const pg = new PGlite();
    await migratePglite(drizzlePglite({ client: pg }), { migrationsFolder: old });
    return { exec: (q) => pg.exec(q), open: () => openDatabase({ pglite: pg }) };
  }
  const adminUrl = inject('pgUrl');
  const name = `t_upgrade${lastIdx}_${process.pid}_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const own = postgres(url, { max: 1, onnotice: () => {} });
  await migratePostgres(drizzlePostgres({ client: own }), { migrationsFolder: old });
  return {
    exec: (q) => own.unsafe(q),
    async open() {
      await own.end();
      return openDatabase({ databaseUrl: url });
    },
  };
}

describe(`migration 0004 on ${DB_KIND}`, () => {
  it('keeps every monument, proposal, vote and mail of a database made before it; all public, status open', async () => {
    const old = await databaseUpTo(3);
    await old.exec(`
      INSERT INTO monuments (id, name, lat, lng, category, sex) VALUES ('m1', 'Eins', 48.3, 14.3, 'Büste', 'male'), ('m2', 'Zwei', 48.31, 14.29, 'Tafel', 'female');
      INSERT INTO interventions (monument_id, name, emoji, votes) VALUES ('m1', 'P1', 'x', 10), ('m2', 'P2', 'y', 1);
      INSERT INTO votes (intervention_id, voter_hash, ip_hash) SELECT 1, 'v' || g, 'ip' FROM generate_series(1, 10) g;
      INSERT INTO votes (intervention_id, voter_hash, ip_hash) VALUES (2, 'w', 'ip');
      INSERT INTO mayor_notifications (intervention_id, vote_count, status, attempts, sent_at) VALUES (1, 10, 'sent', 1, now());`);
    const database = await old.open();
    try {
      const count = async (table: string) =>
        Number((await database.rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]?.n);
      expect([
        await count('monuments'),
        await count('proposals'),
        await count('votes'),
        await count('mayor_notifications'),
      ]).toEqual([2, 2, 11, 1]);
      const rows = await database.rows(
        sql`SELECT id, monument_id, name, votes, moderation, status, answer_de FROM proposals ORDER BY id`,
      );
      expect(rows).toEqual([
        { id: 1, monument_id: 'm1', name: 'P1', votes: 10, moderation: 'visible', status: 'open', answer_de: null },
        { id: 2, monument_id: 'm2', name: 'P2', votes: 1, moderation: 'visible', status: 'open', answer_de: null },
      ]);
      expect(await database.rows(sql`SELECT id, moderation, merged_into FROM monuments ORDER BY id`)).toEqual([
        { id: 'm1', moderation: 'visible', merged_into: null },
        { id: 'm2', moderation: 'visible', merged_into: null },
      ]);
      expect(await database.rows(sql`SELECT status FROM mayor_notifications`)).toEqual([{ status: 'sent' }]);
      // The new cast_votes still counts on a public proposal and refuses a hidden one.
      const ballot = (v: string) => ({ proposalId: 2, monumentId: 'm2', voterHash: v, ipHash: 'ip2', netHash: `net-${v}` });
      expect(
        (await castBallots(database, [ballot('a')], { ...voteRulesOf(loadConfig({}), null), ipLimit: 10 }))[0],
      ).toMatchObject({
        outcome: 'counted',
        count: 2,
      });
      await database.rows(sql`UPDATE proposals SET moderation = 'hidden' WHERE id = 2`);
      expect(
        (await castBallots(database, [ballot('b')], { ...voteRulesOf(loadConfig({}), null), ipLimit: 10 }))[0]?.outcome,
      ).toBe('unknown');
      await database.rows(sql`UPDATE proposals SET moderation = 'visible' WHERE id = 2`);
      await database.rows(sql`UPDATE monuments SET merged_into = 'm1' WHERE id = 'm2'`);
      expect(
        (await castBallots(database, [ballot('c')], { ...voteRulesOf(loadConfig({}), null), ipLimit: 10 }))[0]?.outcome,
      ).toBe('unknown');
    } finally {
      await database.close();
    }
  });
});

describe(`migration 0023 on ${DB_KIND}`, () => {
  it('the canned reason that named Linz names no city after it; one that staff reworded stays theirs', async () => {
    const old = await databaseUpTo(22);
    // What the first form of 0016 wrote (the one every database of that time holds), and a staff rewording.
    await old.exec(
      `INSERT INTO moderation_reasons (de, en) VALUES ('Kein Denkmal in Linz, oder am falschen Ort', 'Not a monument in Linz, or in the wrong place'), ('Kein Denkmal in Linz, oder am falschen Ort', 'Not in Linz (staff)')`,
    );
    const database = await old.open();
    try {
      const reasons = await database.rows<{ de: string; en: string }>(sql`SELECT de, en FROM moderation_reasons ORDER BY id`);
      expect(reasons).toContainEqual({
        de: 'Kein Denkmal in dieser Stadt, oder am falschen Ort',
        en: 'Not a monument in this city, or in the wrong place',
      });
      expect(reasons).toContainEqual({ de: 'Kein Denkmal in Linz, oder am falschen Ort', en: 'Not in Linz (staff)' });
      expect(reasons.filter((r) => r.en.includes('Linz'))).toHaveLength(1);
      expect(reasons.filter((r) => r.de === 'Kein Denkmal in dieser Stadt, oder am falschen Ort')).toHaveLength(2);
    } finally {
      await database.close();
    }
  });
});
