// Helpers for the staff side's tests: members, requests with a bearer token or a session cookie,
// and row counts that must not change when a request is refused.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { addStaff } from '../../src/domain/staff/staff.js';
import { json } from './harness.js';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Adds a staff member and returns their token. */
export const newStaff = (database: Database, name = 'Erika Muster') => addStaff(database, name);

const TABLES = [
  'monuments',
  'proposals',
  'votes',
  'reports',
  'audit_log',
  'staff',
  'staff_sessions',
  'mayor_notifications',
] as const;

/** Row counts of every table a staff action could change, plus a digest of the moderated columns. */
export async function snapshotRows(database: Database) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await database.rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    counts[table] = Number(row?.n);
  }
  const [digest] = await database.rows<{ d: string }>(sql`SELECT md5(
    (SELECT string_agg(id || moderation || coalesce(merged_into, '') || name || validated::text || lat || lng, ',' ORDER BY id) FROM monuments) ||
    coalesce((SELECT string_agg(id || moderation || status || name || coalesce(answer_de, '') || monument_id, ',' ORDER BY id) FROM proposals), '') ||
    coalesce((SELECT string_agg(id || status, ',' ORDER BY id) FROM mayor_notifications), '')) AS d`);
  return { counts, digest: digest?.d };
}

/** A tRPC mutation request (non-batched): the input is the JSON body (every POST must be JSON). */
export const trpcPost = (path: string, input: unknown = {}, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: `/trpc/${path}`,
  headers: { ...json, ...headers },
  payload: JSON.stringify(input),
});

/** A tRPC query request: the input goes in the query string. */
export const trpcGet = (path: string, input?: unknown, headers: Record<string, string> = {}) => ({
  method: 'GET' as const,
  url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
  headers,
});

/** The data of a tRPC answer. */
export const dataOf = <T>(res: { body: string }) => (JSON.parse(res.body) as { result: { data: T } }).result.data;
