// Staff decisions on monuments and proposals. Each action is one transaction: lock the row, read
// it, change it, read it again, and log both versions in the audit log. Callers refresh the
// public read caches afterwards (trpc/staff.ts).
import { eq, sql } from 'drizzle-orm';
import type { AuditAction, CityArea, HideReason, MergeResult, MonumentPatch, QueueProposal, StaffMonument } from '@linz/contract';
import type { Database, Db } from '../../db/client.js';
import { changesOf } from '../../db/answer-columns.js';
import { monuments } from '../../db/schema.js';
import { audit } from '../staff/audit.js';
import { Conflict, Invalid, NotFound } from '../errors.js';
import { resolveReports } from '../proposals/reports.js';
import { i, selectProposals } from '../proposals/proposals.js';
import { loadProposal, loadMonument } from '../staff/staff-views.js';
import { syncWithheldMail } from '../votes/withheld-mail.js';
import { refuseOutside } from '../monuments/monuments.js';
import type { VoteRules } from '../votes/votes.js';
import { FINAL_STATUSES, markFinal, queueFollowerMails } from '../follows/follows.js';
import { refuseUnknownCategory } from '../monuments/categories.js';
import { reasonText } from './moderation-reasons.js';

/** What the audit log keeps of an item: its own fields (not its open reports, which have their own table, nor its monument's). */
const monumentFacts = ({ reports: _reports, reporters: _reporters, ...rest }: StaffMonument) => rest;
// The status history is kept in its own table and only grows; the audit shows the answer and status it came with.
const proposalFacts = ({
  reports: _reports,
  reporters: _reporters,
  followers: _followers,
  monument: _monument,
  history: _history,
  ...rest
}: QueueProposal) => rest;

/** A kind of item staff decide on: how it is read (and locked) and what of it the audit log keeps. */
type Item<Id, Row> = {
  kind: 'monument' | 'proposal';
  load: (database: Database, tx: Db, id: Id, lock?: boolean) => Promise<Row | null>;
  facts: (row: Row) => object;
};
const MONUMENT: Item<string, StaffMonument> = { kind: 'monument', load: loadMonument, facts: monumentFacts };
const PROPOSAL: Item<number, QueueProposal> = { kind: 'proposal', load: loadProposal, facts: proposalFacts };

/** One decision: lock and read the item, change it, release or hold queued mail, read it again, log both versions. */
async function decide<Id extends string | number, Row>(
  item: Item<Id, Row>,
  database: Database,
  actor: string,
  id: Id,
  action: AuditAction | ((before: Row) => AuditAction),
  change: (tx: Db, before: Row) => Promise<void>,
): Promise<Row> {
  return database.db.transaction(async (tx) => {
    const before = await item.load(database, tx, id, true);
    if (!before) throw new NotFound(`Unknown ${item.kind}.`);
    await change(tx, before);
    await syncWithheldMail(database, tx);
    const after = found(await item.load(database, tx, id), item.kind);
    await audit(database, tx, {
      actor,
      action: typeof action === 'function' ? action(before) : action,
      itemKind: item.kind,
      itemId: id,
      before: item.facts(before),
      after: item.facts(after),
    });
    return after;
  });
}

/** The row, or NotFound (a row locked in this transaction cannot vanish; this only satisfies the types). */
function found<T>(row: T | null, what: string): T {
  if (row === null) throw new NotFound(`Unknown ${what}.`);
  return row;
}

const notMerged = (m: StaffMonument) => {
  if (m.mergedInto !== null) throw new Invalid('This monument was merged into another one.');
};

export const validateMonument = (database: Database, actor: string, id: string) =>
  decide(MONUMENT, database, actor, id, 'monument.validate', async (tx, m) => {
    notMerged(m);
    await database.rows(sql`UPDATE monuments SET validated = true WHERE id = ${id}`, tx);
  });

/** The reason columns' values for a hiding (its author reads them); null clears them. */
const reasonSets = (reason: { de: string; en: string } | null) =>
  sql`moderation_reason_de = ${reason?.de ?? null}, moderation_reason_en = ${reason?.en ?? null}`;

/** Hidden by staff ("Ausblenden (Moderation)", state `rejected`) with a reason: kept; its open reports are settled. */
export const rejectMonument = (database: Database, actor: string, id: string, reason: HideReason) =>
  decide(MONUMENT, database, actor, id, 'monument.reject', async (tx, m) => {
    notMerged(m);
    const text = await reasonText(database, tx, reason);
    await database.rows(sql`UPDATE monuments SET moderation = 'rejected', ${reasonSets(text)} WHERE id = ${id}`, tx);
    await resolveReports(database, tx, 'monument', id);
  });

/** Visible again (after hiding by reports or by staff); its open reports are settled. */
export const restoreMonument = (database: Database, actor: string, id: string) =>
  // A public monument is not restored: its reports are dismissed, and the log says so.
  decide(
    MONUMENT,
    database,
    actor,
    id,
    (m) => (m.moderation === 'visible' ? 'monument.dismissReports' : 'monument.restore'),
    async (tx, m) => {
      notMerged(m);
      await database.rows(sql`UPDATE monuments SET moderation = 'visible', ${reasonSets(null)} WHERE id = ${id}`, tx);
      await resolveReports(database, tx, 'monument', id);
    },
  );

/** Held by the word screen or waiting under MODERATION=pre: only these are approved (the others are restored). */
const awaitingApproval = (moderation: string, what: string) => {
  if (moderation !== 'pending' && moderation !== 'held') {
    throw new Conflict(`Only a ${what} held by the word screen or waiting for approval can be approved.`);
  }
};

/** Published: a held or pending monument becomes public (docs/screening.md). */
export const approveMonument = (database: Database, actor: string, id: string) =>
  decide(MONUMENT, database, actor, id, 'monument.approve', async (tx, m) => {
    notMerged(m);
    awaitingApproval(m.moderation, 'monument');
    await database.rows(sql`UPDATE monuments SET moderation = 'visible' WHERE id = ${id}`, tx);
    await resolveReports(database, tx, 'monument', id);
  });

/**
 * A correction by staff; a move must stay inside the city's area (other fields of a monument outside
 * it may still change), and a category must be one of `categories` (the contract's and the site profile's).
 */
export const updateMonument = (
  database: Database,
  actor: string,
  id: string,
  patch: MonumentPatch,
  rules: { area: CityArea; categories: readonly string[] },
) =>
  decide(MONUMENT, database, actor, id, 'monument.update', async (tx, m) => {
    notMerged(m);
    if (patch.category !== undefined) refuseUnknownCategory(rules.categories, patch.category);
    const area = rules.area;
    if (patch.geoLocX !== undefined || patch.geoLocY !== undefined) {
      refuseOutside(area, patch.geoLocX ?? m.geoLocX, patch.geoLocY ?? m.geoLocY);
    }
    const { geoLocX, geoLocY, ...same } = patch;
    const changes = changesOf(monuments, { ...same, lat: geoLocX, lng: geoLocY });
    if (Object.keys(changes).length === 0) throw new Invalid('Nothing to change.');
    await tx.update(monuments).set(changes).where(eq(monuments.id, id));
  });

/**
 * Merges a duplicate into the monument that stays: its proposals (and with them their votes)
 * move over, and its id opens the kept monument from then on.
 */
export async function mergeMonument(database: Database, actor: string, id: string, into: string): Promise<MergeResult> {
  if (id === into) throw new Invalid('A monument cannot be merged into itself.');
  return database.db.transaction(async (tx) => {
    // Both rows locked in id order, so two merges of the same pair cannot deadlock.
    const [a, b] = id < into ? [id, into] : [into, id];
    const first = await loadMonument(database, tx, a, true);
    const second = await loadMonument(database, tx, b, true);
    const from = id === a ? first : second;
    const kept = id === a ? second : first;
    if (!from) throw new NotFound('Unknown monument.');
    if (!kept) throw new NotFound('Unknown monument to merge into.');
    notMerged(from);
    if (kept.mergedInto !== null || kept.moderation !== 'visible') {
      throw new Invalid('The monument to merge into must be public and not merged itself.');
    }
    const moved = await database.rows<{ id: number; votes: number }>(
      sql`UPDATE proposals i SET monument_id = ${into} WHERE i.monument_id = ${id}
          RETURNING i.id, (SELECT count(*)::int FROM votes v WHERE v.proposal_id = i.id) AS votes`,
      tx,
    );
    await database.rows(sql`UPDATE monuments SET merged_into = ${into} WHERE id = ${id}`, tx);
    await resolveReports(database, tx, 'monument', id);
    await syncWithheldMail(database, tx);
    const movedVotes = moved.reduce((sum, r) => sum + Number(r.votes), 0);
    await audit(database, tx, {
      actor,
      action: 'monument.merge',
      itemKind: 'monument',
      itemId: id,
      before: monumentFacts(from),
      after: { mergedInto: into, movedProposals: moved.map((r) => Number(r.id)), movedVotes },
    });
    return { kept: found(await loadMonument(database, tx, into), 'monument'), movedProposals: moved.length, movedVotes };
  });
}

/** A correction by staff (e.g. personal data taken out of the name): it settles the proposal's open reports. */
export const saveProposalName = (database: Database, actor: string, id: number, name: string) =>
  decide(PROPOSAL, database, actor, id, 'proposal.update', async (tx) => {
    await database.rows(sql`UPDATE proposals SET name = ${name} WHERE id = ${id}`, tx);
    await resolveReports(database, tx, 'proposal', id);
  });

const isFinal = (status: string) => (FINAL_STATUSES as readonly string[]).includes(status);

/** Hidden by staff with a reason its author reads; its followers hear it once, and their follows end 90 days later (domain/follows/follows.ts). */
export const rejectProposal = (database: Database, actor: string, id: number, reason: HideReason) =>
  decide(PROPOSAL, database, actor, id, 'proposal.reject', async (tx, before) => {
    const text = await reasonText(database, tx, reason);
    await database.rows(sql`UPDATE proposals SET moderation = 'rejected', ${reasonSets(text)} WHERE id = ${id}`, tx);
    await resolveReports(database, tx, 'proposal', id);
    if (before.moderation !== 'rejected') {
      await queueFollowerMails(database, tx, id, { kind: 'removed', eventKey: 'removed', payload: {} });
      await markFinal(database, tx, id, true);
    }
  });

/** Published: a held or pending proposal becomes public (and so votable; docs/screening.md). */
export const approveProposal = (database: Database, actor: string, id: number) =>
  decide(PROPOSAL, database, actor, id, 'proposal.approve', async (tx, before) => {
    await notMergedProposal(database, tx, id);
    awaitingApproval(before.moderation, 'proposal');
    await database.rows(sql`UPDATE proposals SET moderation = 'visible' WHERE id = ${id}`, tx);
    await resolveReports(database, tx, 'proposal', id);
  });

export const restoreProposal = (database: Database, actor: string, id: number) =>
  // A public proposal is not restored: its reports are dismissed, and the log says so.
  decide(
    PROPOSAL,
    database,
    actor,
    id,
    (p) => (p.moderation === 'visible' ? 'proposal.dismissReports' : 'proposal.restore'),
    async (tx, before) => {
      await notMergedProposal(database, tx, id);
      await database.rows(sql`UPDATE proposals SET moderation = 'visible', ${reasonSets(null)} WHERE id = ${id}`, tx);
      await resolveReports(database, tx, 'proposal', id);
      await markFinal(database, tx, id, isFinal(before.status));
    },
  );

async function notMergedProposal(database: Database, tx: Db, id: number) {
  const [row] = await database.rows<{ merged_into: number | null }>(sql`SELECT merged_into FROM proposals WHERE id = ${id}`, tx);
  if (row && row.merged_into !== null) throw new Invalid('This proposal was merged into another one.');
}

/** The city's status and public statement (both languages); answeredAt is now. */
export const saveProposalAnswer = (
  database: Database,
  actor: string,
  id: number,
  answer: { status: QueueProposal['status']; statement: { de?: string; en?: string }; note?: string },
) =>
  decide(PROPOSAL, database, actor, id, 'proposal.answer', async (tx, before) => {
    const de = answer.statement.de ?? null;
    const en = answer.statement.en ?? null;
    const note = answer.note ?? null;
    const [row] = await database.rows<{ answered_at: Date | string }>(
      sql`UPDATE proposals SET status = ${answer.status}, answer_de = ${de},
            answer_en = ${en}, answered_at = now() WHERE id = ${id} RETURNING answered_at`,
      tx,
    );
    // The history gets the first answer, every change of status, and every answer with a note (a
    // step such as a council's debate while the status stays); a reworded statement alone is no step.
    if (before.answer === null || before.status !== answer.status || note !== null) {
      await database.rows(
        sql`INSERT INTO status_history (proposal_id, status, note, at) VALUES (${id}, ${answer.status}, ${note}, ${row?.answered_at ?? new Date()})`,
        tx,
      );
    }
    // One mail per change to each follower: an answer that repeats the last one word for word changes nothing.
    const same =
      before.answer !== null &&
      before.status === answer.status &&
      before.answer.de === de &&
      before.answer.en === en &&
      note === null;
    if (!same) {
      const eventKey = `status:${new Date(row?.answered_at ?? Date.now()).getTime()}`;
      const [h] = await selectProposals(tx).where(eq(i.id, id));
      const payload = { status: answer.status, de, en, note, history: h?.history ?? [] };
      await queueFollowerMails(database, tx, id, { kind: 'status', eventKey, payload });
    }
    await markFinal(database, tx, id, isFinal(answer.status));
  });

/**
 * Merges a proposal into a similar one that stays: each browser's vote counts once there (a
 * browser that voted for both keeps one), the counts are recomputed, followers and watches move
 * over (followers hear of it once), and the old id leads to the kept proposal from then on
 * (domain/follows/follows.ts currentProposalId). The old row stays, rejected, with merged_into set.
 */
export async function mergeProposal(
  database: Database,
  actor: string,
  id: number,
  into: number,
  rules: VoteRules,
): Promise<QueueProposal> {
  if (id === into) throw new Invalid('A proposal cannot be merged into itself.');
  return database.db.transaction(async (tx) => {
    const [a, b] = id < into ? [id, into] : [into, id];
    const first = await loadProposal(database, tx, a, true);
    const second = await loadProposal(database, tx, b, true);
    const from = id === a ? first : second;
    const kept = id === a ? second : first;
    if (!from) throw new NotFound('Unknown proposal.');
    if (!kept) throw new NotFound('Unknown proposal to merge into.');
    const merged = await database.rows<{ id: number; merged_into: number | null }>(
      sql`SELECT id, merged_into FROM proposals WHERE id IN (${id}, ${into})`,
      tx,
    );
    if (merged.some((r) => Number(r.id) === id && r.merged_into !== null)) {
      throw new Invalid('This proposal was merged into another one.');
    }
    if (kept.moderation !== 'visible' || merged.some((r) => Number(r.id) === into && r.merged_into !== null)) {
      throw new Invalid('The proposal to merge into must be public and not merged itself.');
    }
    // Votes go over as they are (one per browser; a confirmed address once), and the kept proposal's
    // counts are recomputed by the one rule (db/functions/votes.sql).
    const movedVotes = await database.rows(
      sql`INSERT INTO votes (proposal_id, voter_hash, ip_hash, net_hash, status, email_hash, email_domain, confirmed_at, created_at)
          SELECT ${into}, v.voter_hash, v.ip_hash, v.net_hash, v.status,
            CASE WHEN EXISTS (SELECT 1 FROM votes w WHERE w.proposal_id = ${into} AND w.email_hash = v.email_hash) THEN NULL ELSE v.email_hash END,
            v.email_domain, v.confirmed_at, v.created_at
          FROM votes v WHERE v.proposal_id = ${id}
          ON CONFLICT DO NOTHING RETURNING voter_hash`,
      tx,
    );
    await database.rows(sql`DELETE FROM votes WHERE proposal_id = ${id}`, tx);
    await database.rows(sql`SELECT recount_votes(${into})`, tx);
    await database.rows(
      sql`UPDATE proposals SET votes = 0, confirmed_votes = 0, merged_into = ${into}, merged_at = now(), moderation = 'rejected' WHERE id = ${id}`,
      tx,
    );
    // The merged votes may reach the threshold: the mayor's mail is queued as a vote would queue it.
    await database.rows(sql`SELECT reach_threshold(${into}, ${JSON.stringify(rules)}::jsonb, false, now())`, tx);
    const mailed = await queueFollowerMails(database, tx, id, {
      kind: 'merged',
      eventKey: 'merged',
      payload: { fromName: from.name, intoId: into, intoName: kept.name },
    });
    // An address that follows both keeps its follow of the kept proposal (and so hears no merge mail).
    await database.rows(
      sql`DELETE FROM follows f WHERE f.proposal_id = ${id}
          AND EXISTS (SELECT 1 FROM follows g WHERE g.proposal_id = ${into} AND g.email_hash = f.email_hash)`,
      tx,
    );
    const movedFollows = await database.rows(
      sql`UPDATE follows SET proposal_id = ${into} WHERE proposal_id = ${id} RETURNING id`,
      tx,
    );
    await database.rows(
      sql`INSERT INTO watches (proposal_id, voter_hash, created_at)
          SELECT ${into}, voter_hash, created_at FROM watches WHERE proposal_id = ${id} ON CONFLICT DO NOTHING`,
      tx,
    );
    await database.rows(sql`DELETE FROM watches WHERE proposal_id = ${id}`, tx);
    await resolveReports(database, tx, 'proposal', id);
    await syncWithheldMail(database, tx);
    await audit(database, tx, {
      actor,
      action: 'proposal.merge',
      itemKind: 'proposal',
      itemId: id,
      before: proposalFacts(from),
      after: { mergedInto: into, movedVotes: movedVotes.length, movedFollows: movedFollows.length, mergeMails: mailed },
    });
    return found(await loadProposal(database, tx, into), 'proposal');
  });
}
