// The mayor's outbox as staff see it, and the retry of a failed notification.
import { sql } from 'drizzle-orm';
import type { OutboxEntry } from '@linz/contract';
import type { Database, Db } from '../db/client.js';
import { audit } from './staff/audit.js';
import { Conflict, NotFound } from './errors.js';
import { syncWithheldMail } from './votes/withheld-mail.js';

type Row = {
  id: number;
  proposal_id: number;
  proposal_name: string;
  status: OutboxEntry['status'];
  kind: OutboxEntry['kind'];
  vote_count: number;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string;
  sent_at: Date | string | null;
  reached_at: Date | string;
};

const iso = (t: Date | string) => new Date(t).toISOString();
const toEntry = (r: Row): OutboxEntry => ({
  id: Number(r.id),
  proposalId: Number(r.proposal_id),
  proposalName: r.proposal_name,
  status: r.status,
  kind: r.kind,
  voteCount: Number(r.vote_count),
  attempts: Number(r.attempts),
  lastError: r.last_error,
  nextAttemptAt: iso(r.next_attempt_at),
  sentAt: r.sent_at === null ? null : iso(r.sent_at),
  reachedAt: iso(r.reached_at),
});

const select = sql`SELECT n.id, n.proposal_id, i.name AS proposal_name, n.status, n.kind, n.vote_count, n.attempts, n.last_error,
    n.next_attempt_at, n.sent_at, n.reached_at
  FROM mayor_notifications n JOIN proposals i ON i.id = n.proposal_id`;

export async function listOutbox(database: Database): Promise<OutboxEntry[]> {
  return (await database.rows<Row>(sql`${select} ORDER BY n.id DESC`)).map(toEntry);
}

/** One proposal's mayor's e-mails (threshold, correction), oldest first. */
export async function listOutboxOf(database: Database, proposalId: number): Promise<OutboxEntry[]> {
  return (await database.rows<Row>(sql`${select} WHERE n.proposal_id = ${proposalId} ORDER BY n.id`)).map(toEntry);
}

const load = async (database: Database, tx: Db, id: number, lock: boolean) =>
  (await database.rows<Row>(sql`${select} WHERE n.id = ${id} ${lock ? sql`FOR UPDATE OF n` : sql``}`, tx))[0];

export async function loadOutboxEntry(database: Database, tx: Db, id: number, lock: boolean): Promise<OutboxEntry | undefined> {
  const row = await load(database, tx, id, lock);
  return row && toEntry(row);
}

/** A failed notification becomes pending and due now (withheld instead if its proposal is not public). */
export async function retryMail(database: Database, actor: string, id: number): Promise<OutboxEntry> {
  return database.db.transaction(async (tx) => {
    const before = await load(database, tx, id, true);
    if (!before) throw new NotFound('Unknown notification.');
    if (before.status !== 'failed') throw new Conflict('Only a failed notification can be retried.');
    await database.rows(
      sql`UPDATE mayor_notifications SET status = 'pending', next_attempt_at = now(), lease_until = NULL WHERE id = ${id}`,
      tx,
    );
    await syncWithheldMail(database, tx);
    const row = await load(database, tx, id, false);
    if (!row) throw new NotFound('Unknown notification.');
    const after = toEntry(row);
    await audit(database, tx, { actor, action: 'mail.retry', itemKind: 'mail', itemId: id, before: toEntry(before), after });
    return after;
  });
}
