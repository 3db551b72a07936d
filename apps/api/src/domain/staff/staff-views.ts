// How staff see monuments and proposals: any moderation state, with their open reports.
// Each loader takes a transaction and can lock the row (FOR UPDATE) for the action that follows.
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  QueueProposal,
  type FollowerCounts,
  type Moderation,
  type QueueReport,
  type Reporters,
  type StaffMonument,
} from '@linz/contract';
import type { Database, Db } from '../../db/client.js';
import { columnsOf, placeOf } from '../../db/answer-columns.js';
import { followerCount } from '../follows/follows.js';
import { toMonument, type MonumentRow } from '../monuments/monuments.js';
import { i, m, proposalFields, toProposal, type ProposalRow } from '../proposals/proposals.js';
import { screenLists, screenText, type ScreenLists } from '../moderation/screen.js';

/** The staff's reason for hiding, while it is hidden by staff. */
const reasonOf = (r: { moderation: Moderation; moderationReasonDe: string | null; moderationReasonEn: string | null }) =>
  r.moderation === 'rejected' && r.moderationReasonDe !== null
    ? { de: r.moderationReasonDe, en: r.moderationReasonEn ?? r.moderationReasonDe }
    : null;

const reportsOf = (json: string): QueueReport[] =>
  (JSON.parse(json) as QueueReport[]).map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));

/** Open reports of the item `kind`/`idExpr`, oldest first. */
const openReports = (kind: string, idExpr: SQL) =>
  sql<QueueReport[]>`(SELECT coalesce(json_agg(json_build_object(
    'reason', r.reason, 'comment', r.comment, 'createdAt', r.created_at) ORDER BY r.id)::text, '[]')
  FROM reports r WHERE r.item_kind = ${kind} AND r.item_id = ${idExpr} AND r.resolved_at IS NULL)`.mapWith(reportsOf);

/** Who reported the item, as counts: open reports and the distinct networks they came from (never an address). */
const reportersOf = (kind: string, idExpr: SQL) =>
  sql<Reporters>`(SELECT json_build_object('reports', count(*)::int, 'networks', count(DISTINCT r.net_hash)::int)::text
  FROM reports r WHERE r.item_kind = ${kind} AND r.item_id = ${idExpr} AND r.resolved_at IS NULL)`.mapWith(
    (json: string) => JSON.parse(json) as Reporters,
  );

/** What staff see of a monument of `m`: its row, its public proposals and its open reports. */
const staffMonumentFields = {
  m,
  proposals: sql<number>`(SELECT count(*)::int FROM proposals p WHERE p.monument_id = m.id AND p.moderation = 'visible')`.mapWith(
    Number,
  ),
  reports: openReports('monument', sql`m.id`),
  reporters: reportersOf('monument', sql`m.id`),
};
type StaffMonumentRow = { m: MonumentRow; proposals: number; reports: QueueReport[]; reporters: Reporters };

/** `lists`: the word screen's lists, to mark where an item's name matches them. */
function toStaffMonument(r: StaffMonumentRow, lists: ScreenLists): StaffMonument {
  return {
    ...toMonument(r.m, r.proposals),
    moderation: r.m.moderation,
    addedByVisitor: r.m.creatorIpHash !== null,
    createdAt: r.m.createdAt.toISOString(),
    reports: r.reports,
    reporters: r.reporters,
    moderationReason: reasonOf(r.m),
    mergedInto: r.m.mergedInto,
    screen: screenText(r.m.name, lists.words, lists.allowed),
  };
}

export async function loadMonument(database: Database, tx: Db, id: string, lock = false): Promise<StaffMonument | null> {
  const query = tx.select(staffMonumentFields).from(m).where(eq(m.id, id)).$dynamic();
  const [row] = await (lock ? query.for('update', { of: m }) : query);
  return row ? toStaffMonument(row, await screenLists(database, tx)) : null;
}

/** What a staff card shows of a proposal's monument: the contract's pick of its row. */
const monumentContext = columnsOf(QueueProposal.shape.monument.omit({ geoLocX: true, geoLocY: true }));

/** What staff see of a proposal of `i`, joined to its monument `m`. */
const queueProposalFields = {
  ...proposalFields,
  m,
  followers: sql<number>`${followerCount('i')}`.mapWith(Number),
  reports: openReports('proposal', sql`i.id::text`),
  reporters: reportersOf('proposal', sql`i.id::text`),
};
type QueueProposalRow = ProposalRow & { m: MonumentRow; followers: number; reports: QueueReport[]; reporters: Reporters };

function toQueueProposal(r: QueueProposalRow, lists: ScreenLists): QueueProposal {
  return {
    ...toProposal(r),
    moderation: r.i.moderation,
    screen: screenText(r.i.name, lists.words, lists.allowed),
    createdAt: r.i.createdAt.toISOString(),
    monumentName: r.m.name,
    monument: { ...placeOf(r.m), ...monumentContext(r.m) },
    reports: r.reports,
    reporters: r.reporters,
    moderationReason: reasonOf(r.i),
    followers: r.followers,
  };
}

const selectQueueProposals = (db: Db) => db.select(queueProposalFields).from(i).innerJoin(m, eq(m.id, i.monumentId)).$dynamic();

export async function loadProposal(database: Database, tx: Db, id: number, lock = false): Promise<QueueProposal | null> {
  const query = selectQueueProposals(tx).where(eq(i.id, id));
  const [row] = await (lock ? query.for('update', { of: i }) : query);
  return row ? toQueueProposal(row, await screenLists(database, tx)) : null;
}

/**
 * The review queue: items held by the word screen first, then those waiting for approval
 * (MODERATION=pre), then visitors' monuments awaiting validation and everything reported or
 * hidden; newest first within each.
 */
export async function reviewQueue(database: Database) {
  const first = (t: string) =>
    sql.raw(`CASE ${t}.moderation WHEN 'held' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END, ${t}.created_at DESC, ${t}.id DESC`);
  const monuments = await database.db
    .select(staffMonumentFields)
    .from(m)
    .where(
      sql`m.merged_into IS NULL AND (
      (m.creator_ip_hash IS NOT NULL AND NOT m.validated AND m.moderation <> 'rejected')
      OR m.moderation IN ('hidden', 'pending', 'held')
      OR EXISTS (SELECT 1 FROM reports r WHERE r.item_kind = 'monument' AND r.item_id = m.id AND r.resolved_at IS NULL))`,
    )
    .orderBy(first('m'));
  const proposals = await selectQueueProposals(database.db)
    .where(
      sql`(i.moderation IN ('hidden', 'pending', 'held') AND i.merged_into IS NULL)
      OR EXISTS (SELECT 1 FROM reports r WHERE r.item_kind = 'proposal' AND r.item_id = i.id::text AND r.resolved_at IS NULL)`,
    )
    .orderBy(first('i'));
  const lists = await screenLists(database);
  return {
    monuments: monuments.map((r) => toStaffMonument(r, lists)),
    proposals: proposals.map((r) => toQueueProposal(r, lists)),
  };
}

/** Confirmed e-mail followers of each proposal that has any (a number only, never an address). */
export async function followerCounts(database: Database): Promise<FollowerCounts> {
  const rows = await database.rows<{ id: number; n: number | string }>(
    sql`SELECT proposal_id AS id, count(*)::int AS n FROM follows WHERE status = 'confirmed' GROUP BY proposal_id ORDER BY proposal_id`,
  );
  return rows.map((r) => ({ proposalId: Number(r.id), followers: Number(r.n) }));
}
