// Creation limit per connection, counted in the database so it holds across instances and
// restarts. An advisory lock per connection makes simultaneous creates take turns, so the count
// each one sees includes every create committed before it: the limit is exact under bursts.
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import { LimitReached } from './errors.js';

/** Runs `create` in a transaction if this connection has created fewer than `limit` entries in 5 minutes. */
export async function createWithinLimit<T>(
  database: Database,
  ipHash: string,
  limit: number,
  create: (tx: Db) => Promise<T>,
): Promise<T> {
  return database.db.transaction(async (tx) => {
    await database.rows(sql`SELECT pg_advisory_xact_lock(hashtext(${`create:${ipHash}`}))`, tx);
    const [row] = await database.rows<{ n: number | string }>(
      sql`
      SELECT (SELECT count(*) FROM monuments WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes')
           + (SELECT count(*) FROM interventions WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes')
           + (SELECT count(*) FROM reports WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes')
           + (SELECT count(*) FROM follow_requests WHERE ip_hash = ${ipHash} AND at > now() - interval '5 minutes')
           + (SELECT count(*) FROM accessibility_feedback WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes')
           + (SELECT count(*) FROM place_suggestions WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes') AS n`,
      tx,
    );
    if (Number(row?.n ?? 0) >= limit) {
      throw new LimitReached('Too many new entries from your connection. Please try again in a few minutes.', 300);
    }
    return create(tx);
  });
}
