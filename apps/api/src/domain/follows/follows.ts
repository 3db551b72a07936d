// Following a proposal: by e-mail with double opt-in and one-click unsubscribe, or in
// this browser alone ("watch"); what a follower hears (mails queued in the transaction of the
// change); "mine"; and how long an address is kept.
//
// Privacy: an address is stored only to send to it, in its follow's row (so ending the follow
// deletes it, unless another follow of the same address still holds it); limits and "is this
// address following already" use its keyed hash. Tokens are never stored: a follow has a random
// seed, and its unsubscribe token (and each confirmation mail's token) is an HMAC of that seed
// under the server secret, so a mail can be written again after a crash; rows keep only the
// SHA-256 of a token, to find its follow.
import { createHash, randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { emptyMine, type MailLang, type Mine, type MineHidden, type MineItem, type StatusEntry } from '@linz/contract';
import type { Database, Db } from '../../db/client.js';
import { NotFound } from '../errors.js';
import { keyedHash } from '../identity.js';
import { checkAskLimits, emailHashOf, recordAsk, type MailAsk } from './mail-asks.js';
import { i, m, proposalFields, toProposal } from '../proposals/proposals.js';
import { placeOf } from '../../db/answer-columns.js';
import { proposalIsPublic } from '../moderation/visibility.js';

/** A confirmation link works this long. */
export const CONFIRM_HOURS = 48;
/** Days after a proposal's final status (and its last mail) a follow ends. */
export const FOLLOW_KEEP_DAYS = 90;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const seed = () => randomBytes(18).toString('base64url');

export const unsubscribeTokenOf = (secret: string, tokenSeed: string) => keyedHash(`follow-unsubscribe:${secret}`, tokenSeed);
export const confirmTokenOf = (secret: string, tokenSeed: string, confirmSeed: string) =>
  keyedHash(`follow-confirm:${secret}`, `${tokenSeed}:${confirmSeed}`);

/**
 * The proposal an id stands for now: a merged proposal's id leads to the one it continues as
 * (following the chain), any other id to itself. Null for an unknown id.
 */
export async function currentProposalId(database: Database, id: number, tx: Db = database.db): Promise<number | null> {
  const [row] = await database.rows<{ id: number }>(
    sql`WITH RECURSIVE chain(id, next, depth) AS (
          SELECT id, merged_into, 0 FROM proposals WHERE id = ${id}
          UNION ALL
          SELECT i.id, i.merged_into, c.depth + 1 FROM chain c JOIN proposals i ON i.id = c.next WHERE c.depth < 20
        )
        SELECT id FROM chain WHERE next IS NULL LIMIT 1`,
    tx,
  );
  return row ? Number(row.id) : null;
}

/** For a merged proposal's id: the proposal it continues as and that one's monument; null for any other id. */
export async function continuationOf(database: Database, id: number): Promise<{ id: number; monumentId: string } | null> {
  const current = await currentProposalId(database, id);
  if (current === null || current === id) return null;
  const [row] = await database.rows<{ monument_id: string }>(sql`SELECT monument_id FROM proposals WHERE id = ${current}`);
  return row ? { id: current, monumentId: row.monument_id } : null;
}

/** The public proposal an id addresses now (a merged id leads on), locked for the change; NotFound otherwise. */
export async function publicProposal(database: Database, tx: Db, id: number): Promise<number> {
  const current = await currentProposalId(database, id, tx);
  const [row] =
    current === null
      ? []
      : await database.rows<{ id: number }>(
          sql`SELECT i.id FROM proposals i JOIN monuments m ON m.id = i.monument_id
              WHERE i.id = ${current} AND ${proposalIsPublic('i', 'm')} FOR SHARE OF i`,
          tx,
        );
  if (!row) throw new NotFound('Unknown proposal.');
  return Number(row.id);
}

export type FollowAsk = MailAsk & { proposalId: number; email: string; lang: MailLang };

/**
 * A follow request: always the same answer, whether the address follows already or not. A new
 * or still unconfirmed follow gets a confirmation mail (a new token; the last one mailed stays
 * the valid one), at most CONFIRM_MAILS_PER_DAY per address; a confirmed follow gets nothing.
 * Resolves to true when a mail was queued.
 */
export async function requestFollow(database: Database, secret: string, ask: FollowAsk): Promise<boolean> {
  const emailHash = emailHashOf(secret, ask.email);
  return database.db.transaction(async (tx) => {
    const mayMail = await checkAskLimits(database, tx, ask, emailHash);
    const proposalId = await publicProposal(database, tx, ask.proposalId);
    const [existing] = await database.rows<{ id: number; status: string; token_seed: string }>(
      sql`SELECT id, status, token_seed FROM follows WHERE proposal_id = ${proposalId} AND email_hash = ${emailHash} FOR UPDATE`,
      tx,
    );
    const mail = existing?.status !== 'confirmed' && mayMail;
    await recordAsk(database, tx, ask, emailHash, mail);
    if (!mail) return false;
    const confirmSeed = seed();
    const expires = sql`now() + make_interval(hours => ${CONFIRM_HOURS})`;
    let followId: number;
    if (existing) {
      const confirmHash = sha256(confirmTokenOf(secret, existing.token_seed, confirmSeed));
      await database.rows(
        sql`UPDATE follows SET email = ${ask.email}, lang = ${ask.lang}, voter_hash = ${ask.voterHash},
              confirm_token_hash = ${confirmHash}, confirm_expires_at = ${expires} WHERE id = ${existing.id}`,
        tx,
      );
      followId = Number(existing.id);
    } else {
      const tokenSeed = seed();
      const [row] = await database.rows<{ id: number }>(
        sql`INSERT INTO follows (proposal_id, email, email_hash, lang, token_seed, confirm_token_hash, confirm_expires_at,
              unsubscribe_token_hash, voter_hash)
            VALUES (${proposalId}, ${ask.email}, ${emailHash}, ${ask.lang}, ${tokenSeed},
              ${sha256(confirmTokenOf(secret, tokenSeed, confirmSeed))}, ${expires},
              ${sha256(unsubscribeTokenOf(secret, tokenSeed))}, ${ask.voterHash})
            RETURNING id`,
        tx,
      );
      followId = Number(row?.id);
    }
    await database.rows(
      sql`INSERT INTO follow_mails (follow_id, kind, event_key, payload)
          VALUES (${followId}, 'confirm', ${`confirm:${confirmSeed}`}, ${JSON.stringify({ seed: confirmSeed })}::jsonb)`,
      tx,
    );
    return true;
  });
}

/** Confirms the follow of a confirmation token (POST only: mail scanners open links). */
export async function confirmFollow(database: Database, token: string): Promise<{ proposalId: number }> {
  const [row] = await database.rows<{ proposal_id: number }>(
    sql`UPDATE follows SET status = 'confirmed', confirmed_at = now(), confirm_token_hash = NULL, confirm_expires_at = NULL
        WHERE confirm_token_hash = ${sha256(token)} AND status = 'pending' AND confirm_expires_at > now()
        RETURNING proposal_id`,
  );
  if (!row) {
    throw new NotFound(
      'This confirmation link is unknown, was used already or has expired (after 48 hours). Please follow the proposal again.',
    );
  }
  return { proposalId: Number(row.proposal_id) };
}

/**
 * Ends the follow of an unsubscribe token at once, or with `all` every follow of its address.
 * The rows go, and with them the address (other follows of it keep their own copy) and any mail
 * still waiting for them.
 */
export async function unsubscribe(database: Database, token: string, all: boolean): Promise<number> {
  const hash = sha256(token);
  const rows = all
    ? await database.rows(
        sql`DELETE FROM follows WHERE email_hash = (SELECT email_hash FROM follows WHERE unsubscribe_token_hash = ${hash}) RETURNING id`,
      )
    : await database.rows(sql`DELETE FROM follows WHERE unsubscribe_token_hash = ${hash} RETURNING id`);
  if (rows.length === 0) throw new NotFound('This unsubscribe link is unknown, or the follow has ended already.');
  return rows.length;
}

/** This browser follows a proposal without e-mail (shown on "mine"); repeating it changes nothing. */
export async function watch(database: Database, proposalId: number, voterHash: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    const id = await publicProposal(database, tx, proposalId);
    await database.rows(
      sql`INSERT INTO watches (proposal_id, voter_hash) VALUES (${id}, ${voterHash}) ON CONFLICT DO NOTHING`,
      tx,
    );
  });
}

export async function unwatch(database: Database, proposalId: number, voterHash: string | null): Promise<void> {
  const id = await currentProposalId(database, proposalId);
  if (id === null) throw new NotFound('Unknown proposal.');
  if (voterHash === null) return;
  await database.rows(sql`DELETE FROM watches WHERE proposal_id = ${id} AND voter_hash = ${voterHash}`);
}

export type FollowerEvent =
  | {
      kind: 'status';
      eventKey: string;
      /** The statement in either language or both (null: not given), the change's note, the whole history then. */
      payload: { status: string; de: string | null; en: string | null; note: string | null; history: StatusEntry[] };
    }
  | { kind: 'merged'; eventKey: 'merged'; payload: { fromName: string; intoId: number; intoName: string } }
  | { kind: 'removed'; eventKey: 'removed'; payload: Record<string, never> };

/** Queues one mail per confirmed follower of a proposal for an event, in the change's transaction (at most once per event). */
export async function queueFollowerMails(database: Database, tx: Db, proposalId: number, e: FollowerEvent): Promise<number> {
  const rows = await database.rows(
    sql`INSERT INTO follow_mails (follow_id, kind, event_key, payload)
        SELECT f.id, ${e.kind}, ${e.eventKey}, ${JSON.stringify(e.payload)}::jsonb FROM follows f
        WHERE f.proposal_id = ${proposalId} AND f.status = 'confirmed'
        ON CONFLICT DO NOTHING RETURNING id`,
    tx,
  );
  return rows.length;
}

/** Marks when a proposal reached a final status (or clears it when it left one); retention counts from here. */
export async function markFinal(database: Database, tx: Db, proposalId: number, final: boolean): Promise<void> {
  await database.rows(
    final
      ? sql`UPDATE follows SET final_at = now() WHERE proposal_id = ${proposalId} AND final_at IS NULL`
      : sql`UPDATE follows SET final_at = NULL WHERE proposal_id = ${proposalId} AND final_at IS NOT NULL`,
    tx,
  );
}

export const FINAL_STATUSES = ['declined', 'done'] as const;

/**
 * The daily clean-up: unconfirmed follows older than 48 hours, and follows whose proposal reached
 * a final status (declined, done, merged away, removed) 90 days ago and that have no mail left to send.
 */
export async function purgeFollows(database: Database, now: Date = new Date()): Promise<{ unconfirmed: number; ended: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const unconfirmed = await database.rows(
    sql`DELETE FROM follows WHERE status = 'pending' AND created_at < ${at} - make_interval(hours => ${CONFIRM_HOURS})
          AND (confirm_expires_at IS NULL OR confirm_expires_at < ${at}) RETURNING id`,
  );
  const ended = await database.rows(
    sql`DELETE FROM follows f WHERE f.final_at < ${at} - make_interval(days => ${FOLLOW_KEEP_DAYS})
          AND NOT EXISTS (SELECT 1 FROM follow_mails x WHERE x.follow_id = f.id AND x.status IN ('pending', 'sending'))
        RETURNING id`,
  );
  await database.rows(sql`DELETE FROM follow_requests WHERE at < ${at} - interval '1 day'`);
  return { unconfirmed: unconfirmed.length, ended: ended.length };
}

type MineList = Exclude<keyof Mine, 'reviewing' | 'added' | 'hidden' | 'seen'>;

/** Waiting for staff (MODERATION=pre or held by the word screen): only its author sees it, as under review. */
const UNDER_REVIEW = ['pending', 'held'];
/** A boolean as the database driver gives it (PGlite: true, node-postgres through sql: 't' at times). */
const truth = (b: boolean | string) => b === true || b === 't';

/**
 * What this browser proposed, voted for and follows (watches, and confirmed e-mail follows asked
 * from it), public proposals only, newest first; its own proposals and monuments that staff have
 * still to approve, marked. Nothing of any other browser.
 */
export async function mine(database: Database, voterHash: string | null, netHash = ''): Promise<Mine> {
  const empty = emptyMine();
  // The held votes this viewer sees as counted (db/functions/votes.sql held_seen_by): few rows, by
  // the network's index or the browser's key.
  const held = await database.rows<{ id: number; votes: number; confirmed: number }>(sql`
    SELECT i.id, i.votes + count(*)::int AS votes, i.confirmed_votes + (count(*) FILTER (WHERE v.email_hash IS NOT NULL))::int AS confirmed
    FROM votes v JOIN proposals i ON i.id = v.proposal_id
    WHERE v.status = 'held' AND (v.net_hash = ${netHash} OR v.voter_hash = ${voterHash})
    GROUP BY i.id, i.votes, i.confirmed_votes ORDER BY i.id`);
  empty.seen = held.map((r) => ({ id: Number(r.id), votes: Number(r.votes), confirmedVotes: Number(r.confirmed) }));
  if (voterHash === null) return empty;
  const seen = new Map(empty.seen.map((s) => [s.id, s]));
  const reviewable = sql.raw(
    `(${UNDER_REVIEW.concat('visible')
      .map((s) => `'${s}'`)
      .join(', ')})`,
  );
  const mineOf = sql`(
    WITH mine(list, id, at) AS (
      SELECT 'proposed', id, created_at FROM proposals WHERE creator_voter_hash = ${voterHash}
      UNION ALL SELECT 'voted', proposal_id, created_at FROM votes WHERE voter_hash = ${voterHash}
      UNION ALL SELECT 'following', proposal_id, created_at FROM watches WHERE voter_hash = ${voterHash}
      UNION ALL SELECT 'following', proposal_id, created_at FROM follows WHERE voter_hash = ${voterHash} AND status = 'confirmed'
    )
    SELECT list, id, max(at) AS at FROM mine GROUP BY list, id) x`;
  const rows = await database.db
    .select({
      ...proposalFields,
      list: sql<MineList>`x.list`,
      monument: { id: m.id, name: m.name, name_en: m.name_en },
      isPublic: sql<boolean>`(${proposalIsPublic('i', 'm')})`.mapWith(truth),
      voteConfirmed: sql<boolean>`EXISTS (SELECT 1 FROM votes v WHERE v.proposal_id = i.id AND v.voter_hash = ${voterHash}
        AND v.email_hash IS NOT NULL)`.mapWith(truth),
    })
    .from(mineOf)
    .innerJoin(i, sql`i.id = x.id`)
    .innerJoin(m, eq(m.id, i.monumentId))
    .where(
      sql`${proposalIsPublic('i', 'm')}
      OR (x.list = 'proposed' AND i.moderation IN ${reviewable} AND m.moderation IN ${reviewable} AND m.merged_into IS NULL)`,
    )
    .orderBy(sql`x.at DESC`, desc(i.id));
  for (const r of rows) {
    const counted = toProposal(r);
    const own = seen.get(counted.id);
    const item: MineItem = {
      proposal: own ? { ...counted, votes: own.votes, confirmedVotes: own.confirmedVotes } : counted,
      monument: r.monument,
      underReview: !r.isPublic,
      voteConfirmed: r.voteConfirmed,
    };
    empty[r.list].push(item);
  }
  // Its monuments, waiting for staff or on the map (hidden ones are in `hidden`, merged ones gone).
  const monuments = await database.rows<{ id: string; name: string; lat: number; lng: number; moderation: string }>(sql`
    SELECT id, name, lat, lng, moderation FROM monuments
    WHERE creator_voter_hash = ${voterHash} AND moderation IN ${reviewable} AND merged_into IS NULL
    ORDER BY created_at DESC, id DESC`);
  for (const r of monuments)
    (UNDER_REVIEW.includes(r.moderation) ? empty.reviewing : empty.added).push({
      id: r.id,
      name: r.name,
      ...placeOf({ lat: Number(r.lat), lng: Number(r.lng) }),
    });
  empty.hidden = await hiddenOf(database, voterHash);
  return empty;
}

type HiddenRow = { kind: MineHidden['kind']; name: string; m_id: string; m_name: string; de: string; en: string | null };

/**
 * This browser's own proposals and monuments that staff hid with a reason: the reason
 * is for their author, so only "mine" carries it (merged items are not hidden but moved).
 */
async function hiddenOf(database: Database, voterHash: string): Promise<MineHidden[]> {
  const rows = await database.rows<HiddenRow>(sql`
    SELECT * FROM (
      SELECT 'proposal' AS kind, i.name, m.id AS m_id, m.name AS m_name, i.moderation_reason_de AS de,
        i.moderation_reason_en AS en, i.created_at AS at
      FROM proposals i JOIN monuments m ON m.id = i.monument_id
      WHERE i.creator_voter_hash = ${voterHash} AND i.moderation = 'rejected' AND i.merged_into IS NULL
        AND i.moderation_reason_de IS NOT NULL
      UNION ALL
      SELECT 'monument', m.name, m.id, m.name, m.moderation_reason_de, m.moderation_reason_en, m.created_at
      FROM monuments m
      WHERE m.creator_voter_hash = ${voterHash} AND m.moderation = 'rejected' AND m.merged_into IS NULL
        AND m.moderation_reason_de IS NOT NULL
    ) x ORDER BY at DESC`);
  return rows.map((r) => ({
    kind: r.kind,
    name: r.name,
    monumentId: r.m_id,
    monumentName: r.m_name,
    reason: { de: r.de, en: r.en ?? r.de },
  }));
}

/** Confirmed e-mail followers of a proposal (the city sees only this number). */
export const followerCount = (i: string) =>
  sql.raw(`(SELECT count(*)::int FROM follows f WHERE f.proposal_id = ${i}.id AND f.status = 'confirmed')`);
