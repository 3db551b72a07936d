// The canned reasons staff pick when they hide an item: shipped by migration 0016,
// edited by staff from then on, each change in the audit log. A hiding keeps the reason's text as
// it was (a later edit of the list does not rewrite what an author was told).
import { sql } from 'drizzle-orm';
import type { HideReason, ModerationReason, ModerationReasonText } from '@linz/contract';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../staff/audit.js';
import { Invalid, NotFound } from '../errors.js';

/** A canned reason that does not exist (any more) was chosen. */
export class UnknownReason extends Invalid {
  override readonly code = 'UNKNOWN_REASON';
  constructor() {
    super('This reason is not in the list (any more): choose another or write one.');
  }
}

type Row = { id: number | string; de: string; en: string };
const toReason = (r: Row): ModerationReason => ({ id: Number(r.id), de: r.de, en: r.en });

export async function listReasons(database: Database): Promise<ModerationReason[]> {
  return (await database.rows<Row>(sql`SELECT id, de, en FROM moderation_reasons ORDER BY id`)).map(toReason);
}

export async function addReason(database: Database, actor: string, text: ModerationReasonText): Promise<ModerationReason> {
  return database.db.transaction(async (tx) => {
    const [row] = await database.rows<Row>(
      sql`INSERT INTO moderation_reasons (de, en) VALUES (${text.de}, ${text.en}) RETURNING id, de, en`,
      tx,
    );
    if (!row) throw new NotFound('Unknown reason.');
    const added = toReason(row);
    await audit(database, tx, { actor, action: 'reason.add', itemKind: 'reason', itemId: added.id, before: null, after: text });
    return added;
  });
}

export async function updateReason(database: Database, actor: string, id: number, text: ModerationReasonText) {
  return database.db.transaction(async (tx) => {
    const [before] = await database.rows<Row>(sql`SELECT id, de, en FROM moderation_reasons WHERE id = ${id} FOR UPDATE`, tx);
    if (!before) throw new NotFound('Unknown reason.');
    await database.rows(sql`UPDATE moderation_reasons SET de = ${text.de}, en = ${text.en} WHERE id = ${id}`, tx);
    await audit(database, tx, {
      actor,
      action: 'reason.update',
      itemKind: 'reason',
      itemId: id,
      before: { de: before.de, en: before.en },
      after: text,
    });
    return { id, ...text };
  });
}

export async function removeReason(database: Database, actor: string, id: number): Promise<ModerationReason> {
  return database.db.transaction(async (tx) => {
    const [row] = await database.rows<Row>(sql`DELETE FROM moderation_reasons WHERE id = ${id} RETURNING id, de, en`, tx);
    if (!row) throw new NotFound('Unknown reason.');
    await audit(database, tx, {
      actor,
      action: 'reason.remove',
      itemKind: 'reason',
      itemId: id,
      before: { de: row.de, en: row.en },
      after: null,
    });
    return toReason(row);
  });
}

/** The texts a hiding keeps: the canned reason's two languages, or the staff member's own words in both. */
export async function reasonText(database: Database, tx: Db, reason: HideReason): Promise<ModerationReasonText> {
  if ('text' in reason) return { de: reason.text, en: reason.text };
  const [row] = await database.rows<Row>(sql`SELECT id, de, en FROM moderation_reasons WHERE id = ${reason.reasonId}`, tx);
  if (!row) throw new UnknownReason();
  return { de: row.de, en: row.en };
}
