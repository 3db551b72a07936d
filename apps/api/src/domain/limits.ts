// Creation limits, counted in the database so they hold across instances and restarts: per
// connection (an IPv4 address, an IPv6 /64), per household (an IPv4 address, an IPv6 /56: one home
// has 256 /64s) and per area (an IPv4 /24, an IPv6 /48: one tunnel broker's or hoster's customer
// has 256 /56s), config.ts ADDRESS_PREFIXES. An advisory lock per area makes simultaneous creates
// take turns, so the count each one sees includes every create committed before it: the limits are
// exact under bursts.
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import { LimitReached } from './errors.js';

/** An area may create this many times a household's limit (a school, a company, a mobile network's block). */
export const AREA_WRITES_FACTOR = 3;

/** Who writes: keyed hashes of the connection (under the day's key), the household and the area (under the server secret). */
export type Writer = { ipHash: string; householdHash: string; areaHash: string };

const refused = () => new LimitReached('Too many new entries from your connection. Please try again in a few minutes.', 300);

/**
 * In `tx`: refuses (LimitReached) when the household has written `limit` times in 5 minutes or its
 * area AREA_WRITES_FACTOR times that, else marks this write for both. Takes the area's lock.
 */
export async function householdWithinLimit(database: Database, tx: Db, who: Writer, limit: number): Promise<void> {
  const household = `h:${who.householdHash}`;
  const area = `a:${who.areaHash}`;
  await database.rows(sql`SELECT pg_advisory_xact_lock(hashtext(${`create:${area}`}))`, tx);
  const [row] = await database.rows<{ household: number | string; area: number | string }>(
    sql`SELECT (SELECT count(*) FROM write_marks WHERE key = ${household} AND at > now() - interval '5 minutes') AS household,
               (SELECT count(*) FROM write_marks WHERE key = ${area} AND at > now() - interval '5 minutes') AS area`,
    tx,
  );
  if (Number(row?.household ?? 0) >= limit || Number(row?.area ?? 0) >= limit * AREA_WRITES_FACTOR) throw refused();
  await database.rows(sql`INSERT INTO write_marks (key) VALUES (${household}), (${area})`, tx);
}

/** The daily clean-up: marks older than a day say nothing any more. */
export async function purgeWriteMarks(database: Database): Promise<number> {
  return (await database.rows(sql`DELETE FROM write_marks WHERE at < now() - interval '1 day' RETURNING 1`)).length;
}

/** Runs `create` in a transaction if this connection, household and area are within their limits (5 minutes). */
export async function createWithinLimit<T>(
  database: Database,
  who: Writer,
  limit: number,
  create: (tx: Db) => Promise<T>,
): Promise<T> {
  const { ipHash } = who;
  return database.db.transaction(async (tx) => {
    await householdWithinLimit(database, tx, who, limit);
    await database.rows(sql`SELECT pg_advisory_xact_lock(hashtext(${`create:${ipHash}`}))`, tx);
    const [row] = await database.rows<{ n: number | string }>(
      sql`
      SELECT (SELECT count(*) FROM monuments WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes')
           + (SELECT count(*) FROM proposals WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes')
           + (SELECT count(*) FROM reports WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes')
           + (SELECT count(*) FROM follow_requests WHERE ip_hash = ${ipHash} AND at > now() - interval '5 minutes')
           + (SELECT count(*) FROM accessibility_feedback WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes')
           + (SELECT count(*) FROM place_suggestions WHERE creator_ip_hash = ${ipHash} AND created_at > now() - interval '5 minutes') AS n`,
      tx,
    );
    if (Number(row?.n ?? 0) >= limit) throw refused();
    return create(tx);
  });
}

/** The writer of a request (domain/actor.ts). */
export const writerOf = async (actor: {
  ipHash(): Promise<string>;
  householdHash(): string;
  areaHash(): string;
}): Promise<Writer> => ({ ipHash: await actor.ipHash(), householdHash: actor.householdHash(), areaHash: actor.areaHash() });
