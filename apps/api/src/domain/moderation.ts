// Staff decisions on monuments and proposals. Each action is one transaction: lock the row, read
// it, change it, read it again, and log both versions in the audit log. Callers refresh the
// public read caches afterwards (trpc/staff.ts).
import { sql } from 'drizzle-orm';
import type { AuditAction, MergeResult, MonumentPatch, QueueIntervention, StaffMonument } from '@linz/contract';
import type { Database, Db } from '../db/client.js';
import { audit } from './audit.js';
import { Invalid, NotFound } from './errors.js';
import { resolveReports } from './reports.js';
import { loadIntervention, loadMonument } from './staff-views.js';
import { syncWithheldMail } from './withheld-mail.js';

/** What the audit log keeps of a monument (without the open reports, which have their own table). */
const monumentFacts = ({ reports: _reports, ...rest }: StaffMonument) => rest;
const interventionFacts = ({ reports: _reports, ...rest }: QueueIntervention) => rest;

async function onMonument(
  database: Database,
  actor: string,
  id: string,
  action: AuditAction,
  change: (tx: Db, before: StaffMonument) => Promise<void>,
): Promise<StaffMonument> {
  return database.db.transaction(async (tx) => {
    const before = await loadMonument(database, tx, id, true);
    if (!before) throw new NotFound('Unknown monument.');
    await change(tx, before);
    await syncWithheldMail(database, tx);
    const after = found(await loadMonument(database, tx, id), 'monument');
    await audit(database, tx, {
      actor,
      action,
      itemKind: 'monument',
      itemId: id,
      before: monumentFacts(before),
      after: monumentFacts(after),
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
  onMonument(database, actor, id, 'monument.validate', async (tx, m) => {
    notMerged(m);
    await database.rows(sql`UPDATE monuments SET validated = true WHERE id = ${id}`, tx);
  });

/** Rejected: hidden from the public, kept; its open reports are settled. */
export const rejectMonument = (database: Database, actor: string, id: string) =>
  onMonument(database, actor, id, 'monument.reject', async (tx, m) => {
    notMerged(m);
    await database.rows(sql`UPDATE monuments SET moderation = 'rejected' WHERE id = ${id}`, tx);
    await resolveReports(database, tx, 'monument', id);
  });

/** Visible again (after hiding by reports or a rejection); its open reports are settled. */
export const restoreMonument = (database: Database, actor: string, id: string) =>
  onMonument(database, actor, id, 'monument.restore', async (tx, m) => {
    notMerged(m);
    await database.rows(sql`UPDATE monuments SET moderation = 'visible' WHERE id = ${id}`, tx);
    await resolveReports(database, tx, 'monument', id);
  });

export const updateMonument = (database: Database, actor: string, id: string, patch: MonumentPatch) =>
  onMonument(database, actor, id, 'monument.update', async (tx, m) => {
    notMerged(m);
    const sets = [
      patch.name !== undefined && sql`name = ${patch.name}`,
      patch.name_en !== undefined && sql`name_en = ${patch.name_en === '' ? null : patch.name_en}`,
      patch.geoLocX !== undefined && sql`lat = ${patch.geoLocX}`,
      patch.geoLocY !== undefined && sql`lng = ${patch.geoLocY}`,
      patch.category !== undefined && sql`category = ${patch.category}`,
      patch.sex !== undefined && sql`sex = ${patch.sex}`,
      patch.shortDescription !== undefined && sql`short_description = ${patch.shortDescription}`,
      patch.shortDescription_en !== undefined && sql`short_description_en = ${patch.shortDescription_en}`,
    ].filter((s) => s !== false);
    if (sets.length === 0) throw new Invalid('Nothing to change.');
    await database.rows(sql`UPDATE monuments SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`, tx);
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
      sql`UPDATE interventions i SET monument_id = ${into} WHERE i.monument_id = ${id}
          RETURNING i.id, (SELECT count(*)::int FROM votes v WHERE v.intervention_id = i.id) AS votes`,
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

async function onIntervention(
  database: Database,
  actor: string,
  id: number,
  action: AuditAction,
  change: (tx: Db, before: QueueIntervention) => Promise<void>,
): Promise<QueueIntervention> {
  return database.db.transaction(async (tx) => {
    const before = await loadIntervention(database, tx, id, true);
    if (!before) throw new NotFound('Unknown intervention.');
    await change(tx, before);
    await syncWithheldMail(database, tx);
    const after = found(await loadIntervention(database, tx, id), 'intervention');
    await audit(database, tx, {
      actor,
      action,
      itemKind: 'intervention',
      itemId: id,
      before: interventionFacts(before),
      after: interventionFacts(after),
    });
    return after;
  });
}

export const renameIntervention = (database: Database, actor: string, id: number, name: string) =>
  onIntervention(database, actor, id, 'intervention.update', async (tx) => {
    await database.rows(sql`UPDATE interventions SET name = ${name} WHERE id = ${id}`, tx);
  });

export const rejectIntervention = (database: Database, actor: string, id: number) =>
  onIntervention(database, actor, id, 'intervention.reject', async (tx) => {
    await database.rows(sql`UPDATE interventions SET moderation = 'rejected' WHERE id = ${id}`, tx);
    await resolveReports(database, tx, 'intervention', id);
  });

export const restoreIntervention = (database: Database, actor: string, id: number) =>
  onIntervention(database, actor, id, 'intervention.restore', async (tx) => {
    await database.rows(sql`UPDATE interventions SET moderation = 'visible' WHERE id = ${id}`, tx);
    await resolveReports(database, tx, 'intervention', id);
  });

/** The city's status and public statement (both languages); answeredAt is now. */
export const answerIntervention = (
  database: Database,
  actor: string,
  id: number,
  answer: { status: QueueIntervention['status']; statement: { de: string; en: string } },
) =>
  onIntervention(database, actor, id, 'intervention.answer', async (tx) => {
    await database.rows(
      sql`UPDATE interventions SET status = ${answer.status}, answer_de = ${answer.statement.de},
            answer_en = ${answer.statement.en}, answered_at = now() WHERE id = ${id}`,
      tx,
    );
  });
