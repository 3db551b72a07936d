// The outbox's other boxes (mail/outbox.ts has the mayor's and the marks every box shares):
// followers' mails, vote confirmations, staff alerts and accessibility feedback, each claimed by
// the shared outbox columns with FOR UPDATE SKIP LOCKED and a lease.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { MailLang, VoteAlert } from '@linz/contract';
import { at, TABLES } from './outbox.js';
import { withContexts, type MailContext } from './mail-context.js';

/** A claimed follower mail with what it needs to say. */
export type FollowerMail = {
  box: 'follower';
  id: number;
  attempt: number;
  kind: 'confirm' | 'threshold' | 'status' | 'merged' | 'removed';
  payload: Record<string, unknown>;
  queuedAt: Date;
  follow: { id: number; email: string; lang: MailLang; tokenSeed: string };
  proposal: MailContext['proposal'];
  monument: MailContext['monument'];
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
  proposal_id: number;
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
    SELECT c.*, f.email, f.lang, f.token_seed, f.proposal_id
    FROM claimed c
    JOIN follows f ON f.id = c.follow_id
    ORDER BY c.id`);
  return withContexts(database, rows, (r, context) => ({
    box: 'follower' as const,
    id: Number(r.id),
    attempt: Number(r.attempts),
    kind: r.kind,
    payload: JSON.parse(r.payload) as Record<string, unknown>,
    queuedAt: new Date(r.created_at),
    follow: { id: Number(r.follow_id), email: r.email, lang: r.lang, tokenSeed: r.token_seed },
    ...context,
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
  proposal: MailContext['proposal'];
  monument: MailContext['monument'];
};

/** A claimed alert for staff. */
export type AlertMail = {
  box: 'alert';
  id: number;
  attempt: number;
  queuedAt: Date;
  kind: VoteAlert['kind'];
  votes: number;
  proposal: { id: number; name: string };
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
    proposal_id: number;
  }>(
    claimRows(
      'voter',
      now,
      leaseMs,
      limit,
      sql`SELECT c.id, c.attempts, c.created_at, c.email, c.lang, c.token_seed, c.proposal_id FROM claimed c ORDER BY c.id`,
    ),
  );
  return withContexts(database, rows, (r, context) =>
    r.email === null
      ? null
      : {
          box: 'voter' as const,
          id: Number(r.id),
          attempt: Number(r.attempts),
          queuedAt: new Date(r.created_at),
          email: r.email ?? '',
          lang: r.lang,
          tokenSeed: r.token_seed,
          ...context,
        },
  );
}

export async function claimDueAlertMails(database: Database, now: Date, leaseMs: number, limit: number): Promise<AlertMail[]> {
  const rows = await database.rows<{
    id: number;
    attempts: number;
    opened_at: Date | string;
    kind: AlertMail['kind'];
    votes: number;
    proposal_id: number;
    proposal_name: string;
  }>(
    claimRows(
      'alert',
      now,
      leaseMs,
      limit,
      sql`SELECT c.id, c.attempts, c.opened_at, c.kind, c.votes, i.id AS proposal_id, i.name AS proposal_name
          FROM claimed c JOIN proposals i ON i.id = c.proposal_id ORDER BY c.id`,
    ),
  );
  return rows.map((r) => ({
    box: 'alert' as const,
    id: Number(r.id),
    attempt: Number(r.attempts),
    queuedAt: new Date(r.opened_at),
    kind: r.kind,
    votes: Number(r.votes),
    proposal: { id: Number(r.proposal_id), name: r.proposal_name },
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
