// Mails to a visitor's address, for follows and vote confirmations alike: the inbox an address
// reaches, its keyed hash, and the limits on asking for a mail to it (per connection, browser,
// household and inbox).
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { LimitReached } from '../errors.js';
import { keyedHash } from '../identity.js';

/**
 * Mails one inbox gets per day at most on the asks of one household (domain/actor.ts netHash),
 * follows and vote confirmations together; later requests are answered alike and send nothing. A
 * stranger's asks use up the stranger's share, not the owner's: her own confirmation still goes.
 */
export const CONFIRM_MAILS_PER_DAY = 3;
/** Mails one inbox gets per day at most, whoever asks (a bound on many households' asks). */
export const INBOX_MAILS_PER_DAY = 10;

/** Per-domain rules beyond the general ones (lower case, no `+tag`): add a domain here to extend them. */
const DOMAIN_RULES: Record<string, { canonical?: string; ignoreDots?: boolean }> = {
  'gmail.com': { ignoreDots: true },
  'googlemail.com': { canonical: 'gmail.com', ignoreDots: true },
};

/**
 * The inbox an address reaches, as far as we can tell: lower case, no `+tag` (as the UK's
 * e-petitions do, for every domain), per-domain rules applied. The one address rule for every
 * mail to a visitor (follows, vote confirmations): one inbox, one cap, however it is spelt.
 */
export function normaliseEmail(address: string): { address: string; domain: string } {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  const rawDomain = lower.slice(at + 1);
  const rule = DOMAIN_RULES[rawDomain] ?? {};
  const domain = rule.canonical ?? rawDomain;
  let local = lower.slice(0, at).split('+')[0] ?? '';
  if (rule.ignoreDots) local = local.replace(/\./g, '');
  return { address: `${local}@${domain}`, domain };
}

/** Keyed hash of an address's inbox (normaliseEmail): follows and the per-inbox mail cap use it. */
export const emailHashOf = (secret: string, email: string) => keyedHash(`email:${secret}`, normaliseEmail(email).address);

/** Who asks for a mail to an address: the connection and browser limits count them (follows and vote confirmations). */
export type MailAsk = { ipHash: string; voterHash: string; limit: number; netHash: string };

/**
 * The limits of a request that may mail an address, in its transaction: the connection's create
 * limit (domain/limits.ts counts these requests too) and the browser's, else LimitReached; answers
 * whether the address may get a mail on this ask (CONFIRM_MAILS_PER_DAY per asking household and
 * INBOX_MAILS_PER_DAY in all cap them, silently).
 */
export async function checkAskLimits(database: Database, tx: Db, ask: MailAsk, emailHash: string): Promise<boolean> {
  await database.rows(sql`SELECT pg_advisory_xact_lock(hashtext(${`create:${ask.ipHash}`}))`, tx);
  await database.rows(sql`SELECT pg_advisory_xact_lock(hashtext(${`follow:${emailHash}`}))`, tx);
  const [recent] = await database.rows<{
    ip: number | string;
    voter: number | string;
    mails: number | string;
    household: number | string;
  }>(
    sql`SELECT
          (SELECT count(*) FROM monuments WHERE creator_ip_hash = ${ask.ipHash} AND created_at > now() - interval '5 minutes')
        + (SELECT count(*) FROM proposals WHERE creator_ip_hash = ${ask.ipHash} AND created_at > now() - interval '5 minutes')
        + (SELECT count(*) FROM reports WHERE creator_ip_hash = ${ask.ipHash} AND created_at > now() - interval '5 minutes')
        + (SELECT count(*) FROM follow_requests WHERE ip_hash = ${ask.ipHash} AND at > now() - interval '5 minutes') AS ip,
          (SELECT count(*) FROM follow_requests WHERE voter_hash = ${ask.voterHash} AND at > now() - interval '5 minutes') AS voter,
          (SELECT count(*) FROM follow_requests WHERE email_hash = ${emailHash} AND mailed AND at > now() - interval '1 day') AS mails,
          (SELECT count(*) FROM follow_requests WHERE email_hash = ${emailHash} AND net_hash = ${ask.netHash} AND mailed
             AND at > now() - interval '1 day') AS household`,
    tx,
  );
  if (Number(recent?.ip ?? 0) >= ask.limit || Number(recent?.voter ?? 0) >= ask.limit) {
    throw new LimitReached('Too many requests from your connection. Please try again in a few minutes.', 300);
  }
  return Number(recent?.household ?? 0) < CONFIRM_MAILS_PER_DAY && Number(recent?.mails ?? 0) < INBOX_MAILS_PER_DAY;
}

/** Counts a request for the limits above (the day's old ones go). */
export async function recordAsk(database: Database, tx: Db, ask: MailAsk, emailHash: string, mailed: boolean): Promise<void> {
  await database.rows(sql`DELETE FROM follow_requests WHERE at < now() - interval '1 day'`, tx);
  await database.rows(
    sql`INSERT INTO follow_requests (ip_hash, voter_hash, email_hash, mailed, net_hash)
        VALUES (${ask.ipHash}, ${ask.voterHash}, ${emailHash}, ${mailed}, ${ask.netHash})`,
    tx,
  );
}
