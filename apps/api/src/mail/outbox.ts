// The outbox in SQL: claim due mails, then mark each sent, retried or failed. Two kinds share it:
// the mayor's notifications (mayor_notifications) and followers' mails (follow_mails);
// both have the same columns for the claim, so one set of marks serves both.
// Claims use FOR UPDATE SKIP LOCKED and a lease, so several instances never hold the same row and
// a row left "sending" by a crashed process is taken over once its lease has run out.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { MailLang, Sex } from '@linz/contract';
import { publicIntervention } from '../domain/moderation/visibility.js';

/** Which table a claimed mail is a row of. */
export type Box = 'mayor' | 'follower' | 'voter' | 'alert' | 'feedback' | 'placed';
const TABLES: Record<Box, SQL> = {
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
  interventionId: number;
  voteCount: number;
  reachedAt: Date;
  /** The attempt this claim is; it fences later updates against a takeover after the lease. */
  attempt: number;
  intervention: { name: string; descriptionEn: string | null };
  monument: {
    id: string;
    name: string;
    nameEn: string | null;
    lat: number;
    lng: number;
    /** Its short descriptions ('' when none was written yet) and whom it commemorates (a SEXES value). */
    description: { de: string; en: string };
    sex: Sex;
  };
  /** Confirmed e-mail followers of the proposal (the mayor's mail says how many). */
  followers: number;
  /** threshold: the proposal reached it; correction: staff invalidated votes of a sent one below it. */
  kind: 'threshold' | 'correction';
  /** Where the counted votes came from, as the mail states it. */
  votes: { counted: number; confirmed: number; networks: number; largestNetwork: number };
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
  monument_description: string;
  monument_description_en: string;
  sex: Sex;
  followers: number | string;
  kind: 'threshold' | 'correction';
  counted: number | string;
  confirmed: number | string;
  networks: number | string;
  largest: number | string | null;
};

const at = (t: Date) => sql`${t.toISOString()}::timestamptz`;

export async function claimDue(database: Database, now: Date, leaseMs: number, limit = 10): Promise<Notification[]> {
  const rows = await database.rows<ClaimRow>(sql`
    WITH due AS (
      SELECT id FROM mayor_notifications
      WHERE ((status = 'pending' AND next_attempt_at <= ${at(now)})
         OR (status = 'sending' AND lease_until <= ${at(now)}))
        -- only for a public proposal (moderation withholds the others: domain/votes/withheld-mail.ts)
        AND EXISTS (SELECT 1 FROM interventions i JOIN monuments m ON m.id = i.monument_id
                    WHERE i.id = mayor_notifications.intervention_id AND ${publicIntervention('i', 'm')})
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE mayor_notifications n
      SET status = 'sending', attempts = n.attempts + 1, lease_until = ${at(new Date(now.getTime() + leaseMs))}
      FROM due WHERE n.id = due.id
      RETURNING n.id, n.intervention_id, n.vote_count, n.reached_at, n.attempts, n.kind
    )
    SELECT c.*, i.name AS intervention_name, i.short_description_en,
           m.id AS monument_id, m.name AS monument_name, m.name_en AS monument_name_en, m.lat, m.lng,
           m.short_description AS monument_description, m.short_description_en AS monument_description_en, m.sex,
           (SELECT count(*) FROM follows f WHERE f.intervention_id = i.id AND f.status = 'confirmed') AS followers,
           i.votes AS counted, i.confirmed_votes AS confirmed, counted_networks(i.id) AS networks,
           (SELECT max(n) FROM (SELECT count(*) AS n FROM votes v WHERE v.intervention_id = i.id AND v.status = 'counted'
              AND v.net_hash <> 'expired' GROUP BY v.net_hash) x) AS largest
    FROM claimed c
    JOIN interventions i ON i.id = c.intervention_id
    JOIN monuments m ON m.id = i.monument_id
    ORDER BY c.id`);
  return rows.map((r) => ({
    box: 'mayor' as const,
    id: Number(r.id),
    interventionId: Number(r.intervention_id),
    voteCount: Number(r.vote_count),
    reachedAt: new Date(r.reached_at),
    attempt: Number(r.attempts),
    intervention: { name: r.intervention_name, descriptionEn: r.short_description_en },
    monument: {
      id: r.monument_id,
      name: r.monument_name,
      nameEn: r.monument_name_en,
      lat: Number(r.lat),
      lng: Number(r.lng),
      description: { de: r.monument_description, en: r.monument_description_en },
      sex: r.sex,
    },
    followers: Number(r.followers),
    kind: r.kind,
    votes: {
      counted: Number(r.counted),
      confirmed: Number(r.confirmed),
      networks: Number(r.networks),
      largestNetwork: Number(r.largest ?? (Number(r.counted) > 0 ? 1 : 0)),
    },
  }));
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
      RETURNING id, intervention_id
    ), queued AS (
      INSERT INTO follow_mails (follow_id, kind, event_key)
      SELECT f.id, 'threshold', 'threshold' FROM follows f JOIN sent ON f.intervention_id = sent.intervention_id
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

/** A claimed follower mail with what it needs to say. */
export type FollowerMail = {
  box: 'follower';
  id: number;
  attempt: number;
  kind: 'confirm' | 'threshold' | 'status' | 'merged' | 'removed';
  payload: Record<string, unknown>;
  queuedAt: Date;
  follow: { id: number; email: string; lang: MailLang; tokenSeed: string };
  intervention: { id: number; name: string; votes: number };
  monument: { id: string; name: string; nameEn: string | null };
};

type FollowerRow = {
  id: number;
  attempts: number;
  kind: FollowerMail['kind'];
  payload: string;
  created_at: Date | string;
  follow_id: number;
  email: string;
  lang: MailLang;
  token_seed: string;
  intervention_id: number;
  intervention_name: string;
  votes: number;
  monument_id: string;
  monument_name: string;
  monument_name_en: string | null;
};

/** Claims up to `limit` due follower mails (any proposal state: a "removed" mail is about a hidden one). */
export async function claimDueFollowerMails(
  database: Database,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<FollowerMail[]> {
  if (limit <= 0) return [];
  const rows = await database.rows<FollowerRow>(sql`
    WITH due AS (
      SELECT id FROM follow_mails
      WHERE (status = 'pending' AND next_attempt_at <= ${at(now)})
         OR (status = 'sending' AND lease_until <= ${at(now)})
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE follow_mails x
      SET status = 'sending', attempts = x.attempts + 1, lease_until = ${at(new Date(now.getTime() + leaseMs))}
      FROM due WHERE x.id = due.id
      RETURNING x.id, x.attempts, x.kind, x.payload::text AS payload, x.created_at, x.follow_id
    )
    SELECT c.*, f.email, f.lang, f.token_seed, i.id AS intervention_id, i.name AS intervention_name, i.votes,
           m.id AS monument_id, m.name AS monument_name, m.name_en AS monument_name_en
    FROM claimed c
    JOIN follows f ON f.id = c.follow_id
    JOIN interventions i ON i.id = f.intervention_id
    JOIN monuments m ON m.id = i.monument_id
    ORDER BY c.id`);
  return rows.map((r) => ({
    box: 'follower' as const,
    id: Number(r.id),
    attempt: Number(r.attempts),
    kind: r.kind,
    payload: JSON.parse(r.payload) as Record<string, unknown>,
    queuedAt: new Date(r.created_at),
    follow: { id: Number(r.follow_id), email: r.email, lang: r.lang, tokenSeed: r.token_seed },
    intervention: { id: Number(r.intervention_id), name: r.intervention_name, votes: Number(r.votes) },
    monument: { id: r.monument_id, name: r.monument_name, nameEn: r.monument_name_en },
  }));
}

/** A claimed vote confirmation mail. */
export type VoterMail = {
  box: 'voter';
  id: number;
  attempt: number;
  queuedAt: Date;
  email: string;
  lang: MailLang;
  tokenSeed: string;
  intervention: { id: number; name: string };
  monument: { id: string; name: string; nameEn: string | null };
};

/** A claimed alert for staff. */
export type AlertMail = {
  box: 'alert';
  id: number;
  attempt: number;
  queuedAt: Date;
  kind: 'burst' | 'regular' | 'few_networks';
  votes: number;
  intervention: { id: number; name: string };
};

/** Claims due rows of a table whose rows are mails of their own, by the shared outbox columns. */
export function claimRows(
  box: 'voter' | 'alert' | 'feedback' | 'placed',
  now: Date,
  leaseMs: number,
  limit: number,
  select: SQL,
) {
  const table = TABLES[box];
  // A confirmation whose vote was confirmed by another of its links is not mailed any more.
  const wanted = box === 'voter' ? sql`used_at IS NULL AND ` : box === 'placed' ? sql`email IS NOT NULL AND ` : sql``;
  return sql`
    WITH due AS (
      SELECT id FROM ${table}
      WHERE ${wanted}((status = 'pending' AND next_attempt_at <= ${at(now)})
         OR (status = 'sending' AND lease_until <= ${at(now)}))
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE ${table} x
      SET status = 'sending', attempts = x.attempts + 1, lease_until = ${at(new Date(now.getTime() + leaseMs))}
      FROM due WHERE x.id = due.id
      RETURNING x.*
    )
    ${select}`;
}

export async function claimDueVoterMails(database: Database, now: Date, leaseMs: number, limit: number): Promise<VoterMail[]> {
  if (limit <= 0) return [];
  const rows = await database.rows<{
    id: number;
    attempts: number;
    created_at: Date | string;
    email: string | null;
    lang: MailLang;
    token_seed: string;
    intervention_id: number;
    intervention_name: string;
    monument_id: string;
    monument_name: string;
    monument_name_en: string | null;
  }>(
    claimRows(
      'voter',
      now,
      leaseMs,
      limit,
      sql`SELECT c.id, c.attempts, c.created_at, c.email, c.lang, c.token_seed, i.id AS intervention_id, i.name AS intervention_name,
            m.id AS monument_id, m.name AS monument_name, m.name_en AS monument_name_en
          FROM claimed c JOIN interventions i ON i.id = c.intervention_id JOIN monuments m ON m.id = i.monument_id ORDER BY c.id`,
    ),
  );
  return rows
    .filter((r) => r.email !== null)
    .map((r) => ({
      box: 'voter' as const,
      id: Number(r.id),
      attempt: Number(r.attempts),
      queuedAt: new Date(r.created_at),
      email: r.email ?? '',
      lang: r.lang,
      tokenSeed: r.token_seed,
      intervention: { id: Number(r.intervention_id), name: r.intervention_name },
      monument: { id: r.monument_id, name: r.monument_name, nameEn: r.monument_name_en },
    }));
}

export async function claimDueAlertMails(database: Database, now: Date, leaseMs: number, limit: number): Promise<AlertMail[]> {
  const rows = await database.rows<{
    id: number;
    attempts: number;
    opened_at: Date | string;
    kind: AlertMail['kind'];
    votes: number;
    intervention_id: number;
    intervention_name: string;
  }>(
    claimRows(
      'alert',
      now,
      leaseMs,
      limit,
      sql`SELECT c.id, c.attempts, c.opened_at, c.kind, c.votes, i.id AS intervention_id, i.name AS intervention_name
          FROM claimed c JOIN interventions i ON i.id = c.intervention_id ORDER BY c.id`,
    ),
  );
  return rows.map((r) => ({
    box: 'alert' as const,
    id: Number(r.id),
    attempt: Number(r.attempts),
    queuedAt: new Date(r.opened_at),
    kind: r.kind,
    votes: Number(r.votes),
    intervention: { id: Number(r.intervention_id), name: r.intervention_name },
  }));
}

/** A claimed accessibility feedback message, mailed to the profile's feedback address. */
export type FeedbackMail = {
  box: 'feedback';
  id: number;
  attempt: number;
  message: string;
  email: string | null;
  page: string | null;
  receivedAt: Date;
};

export async function claimDueFeedback(database: Database, now: Date, leaseMs: number, limit = 5): Promise<FeedbackMail[]> {
  const rows = await database.rows<{
    id: number;
    attempts: number;
    message: string;
    email: string | null;
    page: string | null;
    created_at: Date | string;
  }>(
    claimRows(
      'feedback',
      now,
      leaseMs,
      limit,
      sql`SELECT c.id, c.attempts, c.message, c.email, c.page, c.created_at FROM claimed c ORDER BY c.id`,
    ),
  );
  return rows.map((r) => ({
    box: 'feedback' as const,
    id: Number(r.id),
    attempt: Number(r.attempts),
    message: r.message,
    email: r.email,
    page: r.page,
    receivedAt: new Date(r.created_at),
  }));
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
