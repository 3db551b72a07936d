// Anonymous identities as keyed hashes: the voter cookie under the server secret, the IP
// address under a random key of the day that is deleted after two days (so old hashes
// cannot be linked back to addresses). Raw values are never stored or logged.
import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

export function keyedHash(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export type IpHasher = (ip: string, now?: Date) => Promise<string>;

export function createIpHasher(database: Database): IpHasher {
  const keys = new Map<string, Promise<string>>();
  const keyOf = async (day: string) => {
    const fresh = randomBytes(32).toString('base64url');
    await database.rows(sql`INSERT INTO ip_keys (day, key) VALUES (${day}, ${fresh}) ON CONFLICT DO NOTHING`);
    await database.rows(sql`DELETE FROM ip_keys WHERE day < ${previousDay(day)}`);
    const [row] = await database.rows<{ key: string }>(sql`SELECT key FROM ip_keys WHERE day = ${day}`);
    if (!row) throw new Error('ip key could not be stored');
    return row.key;
  };
  return async (ip, now = new Date()) => {
    const day = now.toISOString().slice(0, 10);
    let key = keys.get(day);
    if (!key) {
      keys.clear();
      key = keyOf(day);
      key.catch(() => keys.delete(day));
      keys.set(day, key);
    }
    return keyedHash(await key, ip);
  };
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
