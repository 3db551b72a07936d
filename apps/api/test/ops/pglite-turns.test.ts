// PGlite runs on the readers' thread (db/client.ts `turnsBetweenExchanges`): a write's statements
// take turns with the requests that arrived meanwhile, instead of running back to back in
// microtasks while every read waits for the whole write.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { DB_KIND, freshDatabase } from '../support/harness.js';

describe.runIf(DB_KIND === 'pglite')('PGlite between a write’s statements', () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it('lets the event loop turn before each statement of a transaction', async () => {
    ({ database } = await freshDatabase());
    const { db } = database;
    // Other work waiting for its turn of the event loop (a read that arrived): one callback per turn.
    let turns = 0;
    let running = true;
    const turn = () => {
      if (!running) return;
      turns++;
      setImmediate(turn);
    };
    setImmediate(turn);
    const statements = 12;
    await db.transaction(async (tx) => {
      for (let i = 0; i < statements; i++) await tx.execute(sql`SELECT count(*) FROM monuments WHERE id <> ${String(i)}`);
    });
    running = false;
    // Each statement is at least one exchange, and each exchange waits a turn first.
    expect(turns).toBeGreaterThanOrEqual(statements);
  });
});
