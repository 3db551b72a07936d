// Creation limit per connection, counted in the database so it holds across instances and
// restarts. Creates checked at the same moment would all see the old count, so each check
// first takes an in-process reservation; reservations whose rows have not landed yet count too.
import { sql } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { RetryAfter } from '../http/errors.js';
import type { Database } from '../db/client.js';

/** How long a reservation stands in for a row that may not be committed yet. */
const RESERVATION_MS = 10_000; // the SQL below uses the same 10 seconds
const reservations = new Map<string, Set<{ at: number }>>();

function reserve(ipHash: string, now: number): { count: number; release(): void } {
  if (reservations.size > 10_000) {
    for (const [key, set] of reservations) {
      for (const r of set) if (now - r.at >= RESERVATION_MS) set.delete(r);
      if (!set.size) reservations.delete(key);
    }
  }
  const mine = reservations.get(ipHash) ?? new Set();
  for (const r of mine) if (now - r.at >= RESERVATION_MS) mine.delete(r);
  const token = { at: now };
  mine.add(token);
  reservations.set(ipHash, mine);
  return {
    count: mine.size,
    release() {
      mine.delete(token);
      if (!mine.size && reservations.get(ipHash) === mine) reservations.delete(ipHash);
    },
  };
}

export async function assertCreateAllowed(database: Database, ipHash: string, limit: number): Promise<void> {
  const reservation = reserve(ipHash, Date.now());
  let row: { n: number | string; recent: number | string } | undefined;
  try {
    [row] = await database.rows<{ n: number | string; recent: number | string }>(sql`
      WITH mine AS (
        SELECT created_at FROM monuments WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes'
        UNION ALL
        SELECT created_at FROM interventions WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes'
      )
      SELECT count(*) AS n, count(*) FILTER (WHERE created_at > now() - interval '10 seconds') AS recent
      FROM mine`);
  } catch (err) {
    reservation.release();
    throw err;
  }
  // Rows from the last few seconds may be the committed form of reservations: count each once.
  const pending = Math.max(0, reservation.count - Number(row?.recent ?? 0));
  if (Number(row?.n ?? 0) + pending > limit) {
    reservation.release();
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many new entries from your connection. Please try again in a few minutes.',
      cause: new RetryAfter(300),
    });
  }
}
