// The outbox in SQL: claim due mails, then mark each sent, retried or failed. Two kinds share it:
// the mayor's notifications (mayor_notifications) and followers' mails (follow_mails);
// both have the same columns for the claim, so one set of marks serves both.
// Claims use FOR UPDATE SKIP LOCKED and a lease, so several instances never hold the same row and
// a row left "sending" by a crashed process is taken over once its lease has run out.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { proposalIsPublic } from '../domain/moderation/visibility.js';
import { withContexts, type MailContext } from './mail-context.js';

/** Which table a claimed mail is a row of. */
export type Box = 'mayor' | 'follower' | 'voter' | 'alert' | 'feedback' | 'placed';
export const TABLES: Record<Box, SQL> = {
  mayor: sql.raw('mayor_notifications'),
  follower: sql.raw('follow_mails'),
  voter: sql.raw('vote_confirmations'),
  alert: sql.raw('vote_alerts'),
  // Accessibility feedback: the stored message is its own outbox entry.
  feedback: sql.raw('accessibility_feedback'),
  // "Wo ist das?": a suggester who left an address hears once that staff placed the item.
  placed: sql.raw('place_suggestions'),
};

/** What every claimed mail has: its row, and the attempt that fences updates. */
export type Claimed = { box: Box; id: number; attempt: number };

/** A claimed notification with what the e-mail needs to say. */
export type Notification = {
  box: 'mayor';
  id: number;
  proposalId: number;
  voteCount: number;
  reachedAt: Date;
  /** The attempt this claim is; it fences later updates against a takeover after the lease. */
  attempt: number;
  /** The proposal and its monument as the tables hold them (mail-context.ts). */
  proposal: MailContext['proposal'];
  monument: MailContext['monument'];
  /** Confirmed e-mail followers of the proposal (the mayor's mail says how many). */
  followers: number;
  /** threshold: the proposal reached it; correction: staff invalidated votes of a sent one below it. */
  kind: 'threshold' | 'correction';
  /** Where the counted votes came from, as the mail states it. */
  votes: {
    counted: number;
    confirmed: number;
    networks: number;
    largestNetwork: number;
    /** Wider networks (IPv4 /24, IPv6 /48) and the most votes from one; mail domains of the confirmed votes. */
    areas: number;
    largestArea: number;
    domains: number;
  };
};

type ClaimRow = {
  id: number;
  proposal_id: number;
  vote_count: number;
  reached_at: Date | string;
  attempts: number;
  followers: number | string;
  kind: 'threshold' | 'correction';
  counted: number | string;
  confirmed: number | string;
  networks: number | string;
  largest: number | string | null;
  areas: number | string;
  largest_area: number | string | null;
  domains: number | string;
};

/** A time as SQL. */
export const at = (t: Date) => sql`${t.toISOString()}::timestamptz`;

export async function claimDue(database: Database, now: Date, leaseMs: number, limit = 10): Promise<Notification[]> {
  const rows = await database.rows<ClaimRow>(sql`
    WITH due AS (
      SELECT id FROM mayor_notifications
      WHERE ((status = 'pending' AND next_attempt_at <= ${at(now)})
         OR (status = 'sending' AND lease_until <= ${at(now)}))
        -- only for a public proposal (moderation withholds the others: domain/votes/withheld-mail.ts)
        AND EXISTS (SELECT 1 FROM proposals i JOIN monuments m ON m.id = i.monument_id
                    WHERE i.id = mayor_notifications.proposal_id AND ${proposalIsPublic('i', 'm')})
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE mayor_notifications n
      SET status = 'sending', attempts = n.attempts + 1, lease_until = ${at(new Date(now.getTime() + leaseMs))}
      FROM due WHERE n.id = due.id
      RETURNING n.id, n.proposal_id, n.vote_count, n.reached_at, n.attempts, n.kind
    )
    SELECT c.*,
           (SELECT count(*) FROM follows f WHERE f.proposal_id = i.id AND f.status = 'confirmed') AS followers,
           i.votes AS counted, i.confirmed_votes AS confirmed, counted_networks(i.id) AS networks,
           (SELECT max(n) FROM (SELECT count(*) AS n FROM votes v WHERE v.proposal_id = i.id AND v.status = 'counted'
              AND v.net_hash <> 'expired' GROUP BY v.net_hash) x) AS largest,
           counted_areas(i.id) AS areas, counted_domains(i.id) AS domains,
           (SELECT max(n) FROM (SELECT count(*) AS n FROM votes v WHERE v.proposal_id = i.id AND v.status = 'counted'
              AND v.area_hash <> 'expired' GROUP BY v.area_hash) x) AS largest_area
    FROM claimed c
    JOIN proposals i ON i.id = c.proposal_id
    ORDER BY c.id`);
  return withContexts(database, rows, (r, context) => ({ ...toNotification(r), ...context }));
}

function toNotification(r: ClaimRow): Omit<Notification, 'proposal' | 'monument'> {
  return {
    box: 'mayor' as const,
    id: Number(r.id),
    proposalId: Number(r.proposal_id),
    voteCount: Number(r.vote_count),
    reachedAt: new Date(r.reached_at),
    attempt: Number(r.attempts),
    followers: Number(r.followers),
    kind: r.kind,
    votes: {
      counted: Number(r.counted),
      confirmed: Number(r.confirmed),
      networks: Number(r.networks),
      largestNetwork: Number(r.largest ?? (Number(r.counted) > 0 ? 1 : 0)),
      areas: Number(r.areas),
      largestArea: Number(r.largest_area ?? (Number(r.counted) > 0 ? 1 : 0)),
      domains: Number(r.domains),
    },
  };
}

/**
 * The mail was accepted: whoever sent it, the row is done (no fence, a late success still counts).
 * The mayor's mail going out is an event for the proposal's followers: their mails are queued in
 * the same statement, so they exist exactly when the row is sent.
 */
export async function markSent(database: Database, n: Claimed, now: Date): Promise<boolean> {
  const table = TABLES[n.box];
  const rows =
    n.box === 'mayor'
      ? await database.rows(sql`
    WITH sent AS (
      UPDATE mayor_notifications
      SET status = 'sent', sent_at = ${at(now)}, lease_until = NULL, last_error = NULL
      WHERE id = ${n.id} AND status <> 'sent'
      RETURNING id, proposal_id
    ), queued AS (
      INSERT INTO follow_mails (follow_id, kind, event_key)
      SELECT f.id, 'threshold', 'threshold' FROM follows f JOIN sent ON f.proposal_id = sent.proposal_id
      WHERE f.status = 'confirmed'
      ON CONFLICT DO NOTHING
    )
    SELECT id FROM sent`)
      : await database.rows(sql`
    UPDATE ${table}
    SET status = 'sent', sent_at = ${at(now)}, lease_until = NULL, last_error = NULL${n.box === 'placed' ? sql`, email = NULL` : sql``}
    WHERE id = ${n.id} AND status <> 'sent'
    RETURNING id`);
  return rows.length > 0;
}

/** A temporary failure: try again at `nextAttemptAt`, unless another claim has taken the row over. */
export async function markRetry(database: Database, n: Claimed, nextAttemptAt: Date, error: string): Promise<void> {
  await database.rows(sql`
    UPDATE ${TABLES[n.box]}
    SET status = 'pending', next_attempt_at = ${at(nextAttemptAt)}, lease_until = NULL, last_error = ${error}
    WHERE id = ${n.id} AND status = 'sending' AND attempts = ${n.attempt}`);
}

/** A permanent refusal (or retries exhausted): no more attempts. */
export async function markFailed(database: Database, n: Claimed, error: string): Promise<void> {
  await database.rows(sql`
    UPDATE ${TABLES[n.box]}
    SET status = 'failed', lease_until = NULL, last_error = ${error}
    WHERE id = ${n.id} AND status = 'sending' AND attempts = ${n.attempt}`);
}

/** One group of the outbox for the metrics: mails of a kind in a state, and how long the oldest has waited. */
export type OutboxGroup = { kind: string; state: string; count: number; oldestAgeSeconds: number };

/** The outbox grouped by kind and state, read at scrape time (small tables, one round trip). */
export async function outboxFigures(database: Database): Promise<OutboxGroup[]> {
  const rows = await database.rows<{ kind: string; state: string; n: number | string; age: number | string | null }>(
    sql`SELECT 'mayor' AS kind, status AS state, count(*)::int AS n, extract(epoch FROM now() - min(reached_at))::float8 AS age
        FROM mayor_notifications GROUP BY status
        UNION ALL SELECT kind, status, count(*)::int, extract(epoch FROM now() - min(created_at))::float8
        FROM follow_mails GROUP BY kind, status
        UNION ALL SELECT 'vote_confirm', status, count(*)::int, extract(epoch FROM now() - min(created_at))::float8
        FROM vote_confirmations GROUP BY status
        UNION ALL SELECT 'vote_alert', status, count(*)::int, extract(epoch FROM now() - min(opened_at))::float8
        FROM vote_alerts WHERE status <> 'none' GROUP BY status`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    state: r.state,
    count: Number(r.n),
    oldestAgeSeconds: Math.max(0, Number(r.age ?? 0)),
  }));
}
