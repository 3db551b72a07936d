// The daily retention job: deletes (or blanks) what is no longer needed, so personal data does not
// outlive its purpose. A list of steps, each one rule; a run takes them in order and writes one
// audit entry with every step's counts. One instance at a time: on PostgreSQL a run holds an
// advisory lock (another instance's run finds it taken and skips); PGlite has one process anyway.
//
// Address hashes are blanked, not deleted with their rows: the vote, the proposal, the monument
// stay. The blank is the marker 'expired' rather than NULL because NULL already means something
// (a monument without a creator hash is the city's own data, shown so to staff; a vote's address
// column is NOT NULL). A settled report's browser hash becomes 'expired:<id>' (its uniqueness
// per item and browser stays intact). No real hash equals either marker.
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_TTL_HOURS, type RetentionFacts } from '@linz/contract';
import { STAFF_SESSION_HOURS } from '@linz/contract/facts';
import type { Database } from '../../db/client.js';
import { FEEDBACK_EMAIL_DAYS, FEEDBACK_KEEP_DAYS, purgeFeedback } from './accessibility-feedback.js';
import { audit, SYSTEM_ACTOR } from '../staff/audit.js';
import { CONFIRM_HOURS, FOLLOW_KEEP_DAYS, purgeFollows } from '../follows/follows.js';
import { purgeVoteConfirmations } from '../votes/vote-confirm.js';
import { purgeIdempotencyKeys } from '../idempotency.js';
import { purgeWriteMarks } from '../limits.js';
import { SIGN_IN_WINDOW_MINUTES } from '../staff/staff.js';

export const EXPIRED_HASH = 'expired';
/** Reports settled by staff keep their hashes this long (a report of the same item by the same browser is recognised). */
export const SETTLED_REPORT_DAYS = 180;
const DAY_MS = 86_400_000;

export type RetentionContext = { now: Date; retentionDays: number };
/** A step's counts: one number, or one per kind of row it touched. */
export type StepCounts = number | Record<string, number>;
export type RetentionStep = { name: string; run(database: Database, ctx: RetentionContext): Promise<StepCounts> };

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();
const count = (rows: unknown[]) => rows.length;

export const RETENTION_STEPS: RetentionStep[] = [
  {
    // Failed staff sign-ins count for the limit during their window only.
    name: 'signInAttempts',
    run: async (database, { now }) =>
      count(
        await database.rows(
          sql`DELETE FROM sign_in_attempts WHERE at < ${ago(now, SIGN_IN_WINDOW_MINUTES * 60_000)}::timestamptz RETURNING id`,
        ),
      ),
  },
  {
    // A session that expired or was ended opens nothing any more.
    name: 'staffSessions',
    run: async (database, { now }) =>
      count(
        await database.rows(
          sql`DELETE FROM staff_sessions WHERE expires_at < ${now.toISOString()}::timestamptz
              OR ended_at < ${now.toISOString()}::timestamptz RETURNING id_hash`,
        ),
      ),
  },
  {
    // Today's and yesterday's keys only (domain/identity.ts also deletes older ones on a new day's
    // first request; this covers days without any): without its key a hash cannot be recomputed.
    name: 'ipKeys',
    run: async (database, { now }) =>
      count(await database.rows(sql`DELETE FROM ip_keys WHERE day < ${ago(now, DAY_MS).slice(0, 10)} RETURNING day`)),
  },
  {
    // Address hashes serve the limits (minutes to a day) and abuse review: RETENTION_DAYS, then blanked.
    name: 'addressHashes',
    run: async (database, { now, retentionDays }) => {
      const cutoff = ago(now, retentionDays * DAY_MS);
      const blank = async (
        table: 'votes' | 'proposals' | 'monuments' | 'accessibility_feedback' | 'photos' | 'place_suggestions',
        column: 'ip_hash' | 'net_hash' | 'area_hash' | 'creator_ip_hash' | 'uploader_ip_hash' | 'uploader_net_hash',
      ) =>
        count(
          await database.rows(
            sql`UPDATE ${sql.raw(table)} SET ${sql.raw(column)} = ${EXPIRED_HASH}
                WHERE created_at < ${cutoff}::timestamptz AND ${sql.raw(column)} <> ${EXPIRED_HASH} RETURNING 1`,
          ),
        );
      return {
        votes: await blank('votes', 'ip_hash'),
        voteNetworks: await blank('votes', 'net_hash'),
        voteAreas: await blank('votes', 'area_hash'),
        proposals: await blank('proposals', 'creator_ip_hash'),
        monuments: await blank('monuments', 'creator_ip_hash'),
        accessibilityFeedback: await blank('accessibility_feedback', 'creator_ip_hash'),
        photos: await blank('photos', 'uploader_ip_hash'),
        photoNetworks: await blank('photos', 'uploader_net_hash'),
        placeSuggestions: await blank('place_suggestions', 'creator_ip_hash'),
      };
    },
  },
  {
    // An open report keeps its hashes (hiding counts distinct browsers and networks); settled, 180 days.
    name: 'settledReports',
    run: async (database, { now }) =>
      count(
        await database.rows(
          sql`UPDATE reports SET reporter_hash = ${`${EXPIRED_HASH}:`} || id, creator_ip_hash = NULL, net_hash = NULL
              WHERE resolved_at < ${ago(now, SETTLED_REPORT_DAYS * DAY_MS)}::timestamptz
                AND reporter_hash NOT LIKE ${`${EXPIRED_HASH}:%`} RETURNING id`,
        ),
      ),
  },
  // E-mail follows: unconfirmed after 48 h, ended 90 days after a final status (domain/follows/follows.ts).
  { name: 'follows', run: (database, { now }) => purgeFollows(database, now) },
  // A vote's confirmation whose link expired goes with its address.
  { name: 'voteConfirmations', run: (database, { now }) => purgeVoteConfirmations(database, now) },
  // Idempotency-Key answers are kept 24 hours (domain/idempotency.ts).
  { name: 'writeMarks', run: (database) => purgeWriteMarks(database) },
  { name: 'idempotencyKeys', run: (database, { now }) => purgeIdempotencyKeys(database, now) },
  // Accessibility feedback: the address after FEEDBACK_EMAIL_DAYS, the message after FEEDBACK_KEEP_DAYS.
  { name: 'accessibilityFeedback', run: (database, { now }) => purgeFeedback(database, now) },
];

/**
 * How long each kind of data is kept, as the steps above and the rules they name enforce: the
 * privacy page shows these numbers (GET /api/site), so it cannot state others.
 */
export function retentionFacts(retentionDays: number): RetentionFacts {
  return {
    addressHashDays: retentionDays,
    settledReportDays: SETTLED_REPORT_DAYS,
    followUnconfirmedHours: CONFIRM_HOURS,
    followEndedDays: FOLLOW_KEEP_DAYS,
    staffSessionHours: STAFF_SESSION_HOURS,
    signInWindowMinutes: SIGN_IN_WINDOW_MINUTES,
    idempotencyHours: IDEMPOTENCY_TTL_HOURS,
    feedbackDays: FEEDBACK_KEEP_DAYS,
    feedbackEmailDays: FEEDBACK_EMAIL_DAYS,
  };
}

export type RetentionRun = { ranAt: string; retentionDays: number; counts: Record<string, StepCounts> };

const LOCK_KEY = sql`hashtext('denkmal:retention')`;

/**
 * Runs every step once and audits the counts; null when another instance is running the job.
 * On PostgreSQL the lock is held by a transaction of its own on one pooled connection while the
 * steps run on others; it ends with the run (or with the connection, should this process die).
 */
export async function runRetention(
  database: Database,
  ctx: RetentionContext,
  steps: RetentionStep[] = RETENTION_STEPS,
): Promise<RetentionRun | null> {
  const run = async (): Promise<RetentionRun> => {
    const counts: Record<string, StepCounts> = {};
    for (const step of steps) counts[step.name] = await step.run(database, ctx);
    const result = { ranAt: ctx.now.toISOString(), retentionDays: ctx.retentionDays, counts };
    await database.db.transaction((tx) =>
      audit(database, tx, {
        actor: SYSTEM_ACTOR,
        action: 'retention.run',
        itemKind: 'retention',
        itemId: result.ranAt.slice(0, 10),
        before: null,
        after: result,
      }),
    );
    return result;
  };
  if (database.kind === 'pglite') return run();
  return database.db.transaction(async (tx) => {
    const [lock] = await database.rows<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${LOCK_KEY}) AS ok`, tx);
    return lock?.ok ? run() : null;
  });
}

export const RETENTION_FIRST_RUN_MS = 10 * 60_000;
export const RETENTION_INTERVAL_MS = DAY_MS;

/**
 * Schedules `job` (a retention run): first RETENTION_FIRST_RUN_MS after start (not during
 * start-up's rush), then every 24 hours; a tick while the last run still goes is skipped. Plain
 * timers, so tests drive them with fake timers. Returns the stop function (it awaits a running job).
 */
export function scheduleRetention(job: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= job().finally(() => (running = undefined));
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    tick();
    interval = setInterval(tick, RETENTION_INTERVAL_MS);
    interval.unref();
  }, RETENTION_FIRST_RUN_MS);
  first.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(interval);
    await running;
  };
}
