// Anonymous identities as keyed hashes: the voter cookie under the server secret, the IP
// address under a random key of the day that is deleted after two days (so old hashes
// cannot be linked back to addresses). Raw values are never stored or logged.
import { createHmac, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { ADDRESS_PREFIXES } from '../config.js';
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

/** The prefix of `bits` of an address, as text ("192.0.2.0/24", "2001:db8:1:200::/56"); an IPv4-mapped IPv6 address counts as IPv4. */
function prefixOf(ip: string, prefix: { v4: number; v6: number }): string {
  let v4 = isIPv4(ip) ? ip : undefined;
  let groups: number[] | undefined;
  if (!v4) {
    const parsed = ipv6Groups(ip);
    if (!parsed || parsed.length !== 8) return ip;
    groups = parsed.map((g) => parseInt(g, 16));
    if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
      const [hi = 0, lo = 0] = groups.slice(6);
      v4 = [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
    }
  }
  if (v4) {
    if (prefix.v4 >= 32) return v4;
    const n = v4.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
    const masked = prefix.v4 === 0 ? 0 : (n >>> (32 - prefix.v4)) * 2 ** (32 - prefix.v4);
    return `${[masked >>> 24, (masked >>> 16) & 255, (masked >>> 8) & 255, masked & 255].join('.')}/${prefix.v4}`;
  }
  const kept = Math.ceil(prefix.v6 / 16);
  const masked = (groups ?? []).slice(0, kept).map((g, k) => {
    const bits = Math.min(16, prefix.v6 - 16 * k);
    return ((g >> (16 - bits)) << (16 - bits)).toString(16);
  });
  return `${masked.join(':')}::/${prefix.v6}`;
}

/**
 * The "connection" a limit counts: an IPv4 address, or the /64 network of an IPv6 address
 * (one household or phone gets a whole /64 and can pick any address in it at will).
 * IPv4-mapped IPv6 addresses count as their IPv4 address. Prefixes: config.ts ADDRESS_PREFIXES.
 */
export function connectionOf(ip: string): string {
  // Most clients are IPv4: no colon, nothing to parse (this runs on every API request).
  if (!ip.includes(':')) return ip;
  return prefixOf(ip, ADDRESS_PREFIXES.connection);
}

/**
 * The connection's keyed hash under the day's key, and `recent`: its hashes under the keys of the
 * last 24 hours (today's, and yesterday's while it is kept), so that a limit over a sliding 24
 * hours sees yesterday's entries after midnight's key rotation. Rather than one key
 * kept for longer: a deleted key still makes every hash older than two days unlinkable.
 */
export type IpHasher = ((ip: string, now?: Date) => Promise<string>) & {
  recent(ip: string, now?: Date): Promise<{ current: string; previous: string | null }>;
};

export function createIpHasher(database: Database): IpHasher {
  const keys = new Map<string, Promise<string | null>>();
  const keyOf = async (day: string) => {
    const fresh = randomBytes(32).toString('base64url');
    await database.rows(sql`INSERT INTO ip_keys (day, key) VALUES (${day}, ${fresh}) ON CONFLICT DO NOTHING`);
    await database.rows(sql`DELETE FROM ip_keys WHERE day < ${previousDay(day)}`);
    const [row] = await database.rows<{ key: string }>(sql`SELECT key FROM ip_keys WHERE day = ${day}`);
    if (!row) throw new Error('ip key could not be stored');
    return row.key;
  };
  // Yesterday's key is only read (null when no request came that day: nothing was hashed with it).
  const storedKeyOf = async (day: string) =>
    (await database.rows<{ key: string }>(sql`SELECT key FROM ip_keys WHERE day = ${day}`))[0]?.key ?? null;
  const cached = (day: string, load: (day: string) => Promise<string | null>) => {
    let key = keys.get(day);
    if (!key) {
      key = load(day);
      key.catch(() => keys.delete(day));
      keys.set(day, key);
    }
    return key;
  };
  const todayKey = async (now: Date) => {
    const day = now.toISOString().slice(0, 10);
    if (!keys.has(day)) {
      // A new day: only today's and yesterday's keys are still wanted.
      for (const old of keys.keys()) if (old < previousDay(day)) keys.delete(old);
      // Yesterday's key as read before today's was made could be a stale null: read it again.
      keys.delete(previousDay(day));
    }
    // Yesterday's key is read with today's: after a day's first hash no vote waits on the database
    // for its keys (on PGlite a held transaction would hold that read, and the vote, past its deadline).
    const [key] = await Promise.all([cached(day, keyOf), cached(previousDay(day), storedKeyOf)]);
    return key as string;
  };
  const hash = async (ip: string, now = new Date()) => keyedHash(await todayKey(now), connectionOf(ip));
  hash.recent = async (ip: string, now = new Date()) => {
    const current = await hash(ip, now);
    const before = await cached(previousDay(now.toISOString().slice(0, 10)), storedKeyOf);
    return { current, previous: before === null ? null : keyedHash(before, connectionOf(ip)) };
  };
  return hash;
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * The network the vote review and reports count: an IPv4 /24, or the /56 of an
 * IPv6 address (one household's ten /64s are one network). Stored only as a keyed hash under the
 * server secret, blanked after RETENTION_DAYS.
 */
export function networkOf(ip: string): string {
  return prefixOf(ip, ADDRESS_PREFIXES.network);
}

export const networkHashOf = (secret: string, ip: string) => keyedHash(`network:${secret}`, networkOf(ip));

/** The wider network (IPv4 /24, IPv6 /48: ADDRESS_PREFIXES.area) as a keyed hash under the server secret. */
export const areaHashOf = (secret: string, ip: string) => keyedHash(`area:${secret}`, prefixOf(ip, ADDRESS_PREFIXES.area));

/** The household (an IPv4 address, an IPv6 /56: ADDRESS_PREFIXES.household) as a keyed hash under the server secret. */
export const householdHashOf = (secret: string, ip: string) =>
  keyedHash(`household:${secret}`, prefixOf(ip, ADDRESS_PREFIXES.household));
