// Proposals: proposals for what should stand at a monument instead.
import { sql } from 'drizzle-orm';
import type {
  AwaitingAnswer,
  CreatedProposal,
  Intervention,
  MonumentProposal,
  NewProposal,
  ProposalStatus,
  StatusEntry,
} from '@linz/contract';
import type { Database, Db } from '../../db/client.js';
import { NotFound } from '../errors.js';
import { admission, auditHold, type AdmissionRules } from '../moderation/screen.js';
import { proposalIsPublic, publicMonument } from '../moderation/visibility.js';

export const DEFAULT_EMOJI = '💡';

type Row = {
  id: number;
  monument_id: string;
  name: string;
  emoji: string;
  short_description_en: string | null;
  votes: number;
  confirmed_votes: number;
  sent_at: Date | string | null;
  mayor_review: boolean;
  status: ProposalStatus;
  answer_de: string | null;
  answer_en: string | null;
  answered_at: Date | string | null;
  /** The status history as JSON text (`historyColumn`); absent on a row just inserted (no history yet). */
  history_json?: string | null;
};

export const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

export function toProposal(r: Row): Intervention {
  return {
    id: Number(r.id),
    monumentId: r.monument_id,
    name: r.name,
    emoji: r.emoji,
    ...(r.short_description_en ? { shortDescription_en: r.short_description_en } : {}),
    votes: Number(r.votes),
    confirmedVotes: Number(r.confirmed_votes),
    mayorNotifiedAt: iso(r.sent_at),
    mayorReview: r.mayor_review === true,
    status: r.status,
    // One language is enough; an answer has at least one (AnswerBody).
    answer:
      r.answered_at === null || (r.answer_de === null && r.answer_en === null)
        ? null
        : { de: r.answer_de, en: r.answer_en, answeredAt: new Date(r.answered_at).toISOString() },
    history: historyOf(r.history_json ?? null),
  };
}

/** The status history of proposal `i` as JSON text, oldest first. */
export const historyColumn = sql`(SELECT coalesce(json_agg(json_build_object('status', h.status, 'at', h.at, 'note', h.note)
    ORDER BY h.at, h.id)::text, '[]') FROM status_history h WHERE h.proposal_id = i.id) AS history_json`;

export const historyOf = (json: string | null): StatusEntry[] =>
  json === null ? [] : (JSON.parse(json) as StatusEntry[]).map((e) => ({ ...e, at: new Date(e.at).toISOString() }));

/** The columns of an Intervention, for `proposals i` joined to its monument `m`. */
export const proposalColumns = sql`i.id, i.monument_id, i.name, i.emoji, i.short_description_en, i.votes,
  i.confirmed_votes, i.status, i.answer_de, i.answer_en, i.answered_at,
  (SELECT n.sent_at FROM mayor_notifications n WHERE n.proposal_id = i.id AND n.kind = 'threshold' AND n.status = 'sent') AS sent_at,
  EXISTS (SELECT 1 FROM mayor_notifications n WHERE n.proposal_id = i.id AND n.kind = 'threshold' AND n.status = 'held') AS mayor_review,
  ${historyColumn}`;

const selectProposals = sql`
  SELECT ${proposalColumns}
  FROM proposals i JOIN monuments m ON m.id = i.monument_id
  WHERE ${proposalIsPublic('i', 'm')}`;

/** The public proposals (or those of `ids` that are public: a list's incremental refresh, read-cache.ts). */
export async function listAllProposals(database: Database, ids?: readonly number[]): Promise<Intervention[]> {
  const only = ids
    ? sql` AND i.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await database.rows<Row>(sql`${selectProposals}${only} ORDER BY i.votes DESC, i.id DESC`);
  return rows.map(toProposal);
}

/**
 * A monument's proposals as one viewer sees them: each count with the held votes of the viewer's
 * network or browser (db/functions/votes.sql held_seen_by), so a held voter reads what a counted
 * one would; ordered by that count as the public list is by its own.
 */
export async function listMonumentProposals(
  database: Database,
  monumentId: string,
  viewer: { netHash: string; voterHash: string | null } = { netHash: '', voterHash: null },
): Promise<MonumentProposal[]> {
  const rows = await database.rows<Row & { known: boolean; seen: number; seen_confirmed: number }>(sql`
    SELECT m.id IS NOT NULL AS known, x.*, held_seen_by(x.id, ${viewer.netHash}, ${viewer.voterHash}) AS seen,
      held_confirmed_seen_by(x.id, ${viewer.netHash}, ${viewer.voterHash}) AS seen_confirmed
    FROM (SELECT ${monumentId}::text AS mid) q
    LEFT JOIN monuments m ON m.id = q.mid AND ${publicMonument('m')}
    LEFT JOIN (${selectProposals}) x ON x.monument_id = q.mid`);
  if (!rows[0]?.known) throw new NotFound('Unknown monument.');
  return rows
    .filter((r) => r.id !== null)
    .map((r) => {
      const { id, name, votes, confirmedVotes, mayorNotifiedAt, mayorReview, status, answer, history } = toProposal(r);
      return {
        id,
        name,
        votes: votes + Number(r.seen ?? 0),
        confirmedVotes: confirmedVotes + Number(r.seen_confirmed ?? 0),
        mayorNotifiedAt,
        mayorReview,
        status,
        answer,
        history,
      };
    })
    .sort((a, b) => b.votes - a.votes || b.id - a.id);
}

/**
 * A new proposal, public at once unless the word screen holds it or MODERATION=pre makes it wait
 * for staff (domain/moderation/screen.ts). Its author may also propose at its own monument under review.
 */
export async function createProposal(
  database: Database,
  monumentId: string,
  input: NewProposal,
  creatorIpHash: string,
  tx: Db = database.db,
  /** This browser's keyed voter hash, for "mine". */
  creatorVoterHash: string | null = null,
  rules: AdmissionRules = { moderation: 'post', cityNames: [] },
): Promise<CreatedProposal> {
  const admitted = await admission(database, tx, rules, input.name);
  const [row] = await database.rows<Row & { monument_public: boolean }>(
    sql`
    INSERT INTO proposals (monument_id, name, emoji, creator_ip_hash, creator_voter_hash, moderation)
    SELECT m.id, ${input.name}, ${DEFAULT_EMOJI}, ${creatorIpHash}, ${creatorVoterHash}, ${admitted.moderation} FROM monuments m
    WHERE m.id = ${monumentId} AND (${publicMonument('m')} OR (${ownUnderReview('m', creatorVoterHash)}))
    RETURNING id, monument_id, name, emoji, short_description_en, votes, confirmed_votes, status, answer_de, answer_en,
      answered_at, NULL::timestamptz AS sent_at, false AS mayor_review, (SELECT ${publicMonument('m')} FROM monuments m WHERE m.id = monument_id) AS monument_public`,
    tx,
  );
  if (!row) throw new NotFound('Unknown monument.');
  if (admitted.moderation === 'held')
    await auditHold(database, tx, { kind: 'proposal', id: Number(row.id) }, input.name, admitted.hits);
  return { ...toProposal(row), underReview: admitted.moderation !== 'visible' || row.monument_public !== true };
}

/** `m` is a monument that this browser added and staff have not yet decided on. */
export const ownUnderReview = (m: string, voterHash: string | null) =>
  voterHash === null
    ? sql`FALSE`
    : sql`${sql.raw(m)}.creator_voter_hash = ${voterHash} AND ${sql.raw(m)}.moderation IN ('pending', 'held') AND ${sql.raw(m)}.merged_into IS NULL`;

const DAY_MS = 86_400_000;

/**
 * Public proposals that reached the mayor's threshold (their mail not held for a check of the
 * votes) and have no answer from the city yet, longest waiting first, with the whole days waited
 * by the server's clock (so the days are not cached with the public lists).
 */
export async function listAwaitingAnswer(database: Database, now: Date = new Date()): Promise<AwaitingAnswer[]> {
  const rows = await database.rows<{
    id: number;
    name: string;
    monument_id: string;
    monument_name: string;
    votes: number;
    reached_at: Date | string;
  }>(sql`
    SELECT i.id, i.name, i.monument_id, m.name AS monument_name, i.votes, n.reached_at
    FROM proposals i JOIN monuments m ON m.id = i.monument_id
    JOIN mayor_notifications n ON n.proposal_id = i.id AND n.kind = 'threshold' AND n.status <> 'held'
    WHERE ${proposalIsPublic('i', 'm')} AND i.answered_at IS NULL
    ORDER BY n.reached_at, i.id`);
  return rows.map((r) => {
    const reached = new Date(r.reached_at);
    return {
      id: Number(r.id),
      name: r.name,
      monumentId: r.monument_id,
      monumentName: r.monument_name,
      votes: Number(r.votes),
      reachedAt: reached.toISOString(),
      daysWaiting: Math.max(0, Math.floor((now.getTime() - reached.getTime()) / DAY_MS)),
    };
  });
}
