// Serialised answers for the public lists, built once and dropped on any write. Several API
// instances share one PostgreSQL: a write on one reaches the others through NOTIFY.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';

/** `body` is kept as bytes so each answer skips re-encoding a large string. */
export type Snapshot<T> = { data: T; body: Buffer; etag: string };
export type ReadCache<T> = { get(): Promise<Snapshot<T>>; invalidate(): void };

export const CHANGE_CHANNEL = 'linz_changes';
export type ListName = 'monuments' | 'interventions';

export function createReadCache<T>(load: () => Promise<T>): ReadCache<T> {
  let current: Promise<Snapshot<T>> | undefined;
  return {
    get() {
      if (current) return current;
      const building = load().then((data) => {
        const body = Buffer.from(JSON.stringify(data));
        return { data, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      });
      current = building;
      // A failed build is not kept; the next read tries again.
      building.catch(() => {
        if (current === building) current = undefined;
      });
      return building;
    },
    // A build already under way when a write lands is dropped too: it may predate the write.
    invalidate() {
      current = undefined;
    },
  };
}

/** Tells every instance (this one included, through its listener) that a list changed. */
export async function announceChange(database: Database, list: ListName, tx?: Db): Promise<void> {
  await database.rows(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${list})`, tx);
}
