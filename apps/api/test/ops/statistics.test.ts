// PGlite has no autovacuum: the server refreshes the planner's statistics itself (db/client.ts). It
// analyzes a table once its rows changed by more than autovacuum's rule (50 rows and a tenth of the
// table) and leaves the others, so the refresh every 5 minutes costs a large database a look at
// pg_stat_user_tables, not a whole ANALYZE on the readers' thread (0.6 s at 50,000 monuments).
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { refreshStatistics } from '../../src/db/client.js';
import { DB_KIND } from '../support/harness.js';

describe.runIf(DB_KIND === 'pglite')('PGlite’s statistics, table by table', () => {
  const pg = new PGlite();
  afterAll(() => pg.close());
  const insert = (from: number, to: number) =>
    pg.exec(`INSERT INTO big SELECT g, md5(g::text) FROM generate_series(${from}, ${to}) g`);
  /** The statistics PGlite has counted so far, made visible (they are flushed at most once a second). */
  const refresh = async () => {
    await pg.exec('SELECT pg_stat_force_next_flush()');
    await pg.exec('SELECT 1');
    return refreshStatistics(pg);
  };

  it('analyzes a table whose rows changed past autovacuum’s rule, and only then', async () => {
    await pg.exec('CREATE TABLE big (id int PRIMARY KEY, v text); CREATE TABLE small (id int PRIMARY KEY)');
    await insert(1, 5000);
    await pg.exec('INSERT INTO small SELECT g FROM generate_series(1, 10) g');
    // Never analyzed: 5,000 changed rows pass the rule (50 and a tenth of none); 10 rows do not.
    expect(await refresh()).toEqual(['public.big']);
    const analyzed = await pg.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'big'`);
    expect(analyzed.rows[0]?.reltuples).toBe(5000);
    expect(await refresh()).toEqual([]);
    // 500 more rows: not past 50 + 500.
    await insert(5001, 5500);
    expect(await refresh()).toEqual([]);
    // 100 more: 600 since the last ANALYZE, past it.
    await insert(5501, 5600);
    expect(await refresh()).toEqual(['public.big']);
  });
});
