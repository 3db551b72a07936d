// Backup and restore of every application table (`pnpm backup`, `pnpm restore`).
//
// The file: gzip of newline-delimited JSON. Line 1 is the header (magic, format version, the
// schema's last migration, every table with its columns and row count, the identity sequences,
// and the SHA-256 of everything after the header line); then each table's rows, one
// `row_to_json` object per line, tables in header order (parents before children), rows in
// primary-key order. The database renders every value (timestamps to the microsecond, jsonb,
// floats) and reads it back (jsonb_populate_recordset), so the copy is exact on both drivers.
//
// A backup is one read-only REPEATABLE READ transaction: one consistent point in time. A restore
// checks the whole file before it touches the database, then replaces every table in one
// transaction (the cookie secret and IP keys included, so existing voter cookies keep working;
// the outbox as it was, so a mail already sent is not sent again).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database, type Db } from '../../db/client.js';
import { CHANGE_CHANNEL } from '../read-cache.js';

/** The first line's mark of a backup file. */
export const BACKUP_MAGIC = 'denkmal-backup';
/** The marks read: this one, and the one backups carried while the map ran for one city, with that
 * city's name in it ("denkmal-<city>-backup"): those restore as they always did. */
const READ_MAGIC = /^denkmal-(?:[a-z]+-)?backup$/;
export const BACKUP_FORMAT = 1;

export type BackupTable = { name: string; columns: string[]; rows: number };
export type BackupSequence = { table: string; column: string; lastValue: string; isCalled: boolean };
export type BackupHeader = {
  magic: string;
  format: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The last migration applied to the database that was backed up (drizzle's journal tag and time). */
  schema: { migration: string; when: number };
  tables: BackupTable[];
  sequences: BackupSequence[];
  /** Hex SHA-256 over every byte after the header line. */
  sha256: string;
};
export type BackupFile = { header: BackupHeader; rows: Map<string, string[]> };

/** A file that cannot be restored: another program's, damaged, or of another schema. Nothing was changed. */
export class BackupFileError extends Error {}

/** The database holds data and --force was not given. Nothing was changed. */
export class DatabaseNotEmpty extends Error {}

type Journal = { entries: { idx: number; tag: string; when: number }[] };

/** This build's migrations, oldest first (the journal drizzle-kit writes beside them). */
export function buildMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** Public tables, parents before children (foreign keys), each with its columns and primary key. */
async function tablesOf(database: Database, tx: Db) {
  const names = (
    await database.rows<{ name: string }>(
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      tx,
    )
  ).map((r) => r.name);
  const edges = await database.rows<{ child: string; parent: string }>(
    sql`SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
        WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace`,
    tx,
  );
  const columns = await database.rows<{ table: string; column: string }>(
    sql`SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
        WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    tx,
  );
  const keys = await database.rows<{ table: string; column: string }>(
    sql`SELECT c.relname AS "table", a.attname AS "column" FROM pg_index i
        JOIN pg_class c ON c.oid = i.indrelid JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE i.indisprimary AND c.relnamespace = 'public'::regnamespace
        ORDER BY c.relname, array_position(i.indkey::int2[], a.attnum)`,
    tx,
  );
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const e of edges) if (e.child === name && e.parent !== name) visit(e.parent, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name).map((c) => c.column),
    key: keys.filter((k) => k.table === name).map((k) => k.column),
  }));
}

async function identitiesOf(database: Database, tx: Db) {
  return database.rows<{ table: string; column: string; sequence: string }>(
    sql`SELECT table_name AS "table", column_name AS "column",
               pg_get_serial_sequence(quote_ident(table_name), column_name) AS "sequence"
        FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES'
        ORDER BY table_name`,
    tx,
  );
}

/** The last migration applied to this database, by drizzle's record of them. */
async function appliedMigration(database: Database, tx: Db): Promise<{ migration: string; when: number }> {
  const [row] = await database.rows<{ when: string | number }>(
    sql`SELECT created_at AS "when" FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    tx,
  );
  const when = Number(row?.when ?? 0);
  const tag = buildMigrations().find((m) => m.when === when)?.tag ?? `unknown-${when}`;
  return { migration: tag, when };
}

/** Reads every table in one read-only REPEATABLE READ transaction; resolves to the gzipped file. */
export async function createBackup(database: Database, now = new Date()): Promise<{ file: Buffer; header: BackupHeader }> {
  return database.db.transaction(
    async (tx) => {
      const schema = await appliedMigration(database, tx);
      const tables = await tablesOf(database, tx);
      const hash = createHash('sha256');
      const parts: string[] = [];
      const described: BackupTable[] = [];
      for (const t of tables) {
        const order = t.key.length ? sql.join(t.key.map(ident), sql`, `) : sql`row_to_json(t)::text`;
        const rows = await database.rows<{ j: string }>(
          sql`SELECT row_to_json(t)::text AS j FROM ${ident(t.name)} t ORDER BY ${order}`,
          tx,
        );
        for (const r of rows) {
          const line = `${r.j}\n`;
          hash.update(line);
          parts.push(line);
        }
        described.push({ name: t.name, columns: t.columns, rows: rows.length });
      }
      const sequences: BackupSequence[] = [];
      for (const s of await identitiesOf(database, tx)) {
        const [v] = await database.rows<{ last_value: string | number; is_called: boolean }>(
          sql`SELECT last_value, is_called FROM ${sql.raw(s.sequence)}`,
          tx,
        );
        sequences.push({ table: s.table, column: s.column, lastValue: String(v?.last_value ?? 1), isCalled: !!v?.is_called });
      }
      const header: BackupHeader = {
        magic: BACKUP_MAGIC,
        format: BACKUP_FORMAT,
        createdAt: now.toISOString(),
        database: database.kind,
        schema,
        tables: described,
        sequences,
        sha256: hash.digest('hex'),
      };
      return { file: gzipSync(`${JSON.stringify(header)}\n${parts.join('')}`), header };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Parses and checks a whole backup file; throws BackupFileError, saying why, when it cannot be restored. */
export function readBackup(file: Buffer): BackupFile {
  if (file.length < 2 || file[0] !== 0x1f || file[1] !== 0x8b) {
    throw new BackupFileError('This is not a Denk·Mal backup file (it is not gzip-compressed).');
  }
  let text: string;
  try {
    text = gunzipSync(file).toString('utf8');
  } catch (err) {
    throw new BackupFileError(`The backup file is incomplete or damaged (${(err as Error).message}).`);
  }
  const end = text.indexOf('\n');
  let header: BackupHeader;
  try {
    header = JSON.parse(end < 0 ? text : text.slice(0, end)) as BackupHeader;
  } catch {
    throw new BackupFileError('This is not a Denk·Mal backup file (no header).');
  }
  if (typeof header !== 'object' || header === null || typeof header.magic !== 'string' || !READ_MAGIC.test(header.magic)) {
    throw new BackupFileError('This is not a Denk·Mal backup file (unknown header).');
  }
  if (header.format !== BACKUP_FORMAT) {
    throw new BackupFileError(
      `The backup has format ${String(header.format)}; this version reads format ${BACKUP_FORMAT}. Use the version that wrote it.`,
    );
  }
  const ours = buildMigrations();
  const latest = ours.at(-1);
  const theirs = header.schema;
  if (!latest || typeof theirs?.when !== 'number') throw new BackupFileError('The backup names no schema version.');
  if (theirs.when > latest.when || !ours.some((m) => m.when === theirs.when)) {
    throw new BackupFileError(
      `The backup's schema (${theirs.migration}) is newer than this version's (${latest.tag}). Upgrade this installation, then restore.`,
    );
  }
  if (theirs.when !== latest.when) {
    throw new BackupFileError(
      `The backup's schema (${theirs.migration}) is older than this version's (${latest.tag}). Restore it with the version that wrote it, then upgrade.`,
    );
  }
  const body = end < 0 ? '' : text.slice(end + 1);
  if (createHash('sha256').update(body).digest('hex') !== header.sha256) {
    throw new BackupFileError('The backup file is incomplete or damaged (its checksum does not match).');
  }
  const lines = body === '' ? [] : body.slice(0, -1).split('\n');
  const expected = header.tables.reduce((n, t) => n + t.rows, 0);
  if (lines.length !== expected || (body !== '' && !body.endsWith('\n'))) {
    throw new BackupFileError(`The backup file is damaged: ${lines.length} rows where the header lists ${expected}.`);
  }
  const rows = new Map<string, string[]>();
  let at = 0;
  for (const t of header.tables) {
    rows.set(t.name, lines.slice(at, at + t.rows));
    at += t.rows;
  }
  return { header, rows };
}

/**
 * Tables a server fills by itself on its first start: they do not count as the city's data (the
 * word screen's lists and the canned moderation reasons are shipped by migrations 0012 and 0016;
 * staff edits to them travel with a backup).
 */
const STARTUP_TABLES = new Set(['app_secrets', 'ip_keys', 'street_names', 'screen_words', 'screen_allow', 'moderation_reasons']);

/** Whether the database holds anything beyond what a first start creates (the seed monuments and commemorations, secrets, street register). */
export async function holdsData(database: Database, tx: Db = database.db): Promise<boolean> {
  for (const t of await tablesOf(database, tx)) {
    if (STARTUP_TABLES.has(t.name)) continue;
    const [row] =
      t.name === 'monuments'
        ? await database.rows<{ any: boolean }>(
            // The profile's commemorations (seed_key) are a first start's too (db/seed.ts).
            sql`SELECT EXISTS (SELECT 1 FROM monuments WHERE seed_key IS NULL AND id NOT IN (
              SELECT jsonb_array_elements_text(value::jsonb) FROM app_secrets WHERE name = 'seeded-ids')) AS any`,
            tx,
          )
        : await database.rows<{ any: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM ${ident(t.name)}) AS any`, tx);
    if (row?.any) return true;
  }
  return false;
}

export type RestoreResult = { tables: { name: string; rows: number }[] };

const BATCH = 1000;

/**
 * Replaces every table with the file's rows in one transaction; throws (and changes nothing) when
 * the database holds data and `force` is not set, or its tables differ from the file's.
 */
export async function restoreBackup(
  database: Database,
  backup: BackupFile,
  opts: { force?: boolean } = {},
): Promise<RestoreResult> {
  const { header } = backup;
  return database.db.transaction(async (tx) => {
    const tables = await tablesOf(database, tx);
    const listed = new Map(header.tables.map((t) => [t.name, t]));
    for (const t of tables) {
      const theirs = listed.get(t.name);
      if (!theirs) throw new BackupFileError(`The backup has no table ${t.name}; nothing was restored.`);
      if (theirs.columns.join(',') !== t.columns.join(',')) {
        throw new BackupFileError(`The backup's table ${t.name} has other columns than this database's; nothing was restored.`);
      }
      listed.delete(t.name);
    }
    const extra = [...listed.keys()];
    if (extra.length) throw new BackupFileError(`This database has no table ${extra.join(', ')}; nothing was restored.`);
    // Writers wait until the restore is done, and see only the restored rows.
    await database.rows(
      sql`LOCK TABLE ${sql.join(
        tables.map((t) => ident(t.name)),
        sql`, `,
      )} IN ACCESS EXCLUSIVE MODE`,
      tx,
    );
    if (!opts.force && (await holdsData(database, tx))) {
      throw new DatabaseNotEmpty('The database already holds data; restore with --force to replace all of it.');
    }
    // The audit log refuses DELETE for everyone else; the restore replaces it with the file's copy.
    await database.rows(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete`, tx);
    for (const t of [...tables].reverse()) await database.rows(sql`DELETE FROM ${ident(t.name)}`, tx);
    const restored: RestoreResult['tables'] = [];
    for (const t of tables) {
      const lines = backup.rows.get(t.name) ?? [];
      for (let i = 0; i < lines.length; i += BATCH) {
        const batch = `[${lines.slice(i, i + BATCH).join(',')}]`;
        await database.rows(
          sql`INSERT INTO ${ident(t.name)} OVERRIDING SYSTEM VALUE
              SELECT * FROM jsonb_populate_recordset(NULL::${ident(t.name)}, ${batch}::jsonb)`,
          tx,
        );
      }
      restored.push({ name: t.name, rows: lines.length });
    }
    await database.rows(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete`, tx);
    // New ids continue after the restored ones (and after any the source had already handed out).
    for (const s of await identitiesOf(database, tx)) {
      const saved = header.sequences.find((x) => x.table === s.table && x.column === s.column);
      const [top] = await database.rows<{ v: string | number | null }>(
        sql`SELECT max(${ident(s.column)}) AS v FROM ${ident(s.table)}`,
        tx,
      );
      const floor = saved?.isCalled ? BigInt(saved.lastValue) : 0n;
      const max = BigInt(top?.v ?? 0);
      const value = max > floor ? max : floor;
      if (value > 0n) await database.rows(sql`SELECT setval(${s.sequence}::regclass, ${String(value)}::bigint, true)`, tx);
      else await database.rows(sql`SELECT setval(${s.sequence}::regclass, 1, false)`, tx);
    }
    // Every instance drops its cached lists (the one that restored included).
    for (const list of ['monuments', 'proposals']) {
      await database.rows(sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${list})`, tx);
    }
    return { tables: restored };
  });
}
