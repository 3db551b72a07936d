// Creation limit per connection, counted in the database so it holds across instances.
import { sql } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import type { Database } from '../db/client.js';

export async function assertCreateAllowed(database: Database, ipHash: string, limit: number): Promise<void> {
  const [row] = await database.rows<{ n: number }>(sql`
    SELECT (SELECT count(*) FROM monuments WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes')
         + (SELECT count(*) FROM interventions WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes') AS n`);
  if (Number(row?.n ?? 0) >= limit) {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Too many new entries from your connection. Please try again in a few minutes.' });
  }
}
