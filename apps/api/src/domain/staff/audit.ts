// The audit log: one entry per staff action or automatic hiding, written in the action's own
// transaction. The table is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE), except for
// a redaction of personal data, which rewrites recorded values only and is itself an entry.
import { sql } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditFilter, AuditPage, AuditRedaction, ItemKind } from '@linz/contract';
import { actionText, actorText, auditChanges, describeChange, formatAuditTime, type Lookup } from '@linz/contract/audit';
import type { Database, Db } from '../../db/client.js';
import { InvalidInput, NotFound } from '../errors.js';
import { toCsv } from '../open-data/exports.js';

export { SYSTEM_ACTOR } from '@linz/contract/audit';

export type AuditRecord = {
  actor: string;
  action: AuditAction;
  itemKind: ItemKind;
  itemId: string | number;
  before: unknown;
  after: unknown;
};

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export async function audit(database: Database, tx: Db, r: AuditRecord): Promise<void> {
  await database.rows(
    sql`INSERT INTO audit_log (actor, action, item_kind, item_id, before, after)
        VALUES (${r.actor}, ${r.action}, ${r.itemKind}, ${String(r.itemId)}, ${json(r.before)}::jsonb, ${json(r.after)}::jsonb)`,
    tx,
  );
}

type Row = {
  id: number | string;
  at: Date | string;
  actor: string;
  action: string;
  item_kind: AuditEntry['itemKind'];
  item_id: string;
  item_name: string | null;
  before: string | null;
  after: string | null;
};

/** A LIKE pattern that finds `text` anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// An id that is a number, for the tables whose ids are (a text id yields NULL, not an error).
const numericId = sql`CASE WHEN a.item_id ~ '^[0-9]{1,9}$' THEN a.item_id::int END`;

/** Each entry with its item's name today: a monument's, a proposal's, a mail's or a photo's proposal or monument. */
const named = sql`SELECT a.id, a.at, a.actor, a.action, a.item_kind, a.item_id, a.before, a.after,
    CASE a.item_kind
      WHEN 'monument' THEN (SELECT m.name FROM monuments m WHERE m.id = a.item_id)
      WHEN 'proposal' THEN (SELECT i.name FROM proposals i WHERE i.id = ${numericId})
      WHEN 'mail' THEN (SELECT i.name FROM mayor_notifications n JOIN proposals i ON i.id = n.proposal_id WHERE n.id = ${numericId})
      WHEN 'photo' THEN (SELECT coalesce(i.name, m.name) FROM photos p JOIN monuments m ON m.id = p.monument_id
        LEFT JOIN proposals i ON i.id = p.proposal_id WHERE p.id = a.item_id)
    END AS item_name
  FROM audit_log a`;

type Filter = Omit<AuditFilter, 'limit' | 'before'>;

function conditions(filter: Filter) {
  const where = [sql`TRUE`];
  if (filter.actor !== undefined) where.push(sql`actor ILIKE ${containing(filter.actor)}`);
  if (filter.action !== undefined) where.push(sql`action = ${filter.action}`);
  if (filter.itemKind !== undefined) where.push(sql`item_kind = ${filter.itemKind}`);
  if (filter.itemId !== undefined) where.push(sql`item_id = ${filter.itemId}`);
  if (filter.item !== undefined) {
    // A number is a proposal's (or a mail's) number; other text is an id, or part of the item's name
    // today or of the name the entry recorded (a monument renamed since, a removed photo).
    const part = containing(filter.item);
    where.push(
      /^\d+$/.test(filter.item)
        ? sql`item_id = ${filter.item}`
        : sql`(lower(item_id) = lower(${filter.item}) OR item_name ILIKE ${part}
            OR before->>'name' ILIKE ${part} OR after->>'name' ILIKE ${part})`,
    );
  }
  return where;
}

async function select(database: Database, filter: Filter, limit: number, before?: number) {
  const where = conditions(filter);
  if (before !== undefined) where.push(sql`id < ${before}`);
  const rows = await database.rows<Row>(sql`
    SELECT id, at, actor, action, item_kind, item_id, item_name, before::text AS before, after::text AS after
    FROM (${named}) entry
    WHERE ${sql.join(where, sql` AND `)} ORDER BY id DESC LIMIT ${limit}`);
  return rows.map((r): AuditEntry => {
    const [was, is] = [parsed(r.before), parsed(r.after)];
    return {
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      action: r.action,
      itemKind: r.item_kind,
      itemId: r.item_id,
      itemName: r.item_name,
      before: was,
      after: is,
      changes: auditChanges(was, is),
    };
  });
}

/** Newest first, filtered; `next` is the `before` of the following page (null on the last). */
export async function listAudit(database: Database, filter: AuditFilter): Promise<AuditPage> {
  const limit = filter.limit ?? 50;
  const rows = await select(database, filter, limit + 1, filter.before);
  const entries = rows.slice(0, limit);
  return { entries, next: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

/** The most entries one CSV export holds (the newest); a narrower filter reaches older ones. */
export const AUDIT_CSV_MAX = 10_000;

/**
 * The filtered log as CSV (RFC 4180), newest first, its header and words in the staff member's
 * language: one record per changed field (an entry that changed no field has one record with the
 * field empty), so a spreadsheet filters by field; the entry's number ties its records together.
 */
export async function auditCsv(
  database: Database,
  filter: Filter,
  reader: { lang: string; lookup: Lookup; timeZone: string },
): Promise<string> {
  const { lang, lookup, timeZone } = reader;
  const entries = await select(database, filter, AUDIT_CSV_MAX);
  const text = (key: string) => lookup(`admin.audit.csv.${key}`) ?? key;
  const header = ['entry', 'when', 'actor', 'action', 'itemKind', 'itemId', 'itemName', 'field', 'before', 'after'].map(text);
  const rows = entries.flatMap((e) => {
    const head = [
      e.id,
      formatAuditTime(e.at, lang, timeZone),
      actorText(e.actor, lookup),
      actionText(e.action, lookup),
      lookup(`admin.kinds.${e.itemKind}`) ?? e.itemKind,
      e.itemId,
      e.itemName,
    ];
    const changes = e.changes.map((c) => describeChange(e.itemKind, c, lang, lookup, timeZone));
    return changes.length === 0 ? [[...head, null, null, null]] : changes.map((c) => [...head, c.field, c.before, c.after]);
  });
  return toCsv(header, rows);
}

/** What a redacted text reads as in the log, in both languages. */
export const REDACTED = '[…]';

/** `value` with every occurrence of `pattern` in its strings replaced (keys and other values as they were). */
function redacted(value: unknown, pattern: RegExp): unknown {
  if (typeof value === 'string') return value.replace(pattern, REDACTED);
  if (Array.isArray(value)) return value.map((v) => redacted(v, pattern));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redacted(v, pattern)]));
  return value;
}

/**
 * Takes `text` (any case) out of every value the log recorded for the item of entry `entryId`, in
 * one transaction with its own entry, which names how many entries changed but not the text. The
 * trigger lets this transaction rewrite recorded values and nothing else (migration 0024).
 */
export async function redactAudit(database: Database, actor: string, input: AuditRedaction): Promise<{ entries: number }> {
  return database.db.transaction(async (tx) => {
    const [entry] = await database.rows<{ item_kind: ItemKind; item_id: string }>(
      sql`SELECT item_kind, item_id FROM audit_log WHERE id = ${input.entryId}`,
      tx,
    );
    if (!entry) throw new NotFound('Unknown audit entry.');
    const rows = await database.rows<{ id: number | string; before: string | null; after: string | null }>(
      sql`SELECT id, before::text AS before, after::text AS after FROM audit_log
          WHERE item_kind = ${entry.item_kind} AND item_id = ${entry.item_id}
            AND (before::text ILIKE ${containing(input.text)} OR after::text ILIKE ${containing(input.text)})
          ORDER BY id`,
      tx,
    );
    const pattern = new RegExp(input.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
    const changed = rows
      .map((r) => ({ id: Number(r.id), before: parsed(r.before), after: parsed(r.after) }))
      .map((r) => ({ ...r, was: r, before: redacted(r.before, pattern), after: redacted(r.after, pattern) }))
      .filter((r) => JSON.stringify([r.before, r.after]) !== JSON.stringify([r.was.before, r.was.after]));
    // Found only inside JSON's escapes (a quote, a backslash) or not at all: nothing to take out.
    if (changed.length === 0) throw new InvalidInput('text', "not found in the values this item's entries recorded");
    await database.rows(sql`SELECT set_config('denkmal.audit_redaction', 'on', true)`, tx);
    for (const r of changed)
      await database.rows(
        sql`UPDATE audit_log SET before = ${json(r.before)}::jsonb, after = ${json(r.after)}::jsonb WHERE id = ${r.id}`,
        tx,
      );
    await database.rows(sql`SELECT set_config('denkmal.audit_redaction', 'off', true)`, tx);
    await audit(database, tx, {
      actor,
      action: 'audit.redact',
      itemKind: entry.item_kind,
      itemId: entry.item_id,
      before: null,
      after: { redactedEntries: changed.length },
    });
    return { entries: changed.length };
  });
}

// Read as text so both drivers hand back the same thing.
const parsed = (v: string | null): unknown => (v === null ? null : (JSON.parse(v) as unknown));
