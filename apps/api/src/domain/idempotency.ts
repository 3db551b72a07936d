// Idempotency-Key for the public writes (vote, new proposal, new monument): a retry with the same
// key (an offline queue's replay, a double tap, a reply lost in a dead spot) gets the first answer
// again instead of acting twice. Keys are per voter (the keyed hash of the voter cookie) and kept
// IDEMPOTENCY_TTL_HOURS.
//
// The database decides: the first request inserts a "running" row under the (voter, key) primary
// key before it acts; a concurrent repeat finds the row and waits for its answer, on any instance.
// Stored: the success and the domain's refusals (already voted, not found, duplicate, conflict,
// limit reached, invalid), by their code: they are the request's answer, and acting again would not
// change it. Not stored: anything else (a server error, a lost database): the row is deleted so a
// retry can succeed.
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_TTL_HOURS, type ErrorCode } from '@linz/contract';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { AlreadyVoted, Conflict, DomainError, Duplicate, Invalid, LimitReached, NotFound } from './errors.js';

/** The same key was sent with another request (another route or body). */
export class KeyReused extends DomainError {
  readonly code = 'KEY_REUSED';
  constructor() {
    super('This Idempotency-Key was used for a different request.');
  }
}

/** A request with this key is still running after the wait: try again shortly. */
export class KeyInProgress extends Conflict {
  override readonly code = 'KEY_IN_PROGRESS';
  constructor() {
    super('A request with this Idempotency-Key is still being processed; try again shortly.');
  }
}

/** A refusal as stored: its code (the answer's `code`), message and details. */
type StoredRefusal = {
  code: ErrorCode;
  message: string;
  retryAfterSeconds?: number;
  existingId?: string;
};
type Outcome = { ok: true; data: unknown } | { ok: false; error: StoredRefusal };

/** The refusals that are stored and replayed; undefined for anything else. */
function refusalOf(err: unknown): StoredRefusal | undefined {
  if (err instanceof KeyInProgress || err instanceof KeyReused) return undefined;
  if (err instanceof LimitReached) return { code: err.code, message: err.message, retryAfterSeconds: err.retryAfterSeconds };
  if (err instanceof Duplicate) return { code: err.code, message: err.message, existingId: err.existingId };
  if (err instanceof AlreadyVoted || err instanceof Conflict || err instanceof NotFound || err instanceof Invalid) {
    return { code: err.code, message: err.message };
  }
  return undefined;
}

/** The stored refusal thrown again. Rows written before codes were stored name the class as `kind`. */
function refusalError(stored: StoredRefusal & { kind?: string }): DomainError {
  const code = stored.code ?? LEGACY_KINDS[stored.kind ?? ''] ?? 'INVALID';
  switch (code) {
    case 'ALREADY_VOTED':
      return new AlreadyVoted();
    case 'TOO_MANY_REQUESTS':
      return new LimitReached(stored.message, stored.retryAfterSeconds ?? 60);
    case 'DUPLICATE':
      return new Duplicate(stored.message, stored.existingId ?? '');
    case 'NOT_FOUND':
      return new NotFound(stored.message);
    case 'CONFLICT':
      return new Conflict(stored.message);
    default:
      return new StoredInvalid(code, stored.message);
  }
}

const LEGACY_KINDS: Record<string, ErrorCode> = {
  AlreadyVoted: 'ALREADY_VOTED',
  LimitReached: 'TOO_MANY_REQUESTS',
  Duplicate: 'DUPLICATE',
  Conflict: 'CONFLICT',
  NotFound: 'NOT_FOUND',
  Invalid: 'INVALID',
};

/** An invalid request's stored refusal with its own code (e.g. OUTSIDE_AREA) kept. */
class StoredInvalid extends Invalid {
  override readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** What identifies a request apart from its key: the route and its validated input. */
export function fingerprintOf(route: string, input: unknown): string {
  return createHash('sha256').update(route).update('\0').update(JSON.stringify(input)).digest('base64url');
}

export type IdempotentRequest = {
  voterHash: string;
  key: string;
  fingerprint: string;
  /** The answer's status for a success; `statusOf` gives a refusal's (stored beside its outcome). */
  successStatus: number;
  statusOf: (code: ErrorCode) => number;
  /** How long a repeat waits for a running first request before it answers KeyInProgress. */
  waitMs: number;
  /** True once the repeat's own request has been answered (its deadline): it stops waiting. */
  answered?: () => boolean;
  now?: () => Date;
};

const POLL_MS = 50;
/** Longer than any request may run (deadline, statement timeout): a row still running is abandoned. */
const ABANDONED_MS = 120_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function replay<T>(outcome: Outcome): T {
  if (outcome.ok) return outcome.data as T;
  throw refusalError(outcome.error);
}

/**
 * Runs `act` once per (voter, key): the first request acts and stores its answer; a repeat gets
 * that answer (or waits for it while the first is running); the same key with another request is
 * refused. An expired key is forgotten here as well as by purgeIdempotencyKeys.
 */
export async function idempotent<T>(database: Database, req: IdempotentRequest, act: () => Promise<T>): Promise<T> {
  const { db } = database;
  const now = req.now ?? (() => new Date());
  const mine = and(eq(idempotencyKeys.voterHash, req.voterHash), eq(idempotencyKeys.key, req.key));
  // The wait is measured on the monotonic clock: tests fake the date, not the passing of time.
  const deadline = performance.now() + req.waitMs;
  for (;;) {
    const at = now();
    await db.delete(idempotencyKeys).where(and(mine, lte(idempotencyKeys.expiresAt, at)));
    const claimed = await db
      .insert(idempotencyKeys)
      .values({
        voterHash: req.voterHash,
        key: req.key,
        fingerprint: req.fingerprint,
        createdAt: at,
        expiresAt: new Date(at.getTime() + IDEMPOTENCY_TTL_HOURS * 3600_000),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) return actAndStore(database, req, act);

    const [row] = await db
      .select({
        fingerprint: idempotencyKeys.fingerprint,
        status: idempotencyKeys.status,
        outcome: idempotencyKeys.outcome,
        createdAt: idempotencyKeys.createdAt,
      })
      .from(idempotencyKeys)
      .where(mine);
    if (!row) continue; // the first failed (its row deleted) or expired meanwhile: try to act
    if (row.fingerprint !== req.fingerprint) throw new KeyReused();
    if (row.status !== null) return replay<T>(row.outcome as Outcome);
    // A first request whose instance died before it stored its answer: its key is taken over.
    if (at.getTime() - row.createdAt.getTime() > ABANDONED_MS) {
      await db
        .delete(idempotencyKeys)
        .where(and(mine, isNull(idempotencyKeys.status), lte(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (performance.now() >= deadline || req.answered?.()) throw new KeyInProgress();
    await pause(POLL_MS);
  }
}

async function actAndStore<T>(database: Database, req: IdempotentRequest, act: () => Promise<T>): Promise<T> {
  const { db } = database;
  const mine = and(eq(idempotencyKeys.voterHash, req.voterHash), eq(idempotencyKeys.key, req.key));
  const store = (status: number, outcome: Outcome) => db.update(idempotencyKeys).set({ status, outcome }).where(mine);
  let data: T;
  try {
    data = await act();
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal) await store(req.statusOf(refusal.code), { ok: false, error: refusal });
    // Not the request's answer (a server error): forget the key, so a retry may act.
    else
      await db
        .delete(idempotencyKeys)
        .where(mine)
        .catch(() => {});
    throw err;
  }
  // The stored copy is what a repeat gets: JSON, as the first answer goes out.
  await store(req.successStatus, { ok: true, data: JSON.parse(JSON.stringify(data)) as unknown });
  return data;
}

/** Deletes the keys whose time is up (the daily retention job); returns how many. */
export async function purgeIdempotencyKeys(database: Database, now: Date = new Date()): Promise<number> {
  const gone = await database.db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
