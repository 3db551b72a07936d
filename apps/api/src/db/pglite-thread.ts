// PGlite in a worker thread of its own (pglite-worker.ts). Each exchange with PGlite (a statement's
// parse, bind and execute: its WebAssembly and its file reads) ran to its end on the readers'
// thread, so every write's statements held the reads that arrived meanwhile, 8 ms of a vote's in
// pieces of up to 11 ms at 50,000 monuments (docs/performance.md, "What PGlite's statements cost the
// readers' thread"). Here the readers' thread sends a statement and takes its rows, as it does with a
// PostgreSQL server, and reads answered from memory run while the worker works.
//
// This is the part of PGlite's client that the app and drizzle's PGlite driver use: query, exec,
// transactions (held open in the worker across messages), LISTEN, close. Errors keep PostgreSQL's
// fields (code, detail, constraint), so databaseUnavailable and the logs see them as before.
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { startWorker } from '../worker-threads.js';

export type ThreadStart = { dir: string; startParams: string[] };

type Statement = { sql: string; params?: unknown[]; rowMode?: 'array' | 'object' };
/** What the readers' thread asks (`tx`: inside that open transaction). */
export type Request = { id: number } & (
  | ({ op: 'query'; tx?: number } & Statement)
  | { op: 'exec'; tx?: number; sql: string }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'close' }
);
type Fields = Record<string, string | number | boolean>;
export type Reply =
  | { ready: true }
  | { failed: Fields }
  | { channel: string; payload: string }
  | { id: number; ok: unknown }
  | { id: number; err: Fields };

/** The part of PGlite the app uses (db/client.ts), whether in this thread or in the worker. */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'close' | 'waitReady'>;

/** An error of the worker's, with its fields, as PGlite would have thrown it here. */
const errorOf = (fields: Fields): Error => Object.assign(new Error(String(fields.message)), fields);

/** Opens the PGlite database in `dir` in a worker thread. */
export function pgliteThread(start: ThreadStart): PgliteClient {
  const worker = startWorker(import.meta.url, 'pglite-worker', { workerData: start });
  let next = 0;
  let stopped: Error | undefined;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let ready!: () => void;
  let failed!: (e: Error) => void;
  const waitReady = new Promise<void>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  // Awaited by the opener; a failure after that is each statement's.
  waitReady.catch(() => {});
  // An idle database keeps no process alive; a statement under way does.
  worker.unref();
  const stop = (e: Error) => {
    stopped ??= e;
    failed(e);
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  // Gone (closed, or failed): each statement is refused as by a database that went away (503).
  const gone = (why: string) => Object.assign(new Error(`PGlite's thread ${why}.`), { code: '57P01' });
  let running = false;
  let closing = false;
  // A thread that fails after its start takes the server with it, as PGlite failing in this thread
  // did: the service manager starts it again, where a server left without its database would
  // answer every write 503 for ever. One that fails at its start fails the start (waitReady).
  const failedRunning = (e: Error) => {
    stop(e);
    if (running && !closing)
      process.nextTick(() => {
        throw e;
      });
  };
  worker.on('error', failedRunning);
  worker.on('exit', (code) => failedRunning(gone(`stopped (exit ${code})`)));
  worker.on('message', (m: Reply) => {
    if ('ready' in m) {
      running = true;
      return ready();
    }
    if ('failed' in m) return stop(errorOf(m.failed));
    if ('channel' in m) {
      for (const listener of listeners.get(m.channel) ?? []) listener(m.payload);
      return;
    }
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (waiting.size === 0) worker.unref();
    if ('err' in m) w?.reject(errorOf(m.err));
    else w?.resolve(m.ok);
  });
  type Ask = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;
  const ask = <T>(request: Ask): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = ++next;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ ...request, id });
    });

  const statements = (tx?: number) => ({
    query: <T>(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }) =>
      ask<Results<T>>({ op: 'query', tx, sql, params, rowMode: options?.rowMode }),
    exec: (sql: string) => ask<Results[]>({ op: 'exec', tx, sql }),
  });
  let transactions = 0;
  const client = {
    waitReady,
    ...statements(),
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const tx = ++transactions;
      await ask({ op: 'begin', tx });
      const handle = {
        // What drizzle uses of PGlite's transaction (not its `closed`, which nothing here reads).
        ...statements(tx),
        // drizzle rolls back by throwing (its TransactionRollbackError): the catch below ends it.
        rollback: () => Promise.reject(new Error('Rolled back.')),
      };
      let result: T;
      try {
        result = await callback(handle as unknown as Transaction);
      } catch (e) {
        await ask({ op: 'end', tx, commit: false }).catch(() => {});
        throw e;
      }
      await ask({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel: string, listener: (payload: string) => void) {
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        await ask({ op: 'listen', channel });
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        return Promise.resolve();
      };
    },
    async close() {
      closing = true;
      if (!stopped) await ask({ op: 'close' });
      stop(gone('was closed'));
      await worker.terminate();
    },
  };
  return client;
}
