// Proposals: proposals for what should stand at a monument instead.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  Intervention,
  type AwaitingAnswer,
  type CreatedProposal,
  type MonumentProposal,
  type NewProposal,
  type StatusEntry,
} from '@linz/contract';
import type { Database, Db } from '../../db/client.js';
import { columnsOf } from '../../db/answer-columns.js';
import { i, m } from '../../db/aliases.js';
import type { proposals } from '../../db/schema.js';
import { NotFound } from '../errors.js';
import { admission, auditHold, type AdmissionRules } from '../moderation/screen.js';
import { proposalIsPublic, publicMonument } from '../moderation/visibility.js';

export const DEFAULT_EMOJI = '💡';

export { i, m };

export const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

const historyOf = (json: string | null): StatusEntry[] =>
  json === null ? [] : (JSON.parse(json) as StatusEntry[]).map((e) => ({ ...e, at: new Date(e.at).toISOString() }));

/** A select's fields for a proposal of `i`: its row, and what the mayor's outbox and its history add. */
export const proposalFields = {
  i,
  sentAt: sql<
    string | null
  >`(SELECT n.sent_at FROM mayor_notifications n WHERE n.proposal_id = i.id AND n.kind = 'threshold' AND n.status = 'sent')`.mapWith(
    (t: Date | string) => iso(t),
  ),
  mayorReview:
    sql<boolean>`EXISTS (SELECT 1 FROM mayor_notifications n WHERE n.proposal_id = i.id AND n.kind = 'threshold' AND n.status = 'held')`.mapWith(
      (b: boolean | string) => b === true || b === 't',
    ),
  history: sql<StatusEntry[]>`(SELECT coalesce(json_agg(json_build_object('status', h.status, 'at', h.at, 'note', h.note)
    ORDER BY h.at, h.id)::text, '[]') FROM status_history h WHERE h.proposal_id = i.id)`.mapWith(historyOf),
};
export type ProposalRow = {
  i: typeof proposals.$inferSelect;
  sentAt: string | null;
  mayorReview: boolean;
  history: StatusEntry[];
};

/** `proposals i` joined to its monument `m`, for a where of the caller's. */
export const selectProposals = (db: Db) => db.select(proposalFields).from(i).innerJoin(m, eq(m.id, i.monumentId)).$dynamic();

/** What a proposal's row shows as it is (db/answer-columns.ts); the answer and the mail's state are composed. */
const shownColumns = columnsOf(
  Intervention.pick({
    id: true,
    monumentId: true,
    name: true,
    emoji: true,
    shortDescription_en: true,
    votes: true,
    confirmedVotes: true,
    status: true,
  }),
);

export function toProposal(r: ProposalRow): Intervention {
  const { answerDe, answerEn, answeredAt } = r.i;
  return {
    ...shownColumns(r.i),
    mayorNotifiedAt: r.sentAt,
    mayorReview: r.mayorReview,
    // One language is enough; an answer has at least one (AnswerBody).
    answer:
      answeredAt === null || (answerDe === null && answerEn === null)
        ? null
        : { de: answerDe, en: answerEn, answeredAt: answeredAt.toISOString() },
    history: r.history,
  };
}

/** The public proposals (or those of `ids` that are public: a list's incremental refresh, read-cache.ts). */
export async function listAllProposals(database: Database, ids?: readonly number[]): Promise<Intervention[]> {
  const rows = await selectProposals(database.db)
    .where(and(sql`${proposalIsPublic('i', 'm')}`, ids ? inArray(i.id, [...ids]) : undefined))
    .orderBy(desc(i.votes), desc(i.id));
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
  const rows = await database.db
    .select({
      ...proposalFields,
      seen: sql<number>`held_seen_by(i.id, ${viewer.netHash}, ${viewer.voterHash})`.mapWith(Number),
      seenConfirmed: sql<number>`held_confirmed_seen_by(i.id, ${viewer.netHash}, ${viewer.voterHash})`.mapWith(Number),
    })
    .from(i)
    .innerJoin(m, eq(m.id, i.monumentId))
    .where(and(eq(i.monumentId, monumentId), sql`${proposalIsPublic('i', 'm')}`));
  // No public proposal: a known monument without any, or no public monument (one more query, only then).
  if (rows.length === 0) {
    const [known] = await database.rows(sql`SELECT 1 FROM monuments m WHERE m.id = ${monumentId} AND ${publicMonument('m')}`);
    if (!known) throw new NotFound('Unknown monument.');
  }
  return rows
    .map((r) => asMonumentProposal(toProposal(r), r.seen ?? 0, r.seenConfirmed ?? 0))
    .sort((a, b) => b.votes - a.votes || b.id - a.id);
}

/** A public proposal as a monument's popup shows it, with the held votes its viewer sees counted. */
export function asMonumentProposal(p: Intervention, seen = 0, seenConfirmed = 0): MonumentProposal {
  const { id, name, votes, confirmedVotes, mayorNotifiedAt, mayorReview, status, answer, history } = p;
  return {
    id,
    name,
    votes: votes + seen,
    confirmedVotes: confirmedVotes + seenConfirmed,
    mayorNotifiedAt,
    mayorReview,
    status,
    answer,
    history,
  };
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
  const [made] = await database.rows<{ id: number; monument_public: boolean }>(
    sql`
    INSERT INTO proposals (monument_id, name, emoji, creator_ip_hash, creator_voter_hash, moderation)
    SELECT m.id, ${input.name}, ${DEFAULT_EMOJI}, ${creatorIpHash}, ${creatorVoterHash}, ${admitted.moderation} FROM monuments m
    WHERE m.id = ${monumentId} AND (${publicMonument('m')} OR (${ownUnderReview('m', creatorVoterHash)}))
    RETURNING id, (SELECT ${publicMonument('m')} FROM monuments m WHERE m.id = monument_id) AS monument_public`,
    tx,
  );
  if (!made) throw new NotFound('Unknown monument.');
  const id = Number(made.id);
  if (admitted.moderation === 'held') await auditHold(database, tx, { kind: 'proposal', id }, input.name, admitted.hits);
  const [row] = await selectProposals(tx).where(eq(i.id, id));
  if (!row) throw new NotFound('Unknown proposal.');
  return { ...toProposal(row), underReview: admitted.moderation !== 'visible' || made.monument_public !== true };
}

/** `m` is a monument that this browser added and staff have not yet decided on. */
export const ownUnderReview = (m: string, voterHash: string | null) =>
  voterHash === null
    ? sql`FALSE`
    : sql`${sql.raw(m)}.creator_voter_hash = ${voterHash} AND ${sql.raw(m)}.moderation IN ('pending', 'held') AND ${sql.raw(m)}.merged_into IS NULL`;

const DAY_MS = 86_400_000;

/**
 * Public proposals that reached the mayor's threshold (their mail not held for a check of the
 * votes) and whose status the city has not moved yet (a holding reply that leaves it "open" keeps
 * the wait), longest waiting first, with the whole days waited by the server's clock (so the days
 * are not cached with the public lists).
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
    WHERE ${proposalIsPublic('i', 'm')} AND i.status = 'open'
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
