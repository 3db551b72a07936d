// The duplicate rule: a new monument whose name matches a public one within DUPLICATE_RADIUS_M is
// refused. Names match after `fold` (case, accents, ß/ss) with spaces trimmed and collapsed.
import { DUPLICATE_RADIUS_M } from '@linz/contract/facts';
import { distanceMeters, fold } from '@linz/contract/filters';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { Duplicate } from '../errors.js';
import { publicMonument } from '../moderation/visibility.js';

/** The form two names are compared in. */
export const nameKey = (name: string): string => fold(name).trim().replace(/\s+/g, ' ');

/** Metres per degree of latitude; the box is a little larger than the circle, the exact test follows. */
const M_PER_DEG = 111_320;
const MARGIN = 1.1;

/**
 * Throws Duplicate naming the nearest public monument with the same name within the radius.
 * Adds of one folded name take turns (a transaction-scoped advisory lock on it), so two
 * simultaneous identical adds cannot both pass: the second sees the first once it commits.
 */
export async function refuseDuplicate(database: Database, tx: Db, name: string, at: { lat: number; lng: number }) {
  const key = nameKey(name);
  await database.rows(sql`SELECT pg_advisory_xact_lock(hashtext(${`monument-name:${key}`}))`, tx);
  const dLat = (DUPLICATE_RADIUS_M / M_PER_DEG) * MARGIN;
  const dLng = dLat / Math.max(Math.cos((at.lat * Math.PI) / 180), 0.01);
  const near = await database.rows<{ id: string; name: string; lat: number; lng: number }>(
    sql`SELECT m.id, m.name, m.lat, m.lng FROM monuments m
        WHERE ${publicMonument('m')}
          AND m.lat BETWEEN ${at.lat - dLat} AND ${at.lat + dLat}
          AND m.lng BETWEEN ${at.lng - dLng} AND ${at.lng + dLng}`,
    tx,
  );
  const matches = near
    .filter((m) => nameKey(m.name) === key)
    .map((m) => ({ id: m.id, d: distanceMeters(at, { lat: Number(m.lat), lng: Number(m.lng) }) }))
    .filter((m) => m.d <= DUPLICATE_RADIUS_M)
    .sort((a, b) => a.d - b.d || a.id.localeCompare(b.id));
  const nearest = matches[0];
  if (nearest) {
    throw new Duplicate(`A monument with this name already exists within ${DUPLICATE_RADIUS_M} m.`, nearest.id);
  }
}
