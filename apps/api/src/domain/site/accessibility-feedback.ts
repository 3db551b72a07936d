// Barriers reported through the accessibility statement's form: stored, listed for
// staff and mailed to the profile's feedback address through the outbox. The sender's address is
// optional and kept only as long as an answer and a complaint about it can take.
import { sql } from 'drizzle-orm';
import type { AccessibilityFeedbackEntry, NewAccessibilityFeedback } from '@linz/contract';
import type { Database, Db } from '../../db/client.js';

/** A message is kept this long: the statement is reviewed once a year with what was reported. */
export const FEEDBACK_KEEP_DAYS = 365;
/**
 * The sender's e-mail address is blanked after this many days: time for an answer, and for the two
 * months after which the sender may turn to the complaint office, with the office's questions.
 */
export const FEEDBACK_EMAIL_DAYS = 90;
/** Messages staff see in /admin, newest first. */
const LIST_LIMIT = 200;

/** Mails to the feedback address per household (domain/limits.ts) in an hour, and from everyone: beyond, a message is only listed in /admin. */
export const FEEDBACK_MAILS_PER_HOUSEHOLD_HOUR = 3;
export const FEEDBACK_MAILS_PER_HOUR = 20;

/**
 * Stores a message in `tx` (the caller's transaction, which applies the create limits). Its mail is
 * queued with it while the household has had fewer than FEEDBACK_MAILS_PER_HOUSEHOLD_HOUR mailed and
 * everyone fewer than FEEDBACK_MAILS_PER_HOUR in the last hour; beyond, it is kept as 'listed' (staff
 * see it in /admin) so that a script cannot flood the team's inbox. True when a mail was queued.
 */
export async function storeFeedback(
  database: Database,
  tx: Db,
  body: NewAccessibilityFeedback,
  who: { ipHash: string; householdHash: string },
): Promise<boolean> {
  const mark = `feedback-mail:${who.householdHash}`;
  await database.rows(sql`SELECT pg_advisory_xact_lock(hashtext('feedback-mail'))`, tx);
  const [n] = await database.rows<{ household: number | string; all: number | string }>(
    sql`SELECT (SELECT count(*) FROM write_marks WHERE key = ${mark} AND at > now() - interval '1 hour') AS household,
               (SELECT count(*) FROM accessibility_feedback WHERE status <> 'listed' AND created_at > now() - interval '1 hour') AS all`,
    tx,
  );
  const mail = Number(n?.household ?? 0) < FEEDBACK_MAILS_PER_HOUSEHOLD_HOUR && Number(n?.all ?? 0) < FEEDBACK_MAILS_PER_HOUR;
  await database.rows(
    sql`INSERT INTO accessibility_feedback (message, email, page, creator_ip_hash, status)
        VALUES (${body.message}, ${body.email ?? null}, ${body.page ?? null}, ${who.ipHash}, ${mail ? 'pending' : 'listed'})`,
    tx,
  );
  if (mail) await database.rows(sql`INSERT INTO write_marks (key) VALUES (${mark})`, tx);
  return mail;
}

type Row = {
  id: number;
  message: string;
  email: string | null;
  page: string | null;
  created_at: Date | string;
  status: AccessibilityFeedbackEntry['mailStatus'];
};

export async function listFeedback(database: Database): Promise<AccessibilityFeedbackEntry[]> {
  const rows = await database.rows<Row>(
    sql`SELECT id, message, email, page, created_at, status FROM accessibility_feedback ORDER BY id DESC LIMIT ${LIST_LIMIT}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    message: r.message,
    email: r.email,
    page: r.page,
    receivedAt: new Date(r.created_at).toISOString(),
    mailStatus: r.status,
  }));
}

/** The retention step: addresses blanked after FEEDBACK_EMAIL_DAYS, messages deleted after FEEDBACK_KEEP_DAYS. */
export async function purgeFeedback(database: Database, now: Date): Promise<{ emails: number; messages: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const emails = await database.rows(
    sql`UPDATE accessibility_feedback SET email = NULL
        WHERE email IS NOT NULL AND created_at < ${at} - make_interval(days => ${FEEDBACK_EMAIL_DAYS})
          AND status NOT IN ('pending', 'sending') RETURNING id`,
  );
  const messages = await database.rows(
    sql`DELETE FROM accessibility_feedback WHERE created_at < ${at} - make_interval(days => ${FEEDBACK_KEEP_DAYS}) RETURNING id`,
  );
  return { emails: emails.length, messages: messages.length };
}
