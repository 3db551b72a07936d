// Citizens' reports. One per browser and item (a repeat changes nothing); when open reports on a
// public item come from `threshold` different browsers AND `threshold` different networks (keyed
// hashes of an IPv4 /24 or an IPv6 /56, as the vote review counts them: identity.ts networkOf), it
// is hidden until staff decide, and the hiding is logged with the actor "system". Both, because a
// client that drops its cookie is a new browser each time, and a household has many addresses:
// three requests from one home must not hide anything.
// Never hidden by reports alone (issue 56): the city's validated monuments, and proposals that
// reached the mayor's threshold or have the city's answer. Their reports wait for staff in /admin
// like any other: e-petitions and Decidim keep an item that has been answered or passed on up
// until a moderator decides, so that reports cannot take down what the city already stands behind.
import { sql } from 'drizzle-orm';
import type { NewReport } from '@linz/contract';
import type { Database, Db } from '../../db/client.js';
import { audit, SYSTEM_ACTOR } from '../staff/audit.js';
import { NotFound } from '../errors.js';
import { proposalIsPublic, publicMonument } from '../moderation/visibility.js';
import { syncWithheldMail } from '../votes/withheld-mail.js';

export type ReportTarget = { kind: 'monument'; id: string } | { kind: 'proposal'; id: number };
export type ReportOutcome = { created: boolean; hidden: boolean };

// Locks the item's row: reports on one item take turns, so the count that decides hiding is exact.
async function lockIfPublic(database: Database, tx: Db, target: ReportTarget): Promise<boolean> {
  const rows =
    target.kind === 'monument'
      ? await database.rows(sql`SELECT 1 FROM monuments m WHERE m.id = ${target.id} AND ${publicMonument('m')} FOR UPDATE`, tx)
      : await database.rows(
          sql`SELECT 1 FROM proposals i JOIN monuments m ON m.id = i.monument_id
              WHERE i.id = ${target.id} AND ${proposalIsPublic('i', 'm')} FOR UPDATE OF i`,
          tx,
        );
  return rows.length > 0;
}

type OpenReports = { openReports: number; browsers: number; networks: number };

/** Whether reports alone may hide the item (see the head of this file). */
async function hideable(database: Database, tx: Db, target: ReportTarget): Promise<boolean> {
  const rows =
    target.kind === 'monument'
      ? await database.rows(sql`SELECT 1 FROM monuments WHERE id = ${target.id} AND NOT validated`, tx)
      : await database.rows(
          sql`SELECT 1 FROM proposals i WHERE i.id = ${target.id} AND i.answered_at IS NULL
                AND NOT EXISTS (SELECT 1 FROM mayor_notifications n WHERE n.proposal_id = i.id AND n.kind = 'threshold')`,
          tx,
        );
  return rows.length > 0;
}

/** Hides the item if it is still visible; true when this call hid it. */
async function hide(database: Database, tx: Db, target: ReportTarget, open: OpenReports): Promise<boolean> {
  const table = sql.raw(target.kind === 'monument' ? 'monuments' : 'proposals');
  const rows = await database.rows(
    sql`UPDATE ${table} SET moderation = 'hidden' WHERE id = ${target.id} AND moderation = 'visible' RETURNING id`,
    tx,
  );
  if (rows.length === 0) return false;
  await syncWithheldMail(database, tx);
  await audit(database, tx, {
    actor: SYSTEM_ACTOR,
    action: target.kind === 'monument' ? 'monument.hide' : 'proposal.hide',
    itemKind: target.kind,
    itemId: target.id,
    before: { moderation: 'visible' },
    after: { moderation: 'hidden', ...open },
  });
  return true;
}

/** Records a report in `tx` (the caller's transaction, which also applies the create limit). */
export async function report(
  database: Database,
  tx: Db,
  target: ReportTarget,
  body: NewReport,
  who: { reporterHash: string; ipHash: string; netHash: string },
  threshold: number,
): Promise<ReportOutcome> {
  {
    if (!(await lockIfPublic(database, tx, target))) throw new NotFound(`Unknown ${target.kind}.`);
    const inserted = await database.rows(
      sql`INSERT INTO reports (item_kind, item_id, reporter_hash, creator_ip_hash, net_hash, reason, comment)
          VALUES (${target.kind}, ${String(target.id)}, ${who.reporterHash}, ${who.ipHash}, ${who.netHash}, ${body.reason}, ${body.comment ?? null})
          ON CONFLICT DO NOTHING RETURNING id`,
      tx,
    );
    if (inserted.length === 0) return { created: false, hidden: false };
    // A report from before networks were kept counts as a network of its own.
    const [row] = await database.rows<{ n: number; browsers: number; networks: number }>(
      sql`SELECT count(*)::int AS n, count(DISTINCT reporter_hash)::int AS browsers,
            count(DISTINCT coalesce(net_hash, 'report:' || id))::int AS networks
          FROM reports WHERE item_kind = ${target.kind} AND item_id = ${String(target.id)} AND resolved_at IS NULL`,
      tx,
    );
    const open = {
      openReports: Number(row?.n ?? 0),
      browsers: Number(row?.browsers ?? 0),
      networks: Number(row?.networks ?? 0),
    };
    const hidden =
      threshold > 0 && open.browsers >= threshold && open.networks >= threshold && (await hideable(database, tx, target))
        ? await hide(database, tx, target, open)
        : false;
    return { created: true, hidden };
  }
}

/** Staff decided on the item: its open reports are closed (they no longer count toward hiding). */
export async function resolveReports(database: Database, tx: Db, kind: ReportTarget['kind'], id: string | number) {
  await database.rows(
    sql`UPDATE reports SET resolved_at = now() WHERE item_kind = ${kind} AND item_id = ${String(id)} AND resolved_at IS NULL`,
    tx,
  );
}
