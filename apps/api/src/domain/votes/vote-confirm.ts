// Confirming a vote by e-mail: double opt-in through the follow machinery's limits and
// outbox. One confirmed vote per address and proposal, after normalising the address as every mail
// to a visitor does (domain/follows/follows.ts normaliseEmail: anna+1@… and a.nna@gmail… are one person). Once confirmed only a keyed hash of the normalised
// address and its domain are kept with the vote; the address itself goes with the confirmation row.
// Tokens are never stored: a row keeps a random seed (its token is an HMAC of it under the server
// secret, so a mail can be written again after a crash) and the SHA-256 of the token.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MailLang } from '@linz/contract';
import type { Database } from '../../db/client.js';
import { NotFound } from '../errors.js';
import { CONFIRM_HOURS, currentProposalId } from '../follows/follows.js';
import { checkAskLimits, emailHashOf, normaliseEmail, recordAsk, type MailAsk } from '../follows/mail-asks.js';
import { keyedHash } from '../identity.js';
import type { VoteRules } from './votes.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const voteEmailHashOf = (secret: string, normalised: string) => keyedHash(`vote-email:${secret}`, normalised);
export const voteConfirmTokenOf = (secret: string, seed: string) => keyedHash(`vote-confirm:${secret}`, seed);

export type VoteConfirmAsk = MailAsk & { proposalId: number; email: string; lang: MailLang };

/**
 * A browser that voted for a proposal asks to confirm its vote: a confirmation mail (at most
 * CONFIRM_MAILS_PER_DAY per address; later asks are answered alike and send nothing). NotFound
 * when this browser has no vote for it. Resolves to true when a mail was queued.
 */
export async function requestVoteConfirmation(database: Database, secret: string, ask: VoteConfirmAsk): Promise<boolean> {
  const { address, domain } = normaliseEmail(ask.email);
  const emailHash = voteEmailHashOf(secret, address);
  // The inbox's cap is shared with follows (one address rule).
  const inbox = emailHashOf(secret, ask.email);
  return database.db.transaction(async (tx) => {
    const mayMail = await checkAskLimits(database, tx, ask, inbox);
    const id = (await currentProposalId(database, ask.proposalId, tx)) ?? ask.proposalId;
    const [vote] = await database.rows<{ email_hash: string | null }>(
      sql`SELECT email_hash FROM votes WHERE proposal_id = ${id} AND voter_hash = ${ask.voterHash}`,
      tx,
    );
    if (!vote) throw new NotFound('This browser has not voted for this proposal.');
    const mail = vote.email_hash === null && mayMail;
    await recordAsk(database, tx, ask, inbox, mail);
    if (!mail) return false;
    const seed = randomBytes(18).toString('base64url');
    await database.rows(
      sql`INSERT INTO vote_confirmations (proposal_id, voter_hash, email, email_hash, email_domain, lang, token_seed, token_hash, expires_at)
          VALUES (${id}, ${ask.voterHash}, ${ask.email}, ${emailHash}, ${domain}, ${ask.lang}, ${seed},
            ${sha256(voteConfirmTokenOf(secret, seed))}, now() + make_interval(hours => ${CONFIRM_HOURS}))`,
      tx,
    );
    return true;
  });
}

/**
 * Confirms the vote of a token (POST only: mail scanners open links). The address is forgotten
 * (its keyed hash stays with the vote); an address that confirmed another vote for the same
 * proposal already is answered alike but counts once. Confirmed votes may reach the threshold when
 * it counts them. A link used before (this one or another of the same vote) answers `already`
 * until it expires; NotFound for a wrong or expired token.
 */
export async function confirmVote(
  database: Database,
  rules: VoteRules,
  token: string,
  now = new Date(),
): Promise<{ proposalId: number; queued: boolean; already: boolean }> {
  return database.db.transaction(async (tx) => {
    const [c] = await database.rows<{
      proposal_id: number;
      voter_hash: string;
      email_hash: string;
      email_domain: string;
      used_at: string | Date | null;
    }>(
      sql`SELECT proposal_id, voter_hash, email_hash, email_domain, used_at FROM vote_confirmations
          WHERE token_hash = ${sha256(token)} AND expires_at > ${now.toISOString()}::timestamptz FOR UPDATE`,
      tx,
    );
    if (!c) {
      throw new NotFound('This confirmation link is unknown or has expired (after 48 hours). Please vote again.');
    }
    if (c.used_at !== null) return { proposalId: Number(c.proposal_id), queued: false, already: true };
    const id = Number(c.proposal_id);
    // The proposal's row first, as votes and staff decisions take it: they take turns.
    await database.rows(sql`SELECT id FROM proposals WHERE id = ${id} FOR UPDATE`, tx);
    // Every link of this vote is used now; their addresses go, mails not yet sent are not sent.
    await database.rows(
      sql`UPDATE vote_confirmations SET used_at = ${now.toISOString()}::timestamptz, email = NULL
          WHERE proposal_id = ${id} AND voter_hash = ${c.voter_hash} AND used_at IS NULL`,
      tx,
    );
    // A held vote confirmed by its own address counts (issue 56): voters who share an address (a
    // school, a mobile network's) do not lose their votes silently; one address confirms one vote.
    const [vote] = await database.rows<{ status: string }>(
      sql`UPDATE votes SET email_hash = ${c.email_hash}, email_domain = ${c.email_domain}, confirmed_at = ${now.toISOString()}::timestamptz,
            status = CASE WHEN status = 'held' THEN 'counted' ELSE status END
          WHERE proposal_id = ${id} AND voter_hash = ${c.voter_hash} AND email_hash IS NULL
            AND NOT EXISTS (SELECT 1 FROM votes w WHERE w.proposal_id = ${id} AND w.email_hash = ${c.email_hash})
          RETURNING status`,
      tx,
    );
    let queued = false;
    if (vote?.status === 'counted') {
      await database.rows(sql`SELECT recount_votes(${id})`, tx);
      const [r] = await database.rows<{ q: boolean }>(
        sql`SELECT reach_threshold(${id}, ${JSON.stringify(rules)}::jsonb, false, ${now.toISOString()}::timestamptz) AS q`,
        tx,
      );
      queued = r?.q === true;
    }
    return { proposalId: id, queued, already: false };
  });
}

/** The daily clean-up: confirmations whose link expired, used or not. */
export async function purgeVoteConfirmations(database: Database, now: Date): Promise<number> {
  const rows = await database.rows(
    sql`DELETE FROM vote_confirmations WHERE expires_at < ${now.toISOString()}::timestamptz RETURNING id`,
  );
  return rows.length;
}
