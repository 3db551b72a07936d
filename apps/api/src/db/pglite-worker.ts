// The thread that holds PGlite (pglite-thread.ts): PostgreSQL's work (its WebAssembly, its file
// reads and writes) runs here, as a PostgreSQL server's runs in its own processes, and the readers'
// thread only sends statements and takes rows. build.mjs bundles it beside the server
// (dist/pglite-worker.js).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Request, Reply, ThreadStart } from './pglite-thread.js';
import { lowerThisThread } from '../worker-threads.js';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread (pglite-thread.ts).');
const port = parentPort;
lowerThisThread();
const { dir, startParams } = workerData as ThreadStart;

// What drizzle's PGlite driver asks for (drizzle-orm/pglite/session.js): dates, times, intervals
// and their arrays as PostgreSQL's text. Its parsers are functions, which cannot cross threads.
const asText = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, asText]),
);

/** An error as plain fields (PostgreSQL's code, detail, constraint…): what a message can carry. */
function plainError(e: unknown): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  if (e && typeof e === 'object')
    for (const k of Object.getOwnPropertyNames(e)) {
      const v = (e as Record<string, unknown>)[k];
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    }
  out.message ??= String(e);
  return out;
}

/** Open transactions: PGlite's own, held open until the readers' thread ends them. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();

async function answer(m: Request): Promise<unknown> {
  const on = !('tx' in m) || m.tx === undefined ? pg : open.get(m.tx)?.tx;
  switch (m.op) {
    case 'query': {
      if (!on) throw new Error('This transaction has ended.');
      const r = await on.query(m.sql, m.params, { rowMode: m.rowMode, parsers });
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'exec': {
      if (!on) throw new Error('This transaction has ended.');
      return (await on.exec(m.sql)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin': {
      const tx = m.tx;
      await new Promise<void>((opened, failed) => {
        const done = pg
          .transaction(async (t) => {
            const commit = await new Promise<boolean>((end) => {
              open.set(tx, { tx: t, end, done });
              opened();
            });
            if (!commit) await t.rollback();
          })
          .finally(() => open.delete(tx));
        // A BEGIN that fails never opens the transaction.
        done.catch(failed);
      });
      return true;
    }
    case 'end': {
      const t = open.get(m.tx);
      if (!t) throw new Error('This transaction has ended.');
      t.end(m.commit);
      await t.done;
      return true;
    }
    case 'listen':
      await pg.listen(m.channel, (payload) => port.postMessage({ channel: m.channel, payload } satisfies Reply));
      return true;
    case 'close':
      await pg.close();
      return true;
  }
}

let pg: PGlite;
try {
  pg = new PGlite(dir, { startParams });
  await pg.waitReady;
  port.postMessage({ ready: true } satisfies Reply);
} catch (e) {
  port.postMessage({ failed: plainError(e) } satisfies Reply);
  process.exit(1);
}

port.on('message', (m: Request) => {
  answer(m).then(
    (ok) => port.postMessage({ id: m.id, ok } satisfies Reply),
    (e: unknown) => port.postMessage({ id: m.id, err: plainError(e) } satisfies Reply),
  );
});
