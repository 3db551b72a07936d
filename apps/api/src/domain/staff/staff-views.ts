// How staff see monuments and proposals: any moderation state, with their open reports.
// Each loader takes a transaction and can lock the row (FOR UPDATE) for the action that follows.
import { sql, type SQL } from 'drizzle-orm';
import type { FollowerCounts, Moderation, QueueProposal, QueueReport, StaffMonument } from '@linz/contract';
import type { Database, Db } from '../../db/client.js';
import { followerCount } from '../follows/follows.js';
import { proposalColumns, toProposal } from '../proposals/proposals.js';
import { screenLists, screenText, type ScreenLists } from '../moderation/screen.js';

/** Open reports of the item `kind`/`idExpr` as a JSON array text. */
const openReports = (kind: string, idExpr: SQL) => sql`(SELECT coalesce(json_agg(json_build_object(
    'reason', r.reason, 'comment', r.comment, 'createdAt', r.created_at) ORDER BY r.id)::text, '[]')
  FROM reports r WHERE r.item_kind = ${kind} AND r.item_id = ${idExpr} AND r.resolved_at IS NULL) AS reports_json`;

/** Who reported the item, as counts: open reports and the distinct networks they came from (never an address). */
const reportersOf = (kind: string, idExpr: SQL) => sql`(SELECT json_build_object('reports', count(*)::int,
    'networks', count(DISTINCT r.net_hash)::int)::text
  FROM reports r WHERE r.item_kind = ${kind} AND r.item_id = ${idExpr} AND r.resolved_at IS NULL) AS reporters_json`;

/** The staff's reason for hiding, while it is hidden by staff. */
const reasonOf = (r: { moderation: Moderation; moderation_reason_de: string | null; moderation_reason_en: string | null }) =>
  r.moderation === 'rejected' && r.moderation_reason_de !== null
    ? { de: r.moderation_reason_de, en: r.moderation_reason_en ?? r.moderation_reason_de }
    : null;

const reportsOf = (json: string): QueueReport[] =>
  (JSON.parse(json) as QueueReport[]).map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));

type MonumentRow = {
  id: string;
  name: string;
  name_en: string | null;
  lat: number;
  lng: number;
  category: string;
  sex: string;
  validated: boolean;
  short_description: string;
  short_description_en: string;
  image: string;
  alternatives: string[] | string;
  moderation: Moderation;
  merged_into: string | null;
  created_at: Date | string;
  added_by_visitor: boolean;
  reports_json: string;
  reporters_json: string;
  moderation_reason_de: string | null;
  moderation_reason_en: string | null;
  proposals: number | string;
};

export const monumentSelect = sql`SELECT m.id, m.name, m.name_en, m.lat, m.lng, m.category, m.sex, m.validated,
    m.short_description, m.short_description_en, m.image, m.alternatives::text AS alternatives, m.moderation,
    m.merged_into, m.created_at, (m.creator_ip_hash IS NOT NULL) AS added_by_visitor,
    m.moderation_reason_de, m.moderation_reason_en,
    (SELECT count(*)::int FROM proposals i WHERE i.monument_id = m.id AND i.moderation = 'visible') AS proposals,
    ${openReports('monument', sql`m.id`)}, ${reportersOf('monument', sql`m.id`)}
  FROM monuments m`;

/** `lists`: the word screen's lists, to mark where an item's name matches them. */
export function toStaffMonument(r: MonumentRow, lists: ScreenLists): StaffMonument {
  return {
    id: r.id,
    name: r.name,
    ...(r.name_en ? { name_en: r.name_en } : {}),
    geoLocX: Number(r.lat),
    geoLocY: Number(r.lng),
    category: r.category,
    sex: r.sex,
    validated: r.validated === true,
    shortDescription: r.short_description,
    shortDescription_en: r.short_description_en,
    image: r.image,
    alternatives: typeof r.alternatives === 'string' ? (JSON.parse(r.alternatives) as string[]) : r.alternatives,
    proposals: Number(r.proposals),
    moderation: r.moderation,
    addedByVisitor: r.added_by_visitor === true,
    createdAt: new Date(r.created_at).toISOString(),
    reports: reportsOf(r.reports_json),
    reporters: JSON.parse(r.reporters_json) as StaffMonument['reporters'],
    moderationReason: reasonOf(r),
    mergedInto: r.merged_into,
    screen: screenText(r.name, lists.words, lists.allowed),
  };
}

export async function loadMonument(database: Database, tx: Db, id: string, lock = false): Promise<StaffMonument | null> {
  const [row] = await database.rows<MonumentRow>(
    sql`${monumentSelect} WHERE m.id = ${id} ${lock ? sql`FOR UPDATE OF m` : sql``}`,
    tx,
  );
  return row ? toStaffMonument(row, await screenLists(database, tx)) : null;
}

type ProposalRow = Parameters<typeof toProposal>[0] & {
  moderation: Moderation;
  created_at: Date | string;
  monument_name: string;
  m_lat: number;
  m_lng: number;
  m_category: string;
  m_sex: string;
  m_description: string;
  m_description_en: string;
  reports_json: string;
  reporters_json: string;
  moderation_reason_de: string | null;
  moderation_reason_en: string | null;
  followers: number | string;
};

export const proposalSelect = sql`SELECT ${proposalColumns}, i.moderation, i.created_at,
    i.moderation_reason_de, i.moderation_reason_en, m.name AS monument_name, m.lat AS m_lat, m.lng AS m_lng,
    m.category AS m_category, m.sex AS m_sex, m.short_description AS m_description, m.short_description_en AS m_description_en,
    ${followerCount('i')} AS followers, ${openReports('proposal', sql`i.id::text`)},
    ${reportersOf('proposal', sql`i.id::text`)}
  FROM proposals i JOIN monuments m ON m.id = i.monument_id`;

export function toQueueProposal(r: ProposalRow, lists: ScreenLists): QueueProposal {
  return {
    ...toProposal(r),
    moderation: r.moderation,
    screen: screenText(r.name, lists.words, lists.allowed),
    createdAt: new Date(r.created_at).toISOString(),
    monumentName: r.monument_name,
    monument: {
      geoLocX: Number(r.m_lat),
      geoLocY: Number(r.m_lng),
      category: r.m_category,
      sex: r.m_sex,
      shortDescription: r.m_description,
      shortDescription_en: r.m_description_en,
    },
    reports: reportsOf(r.reports_json),
    reporters: JSON.parse(r.reporters_json) as QueueProposal['reporters'],
    moderationReason: reasonOf(r),
    followers: Number(r.followers),
  };
}

export async function loadProposal(database: Database, tx: Db, id: number, lock = false): Promise<QueueProposal | null> {
  const [row] = await database.rows<ProposalRow>(
    sql`${proposalSelect} WHERE i.id = ${id} ${lock ? sql`FOR UPDATE OF i` : sql``}`,
    tx,
  );
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
  const monuments = await database.rows<MonumentRow>(sql`${monumentSelect}
    WHERE m.merged_into IS NULL AND (
      (m.creator_ip_hash IS NOT NULL AND NOT m.validated AND m.moderation <> 'rejected')
      OR m.moderation IN ('hidden', 'pending', 'held')
      OR EXISTS (SELECT 1 FROM reports r WHERE r.item_kind = 'monument' AND r.item_id = m.id AND r.resolved_at IS NULL))
    ORDER BY ${first('m')}`);
  const proposals = await database.rows<ProposalRow>(sql`${proposalSelect}
    WHERE (i.moderation IN ('hidden', 'pending', 'held') AND i.merged_into IS NULL)
      OR EXISTS (SELECT 1 FROM reports r WHERE r.item_kind = 'proposal' AND r.item_id = i.id::text AND r.resolved_at IS NULL)
    ORDER BY ${first('i')}`);
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
