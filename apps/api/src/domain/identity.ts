// Anonymous identities as keyed hashes: the voter cookie under the server secret, the IP
// address under a random key of the day that is deleted after two days (so old hashes
// cannot be linked back to addresses). Raw values are never stored or logged.
import { createHmac, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

export function keyedHash(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Groups of an IPv6 address, "::" expanded; undefined when it is not one. */
function ipv6Groups(ip: string): string[] | undefined {
  if (!isIPv6(ip)) return undefined;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail ("::ffff:1.2.3.4") counts as two groups.
  const last = right.length ? right : left;
  if (last.length && isIPv4(last[last.length - 1] ?? '')) {
    const v4 = (last.pop() ?? '').split('.').map(Number);
    last.push((((v4[0] ?? 0) << 8) | (v4[1] ?? 0)).toString(16), (((v4[2] ?? 0) << 8) | (v4[3] ?? 0)).toString(16));
  }
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => g.replace(/^0+(?=.)/, ''));
}

/**
 * The "connection" a limit counts: an IPv4 address, or the /64 network of an IPv6 address
 * (one household or phone gets a whole /64 and can pick any address in it at will).
 * IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function connectionOf(ip: string): string {
  // Most clients are IPv4: no colon, nothing to parse (this runs on every API request).
  if (!ip.includes(':')) return ip;
  const groups = ipv6Groups(ip);
  if (!groups || groups.length !== 8) return ip;
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const n = (parseInt(groups[6] ?? '0', 16) << 16) | parseInt(groups[7] ?? '0', 16);
    return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
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
    return keyedHash(await key, connectionOf(ip));
  };
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * The network a vote is reviewed by (issue 27): an IPv4 /24, or the /64 of an IPv6 address (as for
 * limits). Stored only as a keyed hash under the server secret, blanked after RETENTION_DAYS.
 */
export function networkOf(ip: string): string {
  const connection = connectionOf(ip);
  if (!isIPv4(connection)) return connection;
  return `${connection.split('.').slice(0, 3).join('.')}.0/24`;
}

export const networkHashOf = (secret: string, ip: string) => keyedHash(`network:${secret}`, networkOf(ip));
