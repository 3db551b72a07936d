// Idempotency-Key for the public writes (vote, new proposal, new monument): a retry with the same
// key (an offline queue's replay, a double tap, a reply lost in a dead spot) gets the first answer
// again instead of acting twice. Keys are per voter (the keyed hash of the voter cookie) and kept
// IDEMPOTENCY_TTL_HOURS.
//
// The database decides: the first request inserts a "running" row under the (voter, key) primary
// key before it acts; a concurrent repeat finds the row and waits for its answer, on any instance.
// Stored: the success and the domain's refusals (already voted 403, not found 404, duplicate 409,
// limit reached 429, invalid 400): they are the request's answer, and acting again would not change
// it. Not stored: anything else (5xx, a lost database): the row is deleted so a retry can succeed.
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_TTL_HOURS } from '@linz/contract';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { AlreadyVoted, Conflict, DomainError, Duplicate, Invalid, LimitReached, NotFound } from './errors.js';

/** The same key was sent with another request (another route or body): 422. */
export class KeyReused extends DomainError {
  constructor() {
    super('This Idempotency-Key was used for a different request.');
  }
}

/** A request with this key is still running after the wait: 409, try again shortly. */
export class KeyInProgress extends Conflict {
  constructor() {
    super('A request with this Idempotency-Key is still being processed; try again shortly.');
  }
}

type StoredRefusal = {
  kind: 'AlreadyVoted' | 'LimitReached' | 'Duplicate' | 'Conflict' | 'NotFound' | 'Invalid';
  message: string;
  retryAfterSeconds?: number;
  existingId?: string;
};
type Outcome = { ok: true; data: unknown } | { ok: false; error: StoredRefusal };

/** The refusals that are stored and replayed; undefined for anything else. */
function refusalOf(err: unknown): StoredRefusal | undefined {
  if (err instanceof KeyInProgress || err instanceof KeyReused) return undefined;
  const message = err instanceof Error ? err.message : '';
  if (err instanceof AlreadyVoted) return { kind: 'AlreadyVoted', message };
  if (err instanceof LimitReached) return { kind: 'LimitReached', message, retryAfterSeconds: err.retryAfterSeconds };
  if (err instanceof Duplicate) return { kind: 'Duplicate', message, existingId: err.existingId };
  if (err instanceof Conflict) return { kind: 'Conflict', message };
  if (err instanceof NotFound) return { kind: 'NotFound', message };
  if (err instanceof Invalid) return { kind: 'Invalid', message };
  return undefined;
}

function refusalError(r: StoredRefusal): DomainError {
  switch (r.kind) {
    case 'AlreadyVoted':
      return new AlreadyVoted();
    case 'LimitReached':
      return new LimitReached(r.message, r.retryAfterSeconds ?? 60);
    case 'Duplicate':
      return new Duplicate(r.message, r.existingId ?? '');
    case 'Conflict':
      return new Conflict(r.message);
    case 'NotFound':
      return new NotFound(r.message);
    case 'Invalid':
      return new Invalid(r.message);
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
  /** The answer's status for a success; `statusOf` gives a refusal's. */
  successStatus: number;
  statusOf: (refusal: DomainError) => number;
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
    if (refusal) await store(req.statusOf(err as DomainError), { ok: false, error: refusal });
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
