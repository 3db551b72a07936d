// A database made by the migrations before 0003 (today's main) upgrades: cast_votes then takes
// the NOTIFY channel by name, and a counted vote announces itself on CHANGE_CHANNEL.
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
import { openDatabase, type Database } from '../src/db/client.js';
import { seedLinz } from '../src/db/seed.js';
import { CHANGE_CHANNEL } from '../src/domain/read-cache.js';
import { castBallots } from '../src/domain/votes.js';
import { DB_KIND } from './harness.js';

/** The migrations folder as it was before 0003. */
function migrationsBefore0003(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'linz-migrations-'));
  cpSync(path.join(import.meta.dirname, '../src/db/migrations'), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= 2);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const signature = async (database: Database) =>
  (
    await database.rows<{ args: string }>(
      sql`SELECT pg_get_function_identity_arguments(oid) AS args FROM pg_proc WHERE proname = 'cast_votes'`,
    )
  ).map((r) => r.args);

/** Opens a database that the old migrations made, checks the old function, then upgrades it. */
async function oldDatabaseUpgraded(): Promise<Database> {
  const old = migrationsBefore0003();
  if (DB_KIND === 'pglite') {
    const pg = new PGlite();
    await migratePglite(drizzlePglite({ client: pg }), { migrationsFolder: old });
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
      expect(await signature(database)).toEqual(['p_ballots jsonb, p_ip_limit integer, p_threshold integer, p_channel text']);
      await seedLinz(database);
      const [p] = await database.rows<{ id: number; monument_id: string }>(
        sql`INSERT INTO interventions (monument_id, name, emoji, creator_ip_hash) SELECT id, 'Upgrade', 'x', 'h' FROM monuments LIMIT 1 RETURNING id, monument_id`,
      );
      const heard: string[] = [];
      const unlisten = await database.listen(CHANGE_CHANNEL, (payload) => heard.push(payload));
      const ballot = (v: string) => ({ interventionId: p!.id, monumentId: p!.monument_id, voterHash: v, ipHash: 'ip' });
      // A null channel casts without announcing; a named one announces once per call.
      expect((await castBallots(database, [ballot('a')], { ipLimit: 10, channel: null }))[0]?.outcome).toBe('counted');
      expect((await castBallots(database, [ballot('b')], { ipLimit: 10, channel: CHANGE_CHANNEL }))[0]).toMatchObject({
        outcome: 'counted',
        count: 2,
      });
      await expect.poll(() => heard).toEqual(['interventions']);
      await unlisten();
    } finally {
      await database.close();
    }
  });
});
