// The audit log: one entry per staff action or automatic hiding, written in the action's own
// transaction. The table is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE).
import { sql } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditFilter, AuditPage, ItemKind } from '@linz/contract';
import type { Database, Db } from '../db/client.js';

export const SYSTEM_ACTOR = 'system';

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
  before: string | null;
  after: string | null;
};

/** Newest first, filtered; `next` is the `before` of the following page (null on the last). */
export async function listAudit(database: Database, filter: AuditFilter): Promise<AuditPage> {
  const limit = filter.limit ?? 50;
  const where = [sql`TRUE`];
  if (filter.actor !== undefined) where.push(sql`actor = ${filter.actor}`);
  if (filter.action !== undefined) where.push(sql`action = ${filter.action}`);
  if (filter.itemKind !== undefined) where.push(sql`item_kind = ${filter.itemKind}`);
  if (filter.itemId !== undefined) where.push(sql`item_id = ${filter.itemId}`);
  if (filter.before !== undefined) where.push(sql`id < ${filter.before}`);
  const rows = await database.rows<Row>(sql`
    SELECT id, at, actor, action, item_kind, item_id, before::text AS before, after::text AS after FROM audit_log
    WHERE ${sql.join(where, sql` AND `)} ORDER BY id DESC LIMIT ${limit + 1}`);
  const entries = rows.slice(0, limit).map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    actor: r.actor,
    action: r.action,
    itemKind: r.item_kind,
    itemId: r.item_id,
    before: parsed(r.before),
    after: parsed(r.after),
  }));
  return { entries, next: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

// Read as text so both drivers hand back the same thing.
const parsed = (v: string | null): unknown => (v === null ? null : (JSON.parse(v) as unknown));
