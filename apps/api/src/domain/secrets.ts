// Server secrets: the cookie key is generated once and kept in the database, so every
// instance and every restart signs and hashes voter ids the same way.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

export async function cookieSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(32).toString('base64url');
  await database.rows(sql`INSERT INTO app_secrets (name, value) VALUES ('cookie_secret', ${fresh}) ON CONFLICT DO NOTHING`);
  const [row] = await database.rows<{ value: string }>(sql`SELECT value FROM app_secrets WHERE name = 'cookie_secret'`);
  if (!row) throw new Error('cookie secret could not be stored');
  return row.value;
}
