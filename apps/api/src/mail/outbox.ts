// The mayor's outbox in SQL: claim due notifications, then mark each sent, retried or failed.
// Claims use FOR UPDATE SKIP LOCKED and a lease, so several instances never hold the same row and
// a row left "sending" by a crashed process is taken over once its lease has run out.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { publicIntervention } from '../domain/visibility.js';

/** A claimed notification with what the e-mail needs to say. */
export type Notification = {
  id: number;
  interventionId: number;
  voteCount: number;
  reachedAt: Date;
  /** The attempt this claim is; it fences later updates against a takeover after the lease. */
  attempt: number;
  intervention: { name: string; descriptionEn: string | null };
  monument: { id: string; name: string; nameEn: string | null; lat: number; lng: number };
};

type ClaimRow = {
  id: number;
  intervention_id: number;
  vote_count: number;
  reached_at: Date | string;
  attempts: number;
  intervention_name: string;
  short_description_en: string | null;
  monument_id: string;
  monument_name: string;
  monument_name_en: string | null;
  lat: number;
  lng: number;
};

const at = (t: Date) => sql`${t.toISOString()}::timestamptz`;

export async function claimDue(database: Database, now: Date, leaseMs: number, limit = 10): Promise<Notification[]> {
  const rows = await database.rows<ClaimRow>(sql`
    WITH due AS (
      SELECT id FROM mayor_notifications
      WHERE ((status = 'pending' AND next_attempt_at <= ${at(now)})
         OR (status = 'sending' AND lease_until <= ${at(now)}))
        -- only for a public proposal (moderation withholds the others: domain/withheld-mail.ts)
        AND EXISTS (SELECT 1 FROM interventions i JOIN monuments m ON m.id = i.monument_id
                    WHERE i.id = mayor_notifications.intervention_id AND ${publicIntervention('i', 'm')})
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE mayor_notifications n
      SET status = 'sending', attempts = n.attempts + 1, lease_until = ${at(new Date(now.getTime() + leaseMs))}
      FROM due WHERE n.id = due.id
      RETURNING n.id, n.intervention_id, n.vote_count, n.reached_at, n.attempts
    )
    SELECT c.*, i.name AS intervention_name, i.short_description_en,
           m.id AS monument_id, m.name AS monument_name, m.name_en AS monument_name_en, m.lat, m.lng
    FROM claimed c
    JOIN interventions i ON i.id = c.intervention_id
    JOIN monuments m ON m.id = i.monument_id
    ORDER BY c.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    interventionId: Number(r.intervention_id),
    voteCount: Number(r.vote_count),
    reachedAt: new Date(r.reached_at),
    attempt: Number(r.attempts),
    intervention: { name: r.intervention_name, descriptionEn: r.short_description_en },
    monument: { id: r.monument_id, name: r.monument_name, nameEn: r.monument_name_en, lat: Number(r.lat), lng: Number(r.lng) },
  }));
}

/** The mail was accepted: whoever sent it, the row is done (no fence, a late success still counts). */
export async function markSent(database: Database, n: Notification, now: Date): Promise<boolean> {
  const rows = await database.rows(sql`
    UPDATE mayor_notifications
    SET status = 'sent', sent_at = ${at(now)}, lease_until = NULL, last_error = NULL
    WHERE id = ${n.id} AND status <> 'sent'
    RETURNING id`);
  return rows.length > 0;
}

/** A temporary failure: try again at `nextAttemptAt`, unless another claim has taken the row over. */
export async function markRetry(database: Database, n: Notification, nextAttemptAt: Date, error: string): Promise<void> {
  await database.rows(sql`
    UPDATE mayor_notifications
    SET status = 'pending', next_attempt_at = ${at(nextAttemptAt)}, lease_until = NULL, last_error = ${error}
    WHERE id = ${n.id} AND status = 'sending' AND attempts = ${n.attempt}`);
}

/** A permanent refusal (or retries exhausted): no more attempts. */
export async function markFailed(database: Database, n: Notification, error: string): Promise<void> {
  await database.rows(sql`
    UPDATE mayor_notifications
    SET status = 'failed', lease_until = NULL, last_error = ${error}
    WHERE id = ${n.id} AND status = 'sending' AND attempts = ${n.attempt}`);
}

/** One group of the outbox for the metrics: mails of a kind in a state, and how long the oldest has waited. */
export type OutboxGroup = { kind: string; state: string; count: number; oldestAgeSeconds: number };

// The followers' mails (issue "Hear back") live in a table of their own, with a kind per mail; the
// metrics count them too once that table exists. Looked up until found, then remembered.
const followMailsPresent = new WeakMap<Database, true>();

/** The outbox grouped by kind and state, read at scrape time (small tables, one round trip or two). */
export async function outboxFigures(database: Database): Promise<OutboxGroup[]> {
  if (!followMailsPresent.has(database)) {
    const [row] = await database.rows<{ present: boolean }>(sql`SELECT to_regclass('follow_mails') IS NOT NULL AS present`);
    if (row?.present) followMailsPresent.set(database, true);
  }
  const followers = followMailsPresent.has(database)
    ? sql`UNION ALL SELECT kind, status, count(*)::int, extract(epoch FROM now() - min(created_at))::float8
          FROM follow_mails GROUP BY kind, status`
    : sql``;
  const rows = await database.rows<{ kind: string; state: string; n: number | string; age: number | string | null }>(
    sql`SELECT 'mayor' AS kind, status AS state, count(*)::int AS n, extract(epoch FROM now() - min(reached_at))::float8 AS age
        FROM mayor_notifications GROUP BY status ${followers}`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    state: r.state,
    count: Number(r.n),
    oldestAgeSeconds: Math.max(0, Number(r.age ?? 0)),
  }));
}
