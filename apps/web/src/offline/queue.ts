// The offline queue: a vote, a proposal or a new monument that could not be sent (no connection, or
// the answer was lost) is kept in IndexedDB with the Idempotency-Key made when the visitor acted,
// and sent again when the connection returns (the `online` event, app start, every SYNC_EVERY_MS).
// The server answers a repeated key with its first answer, so a resend after a reload, a closed
// tab or a connection lost mid-send doubles nothing; an entry leaves the queue only once the
// server has answered it (not for a network failure or a 5xx), so nothing is lost either.
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { call } from '../api/client';
import { apiErrorOf, type ApiError } from '../api/errors';
import { votedList } from '../storage/keys';

export const SYNC_EVERY_MS = 30_000;

export type QueuedAction =
  | { kind: 'vote'; monumentId: string; proposalId: number; label: string }
  | { kind: 'proposal'; monumentId: string; name: string; label: string }
  | { kind: 'monument'; id: string; name: string; geoLocX: number; geoLocY: number; interventionTitle: string; label: string };

export type Outcome =
  | { type: 'counted'; newVoteCount?: number }
  | { type: 'added'; monumentId: string }
  | { type: 'alreadyVoted' }
  | { type: 'duplicate'; existingId: string }
  | { type: 'limit' }
  | { type: 'failed'; message?: string };

export type QueueEntry = {
  key: string;
  action: QueuedAction;
  createdAt: number;
  /** Set once the server has answered; the entry then only tells the visitor the outcome. */
  outcome?: Outcome;
};

interface QueueDb extends DBSchema {
  actions: { key: string; value: QueueEntry; indexes: { createdAt: number } };
}

const DB_NAME = 'denkmal-offline';
/** A queue of an earlier version: while the map ran for one city, its name carried the city's
 * ("<city>-offline"). Its waiting actions move into this one when it is opened, so that an update
 * loses none of a visitor's votes. */
const isEarlier = (name: string | undefined) => name !== DB_NAME && /^[a-z]+-offline$/.test(name ?? '');

let dbPromise: Promise<IDBPDatabase<QueueDb>> | undefined;
const db = () => (dbPromise ??= openQueue());

async function openQueue(): Promise<IDBPDatabase<QueueDb>> {
  const queue = await openDB<QueueDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('actions', { keyPath: 'key' }).createIndex('createdAt', 'createdAt');
    },
  });
  const earlier = typeof indexedDB.databases === 'function' ? await indexedDB.databases().catch(() => []) : [];
  for (const { name } of earlier.filter((d) => isEarlier(d.name))) {
    if (!name) continue;
    const old = await openDB<QueueDb>(name);
    const entries = old.objectStoreNames.contains('actions') ? await old.getAll('actions') : [];
    old.close();
    for (const entry of entries) if (!(await queue.get('actions', entry.key))) await queue.put('actions', entry);
    await deleteDB(name);
  }
  return queue;
}

/**
 * Whether this browser may hold a queue at all: indexedDB.databases() answers without creating the
 * database, which opening it would do. A visitor who never queued anything keeps no database on the
 * device, and the first load skips its creation (two main-thread tasks of 78 and 83 ms in a trace
 * at 4× CPU slowdown). Once the database is open, or where the list is not offered, yes.
 */
async function mayHoldEntries(): Promise<boolean> {
  if (dbPromise || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((d) => d.name === DB_NAME || isEarlier(d.name));
  } catch {
    return true;
  }
}

type Listener = (entries: QueueEntry[]) => void;
const listeners = new Set<Listener>();
let current: QueueEntry[] = [];
// Other tabs of this browser learn of changes too.
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('denkmal-offline-queue');
channel?.addEventListener('message', () => void refresh(false));

async function refresh(broadcast = true): Promise<QueueEntry[]> {
  current = await (await db()).getAllFromIndex('actions', 'createdAt');
  listeners.forEach((l) => l(current));
  if (broadcast) channel?.postMessage('changed');
  return current;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  void mayHoldEntries().then(async (may) => {
    if (may) await refresh(false);
  });
  return () => listeners.delete(listener);
}

/** Keeps an action that could not be sent; `key` is the Idempotency-Key it was (maybe) sent with. */
export async function enqueue(action: QueuedAction, key: string = crypto.randomUUID()): Promise<void> {
  await (await db()).put('actions', { key, action, createdAt: Date.now() });
  await refresh();
}

/** Forgets the entries whose outcome the visitor has seen. */
export async function dismissDone(): Promise<void> {
  const d = await db();
  for (const entry of await d.getAll('actions')) if (entry.outcome) await d.delete('actions', entry.key);
  await refresh();
}

/** What the server's refusal of an action means for the visitor (by the refusal's code). */
function refused(action: QueuedAction, error: ApiError): Outcome {
  if (error.code === 'TOO_MANY_REQUESTS') return { type: 'limit' };
  if (action.kind === 'vote' && error.code === 'ALREADY_VOTED') return { type: 'alreadyVoted' };
  if (action.kind === 'monument' && error.code === 'DUPLICATE' && error.existingId !== undefined)
    return { type: 'duplicate', existingId: error.existingId };
  return error.serverMessage === undefined ? { type: 'failed' } : { type: 'failed', message: error.serverMessage };
}

/** Sends one action with its key: the server's answer as an outcome, or null for "not now" (no
 * answer, or the server could not answer now): the entry stays and is sent again later. */
async function sendAction(action: QueuedAction, key: string): Promise<Outcome | null> {
  try {
    switch (action.kind) {
      case 'vote': {
        const { newVoteCount } = await call('castVote', {
          params: { proposalId: action.proposalId },
          body: { monumentId: action.monumentId, action: 'vote' },
          idempotencyKey: key,
        });
        return { type: 'counted', newVoteCount };
      }
      case 'proposal':
        await call('createProposal', {
          params: { monumentId: action.monumentId },
          body: { name: action.name },
          idempotencyKey: key,
        });
        return { type: 'added', monumentId: action.monumentId };
      case 'monument': {
        const { id } = await call('addMonument', {
          body: { id: action.id, name: action.name, geoLocX: action.geoLocX, geoLocY: action.geoLocY },
          idempotencyKey: key,
        });
        // The server answers with the id it kept: a fresh one when the proposed id was already taken.
        return { type: 'added', monumentId: id };
      }
    }
  } catch (thrown) {
    const error = apiErrorOf(thrown);
    return error.transient ? null : refused(action, error);
  }
}

let flushing: Promise<number> | undefined;

/** Sends what waits, oldest first, one at a time; returns how many got their answer. */
export function flush(): Promise<number> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return Promise.resolve(0);
  // One sender per tab; across tabs a lock (where there is one) — and the keys make a double send harmless anyway.
  const run = (async () =>
    navigator.locks ? await navigator.locks.request('denkmal-offline-flush', sendWaiting) : sendWaiting())();
  const current = (flushing ??= run.finally(() => (flushing = undefined)));
  return current;
}

/**
 * Sends what waits, pass after pass (a monument's proposal, queued once the monument was made, goes
 * in the next), until a pass answers nothing or the connection fails (again).
 */
async function sendWaiting(): Promise<number> {
  if (!(await mayHoldEntries())) return 0;
  let answered = 0;
  for (;;) {
    const pass = await sendPass();
    answered += pass.answered;
    if (pass.stopped || pass.answered === 0) return answered;
  }
}

/** One pass over the waiting entries, oldest first; `stopped` when the connection failed. */
async function sendPass(): Promise<{ answered: number; stopped: boolean }> {
  let answered = 0;
  const d = await db();
  for (const entry of await d.getAllFromIndex('actions', 'createdAt')) {
    if (entry.outcome) continue;
    const outcome = await sendAction(entry.action, entry.key);
    // No connection (again), or the server could not answer now: everything stays for the next try.
    if (outcome === null) return { answered, stopped: true };
    const tx = d.transaction('actions', 'readwrite');
    await tx.store.put({ ...entry, outcome });
    // A monument's proposal follows once the monument exists (and is itself kept until sent).
    if (entry.action.kind === 'monument' && outcome.type === 'added' && entry.action.interventionTitle.trim() !== '') {
      const name = entry.action.interventionTitle.trim();
      await tx.store.put({
        key: crypto.randomUUID(),
        action: { kind: 'proposal', monumentId: outcome.monumentId, name, label: name },
        createdAt: Date.now(),
      });
    }
    await tx.done;
    if (entry.action.kind === 'vote' && (outcome.type === 'counted' || outcome.type === 'alreadyVoted')) {
      votedList.add(entry.action.monumentId, entry.action.proposalId);
    }
    answered++;
    await refresh();
  }
  return { answered, stopped: false };
}

/** Starts sending: now, whenever the connection returns, and every SYNC_EVERY_MS. */
export function startSync(onAnswered: () => void): () => void {
  const run = () =>
    void flush().then(
      (n) => n > 0 && onAnswered(),
      () => {},
    );
  run();
  window.addEventListener('online', run);
  const timer = window.setInterval(run, SYNC_EVERY_MS);
  return () => {
    window.removeEventListener('online', run);
    window.clearInterval(timer);
  };
}
