// Staff's check of a proposal's votes: where they came from (networks as keyed hashes,
// hours, confirmations), the alerts, and releasing or invalidating a set of votes by filter, with a
// preview that computes exactly what the decision does. Counts are recomputed by the one rule in
// db/functions/votes.sql; the mayor's e-mail follows the decision (released, withdrawn while
// unsent, or corrected once when a sent one falls below the threshold).
import { sql, type SQL } from 'drizzle-orm';
import type {
  OutboxEntry,
  VoteAlert,
  VoteDecision,
  VoteDecisionAnswer,
  VoteFilter,
  VotePreviewRequest,
  VoteReview,
} from '@linz/contract';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../staff/audit.js';
import { Conflict, NotFound } from '../errors.js';
import { loadOutboxEntry, listOutboxOf } from '../outbox.js';
import type { VoteRules } from './votes.js';
import { syncWithheldMail } from './withheld-mail.js';

const iso = (t: Date | string) => new Date(t).toISOString();

/** "A", "B", … "Z", "AA", …: a network's label by the order of its first vote. */
export function networkLabel(n: number): string {
  let label = '';
  for (let k = n; k >= 0; k = Math.floor(k / 26) - 1) label = String.fromCharCode(65 + (k % 26)) + label;
  return label;
}

type Tally = { counted: number; held: number; invalidated: number; confirmed: number };
const tallyColumns = sql`count(*) FILTER (WHERE status = 'counted')::int AS counted,
  count(*) FILTER (WHERE status = 'held')::int AS held,
  count(*) FILTER (WHERE status = 'invalidated')::int AS invalidated,
  count(*) FILTER (WHERE status = 'counted' AND email_hash IS NOT NULL)::int AS confirmed`;
const tallyOf = (r: Tally): Tally => ({
  counted: Number(r.counted),
  held: Number(r.held),
  invalidated: Number(r.invalidated),
  confirmed: Number(r.confirmed),
});

/** The proposal's networks in order of their first vote, with their labels. */
async function networksOf(database: Database, id: number, tx?: Db) {
  const rows = await database.rows<Tally & { net_hash: string }>(
    sql`SELECT net_hash, ${tallyColumns} FROM votes WHERE proposal_id = ${id} AND net_hash <> 'expired'
        GROUP BY net_hash ORDER BY min(created_at), net_hash`,
    tx,
  );
  return rows.map((r, k) => ({ key: r.net_hash, label: networkLabel(k), ...tallyOf(r) }));
}

type AlertRow = {
  id: number;
  proposal_id: number;
  proposal_name: string;
  kind: VoteAlert['kind'];
  net_hash: string | null;
  votes: number;
  opened_at: Date | string;
  closed_at: Date | string | null;
};

const alertSelect = sql`SELECT a.id, a.proposal_id, i.name AS proposal_name, a.kind, a.net_hash, a.votes, a.opened_at, a.closed_at
  FROM vote_alerts a JOIN proposals i ON i.id = a.proposal_id`;

const toAlert = (r: AlertRow, label: (net: string) => string | null): VoteAlert => ({
  id: Number(r.id),
  proposalId: Number(r.proposal_id),
  proposalName: r.proposal_name,
  kind: r.kind,
  network: r.net_hash === null ? null : label(r.net_hash),
  votes: Number(r.votes),
  openedAt: iso(r.opened_at),
  closedAt: r.closed_at === null ? null : iso(r.closed_at),
});

/** Open alerts, newest first (shown first in /admin). */
export async function listOpenAlerts(database: Database): Promise<VoteAlert[]> {
  const rows = await database.rows<AlertRow>(sql`${alertSelect} WHERE a.closed_at IS NULL ORDER BY a.opened_at DESC, a.id DESC`);
  const labels = new Map<number, Map<string, string>>();
  for (const id of new Set(rows.map((r) => Number(r.proposal_id)))) {
    labels.set(id, new Map((await networksOf(database, id)).map((n) => [n.key, n.label])));
  }
  return rows.map((r) => toAlert(r, (net) => labels.get(Number(r.proposal_id))?.get(net) ?? null));
}

/** Open alerts by kind, for /metrics. */
export async function openAlertCounts(database: Database): Promise<Record<string, number>> {
  const rows = await database.rows<{ kind: string; n: number }>(
    sql`SELECT kind, count(*)::int AS n FROM vote_alerts WHERE closed_at IS NULL GROUP BY kind`,
  );
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
}

export async function reviewVotes(database: Database, id: number): Promise<VoteReview> {
  const [p] = await database.rows<{ name: string; votes: number; confirmed_votes: number }>(
    sql`SELECT name, votes, confirmed_votes FROM proposals WHERE id = ${id}`,
  );
  if (!p) throw new NotFound('Unknown proposal.');
  const networks = await networksOf(database, id);
  const label = new Map(networks.map((n) => [n.key, n.label]));
  const [all] = await database.rows<Tally>(sql`SELECT ${tallyColumns} FROM votes WHERE proposal_id = ${id}`);
  const hours = await database.rows<Tally & { hour: Date | string }>(
    sql`SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, ${tallyColumns}
        FROM votes WHERE proposal_id = ${id} GROUP BY 1 ORDER BY 1`,
  );
  const domains = await database.rows<{ domain: string; n: number }>(
    sql`SELECT email_domain AS domain, count(*)::int AS n FROM votes
        WHERE proposal_id = ${id} AND email_domain IS NOT NULL AND status = 'counted' GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
  const alerts = await database.rows<AlertRow>(
    sql`${alertSelect} WHERE a.proposal_id = ${id} ORDER BY a.closed_at IS NULL DESC, a.opened_at DESC`,
  );
  const votes = Number(p.votes);
  const confirmedVotes = Number(p.confirmed_votes);
  return {
    proposalId: id,
    name: p.name,
    votes,
    confirmedVotes,
    held: Number(all?.held ?? 0),
    invalidated: Number(all?.invalidated ?? 0),
    confirmedShare: votes === 0 ? 0 : confirmedVotes / votes,
    networks,
    hours: hours.map((h) => ({ hour: iso(h.hour), ...tallyOf(h) })),
    mailDomains: domains.map((d) => ({ domain: d.domain, votes: Number(d.n) })),
    alerts: alerts.map((r) => toAlert(r, (net) => label.get(net) ?? null)),
    mails: await listOutboxOf(database, id),
  };
}

const FROM_STATES = { release: ['held', 'invalidated'], invalidate: ['counted', 'held'] } as const;
const TO_STATE = { release: 'counted', invalidate: 'invalidated' } as const;

/** The votes of the proposal a decision changes: those of the filter in a state the action moves. */
function changing(id: number, { filter, action }: VotePreviewRequest): SQL {
  const f: VoteFilter = filter;
  const states = FROM_STATES[action];
  return sql.join(
    [
      sql`proposal_id = ${id}`,
      sql`status IN (${sql.join(
        states.map((s) => sql`${s}`),
        sql`, `,
      )})`,
      ...(f.status ? [sql`status = ${f.status}`] : []),
      ...(f.network ? [sql`net_hash = ${f.network}`] : []),
      ...(f.from ? [sql`created_at >= ${f.from}::timestamptz`] : []),
      ...(f.to ? [sql`created_at < ${f.to}::timestamptz`] : []),
      ...(f.confirmed === undefined ? [] : [f.confirmed ? sql`email_hash IS NOT NULL` : sql`email_hash IS NULL`]),
    ],
    sql` AND `,
  );
}

/** What a decision would do, computed from the votes as they are (in `tx` when deciding). */
async function effectOf(
  database: Database,
  id: number,
  d: VotePreviewRequest,
  tx?: Db,
): Promise<Omit<VoteDecisionAnswer, 'applied'>> {
  const to = TO_STATE[d.action];
  const [r] = await database.rows<{ changes: number; votes_after: number; confirmed_after: number }>(
    sql`SELECT count(*) FILTER (WHERE x.hit)::int AS changes,
          count(*) FILTER (WHERE x.after = 'counted')::int AS votes_after,
          count(*) FILTER (WHERE x.after = 'counted' AND x.confirmed)::int AS confirmed_after
        FROM (SELECT (${changing(id, d)}) AS hit, email_hash IS NOT NULL AS confirmed,
                CASE WHEN ${changing(id, d)} THEN ${to} ELSE status END AS after
              FROM votes WHERE proposal_id = ${id}) x`,
    tx,
  );
  return {
    changes: Number(r?.changes ?? 0),
    votesAfter: Number(r?.votes_after ?? 0),
    confirmedVotesAfter: Number(r?.confirmed_after ?? 0),
  };
}

export async function previewVotes(database: Database, id: number, d: VotePreviewRequest): Promise<VoteDecisionAnswer> {
  const [p] = await database.rows(sql`SELECT id FROM proposals WHERE id = ${id}`);
  if (!p) throw new NotFound('Unknown proposal.');
  return { ...(await effectOf(database, id, d)), applied: false };
}

/**
 * Releases or invalidates the votes of a filter, in one transaction with the proposal's row locked
 * (votes wait for it). Staff have looked: the proposal's open alerts close, and at or over the
 * threshold its mayor's e-mail goes (queued, or a held one released). Below it, an unsent mail is
 * withdrawn and a sent one gets one correction mail. Resolves with the effect and whether a mail was queued.
 */
export async function decideVotes(
  database: Database,
  actor: string,
  id: number,
  d: VoteDecision,
  rules: VoteRules,
): Promise<VoteDecisionAnswer & { mailQueued: boolean }> {
  return database.db.transaction(async (tx) => {
    const [before] = await database.rows<{ votes: number; confirmed_votes: number }>(
      sql`SELECT votes, confirmed_votes FROM proposals WHERE id = ${id} FOR UPDATE`,
      tx,
    );
    if (!before) throw new NotFound('Unknown proposal.');
    const changed = await database.rows(
      sql`UPDATE votes SET status = ${TO_STATE[d.action]} WHERE ${changing(id, d)} RETURNING 1`,
      tx,
    );
    await database.rows(sql`SELECT recount_votes(${id})`, tx);
    const [after] = await database.rows<{ votes: number; confirmed_votes: number; reached: boolean }>(
      sql`SELECT votes, confirmed_votes,
            threshold_count(votes, confirmed_votes, ${JSON.stringify(rules)}::jsonb) >= ${rules.threshold} AS reached
          FROM proposals WHERE id = ${id}`,
      tx,
    );
    await database.rows(
      sql`UPDATE vote_alerts SET closed_at = now(), closed_by = ${actor} WHERE proposal_id = ${id} AND closed_at IS NULL`,
      tx,
    );
    const mailQueued = await mailAfterDecision(database, tx, id, after?.reached === true, Number(after?.votes ?? 0), rules);
    await syncWithheldMail(database, tx);
    const answer = {
      changes: changed.length,
      votesAfter: Number(after?.votes ?? 0),
      confirmedVotesAfter: Number(after?.confirmed_votes ?? 0),
      applied: true,
    };
    // The log names a network as the review screen does ("A"), not by its keyed hash.
    const network = d.filter.network && (await networksOf(database, id, tx)).find((n) => n.key === d.filter.network)?.label;
    await audit(database, tx, {
      actor,
      action: d.action === 'release' ? 'votes.release' : 'votes.invalidate',
      itemKind: 'proposal',
      itemId: id,
      before: { votes: Number(before.votes), confirmedVotes: Number(before.confirmed_votes) },
      after: { ...answer, filter: network ? { ...d.filter, network } : d.filter, reason: d.reason },
    });
    return { ...answer, mailQueued };
  });
}

async function mailAfterDecision(database: Database, tx: Db, id: number, reached: boolean, votes: number, rules: VoteRules) {
  if (reached) {
    const released = await database.rows(
      sql`UPDATE mayor_notifications SET status = 'pending', next_attempt_at = now()
          WHERE proposal_id = ${id} AND kind = 'threshold' AND status = 'held' RETURNING id`,
      tx,
    );
    const [r] = await database.rows<{ q: boolean }>(
      sql`SELECT reach_threshold(${id}, ${JSON.stringify(rules)}::jsonb, true, now()) AS q`,
      tx,
    );
    return released.length > 0 || r?.q === true;
  }
  const [mail] = await database.rows<{ status: string }>(
    sql`SELECT status FROM mayor_notifications WHERE proposal_id = ${id} AND kind = 'threshold' FOR UPDATE`,
    tx,
  );
  if (!mail) return false;
  if (mail.status === 'sent' || mail.status === 'sending') {
    const queued = await database.rows(
      sql`INSERT INTO mayor_notifications (proposal_id, kind, vote_count) VALUES (${id}, 'correction', ${votes})
          ON CONFLICT DO NOTHING RETURNING id`,
      tx,
    );
    return queued.length > 0;
  }
  // Not gone yet: withdrawn, so that the proposal can reach the threshold again later.
  await database.rows(sql`DELETE FROM mayor_notifications WHERE proposal_id = ${id} AND kind = 'threshold'`, tx);
  return false;
}

/** A mayor's e-mail held for a staff check goes out; the proposal's open alerts close. Conflict when it is not held. */
export async function releaseMail(database: Database, actor: string, id: number): Promise<OutboxEntry> {
  return database.db.transaction(async (tx) => {
    const before = await loadOutboxEntry(database, tx, id, true);
    if (!before) throw new NotFound('Unknown notification.');
    const released = await database.rows(
      sql`UPDATE mayor_notifications SET status = 'pending', next_attempt_at = now() WHERE id = ${id} AND status = 'held' RETURNING id`,
      tx,
    );
    if (released.length === 0) throw new Conflict('Only a held notification can be released.');
    await database.rows(
      sql`UPDATE vote_alerts SET closed_at = now(), closed_by = ${actor}
          WHERE proposal_id = ${before.proposalId} AND closed_at IS NULL`,
      tx,
    );
    await syncWithheldMail(database, tx);
    const after = await loadOutboxEntry(database, tx, id, false);
    if (!after) throw new NotFound('Unknown notification.');
    await audit(database, tx, { actor, action: 'mail.release', itemKind: 'mail', itemId: id, before, after });
    return after;
  });
}
