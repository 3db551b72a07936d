// Starts one of the API's worker threads: the bundled file beside the bundle (build.mjs writes
// dist/<name>.js next to dist/server.js), or, run from source, the TypeScript file beside the
// caller, through tsx's loader (a worker does not take `--import` on Node 20).
import { existsSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** `name`'s thread, its file looked for beside `callerUrl` (the caller's `import.meta.url`). */
export function startWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  const built = new URL(`./${name}.js`, callerUrl);
  if (existsSync(fileURLToPath(built))) return new Worker(built, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = new URL(`./${name}.ts`, callerUrl);
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(source.href)}); });`,
    { ...options, eval: true },
  );
}

/** How much lower a worker thread runs than the readers' (a nice value: 0 the same, 19 the least). */
export const WORKER_NICE = 10;

/**
 * Called by a worker thread as it starts: it runs at a lower priority than the readers' thread, so
 * what a write leaves to a worker (PGlite's statements, a new cluster index) takes a core only when
 * the readers' thread does not want it. On two cores a new monument's cluster index took about 300
 * ms of a core, and the readers' thread waited for one half as long again as without writes
 * (docs/performance.md, "Who has the cores"). Linux only (a thread's own nice value, through its
 * thread id); elsewhere, or where it is not allowed, the thread runs as it is.
 */
export function lowerThisThread(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) setPriority(tid, Math.min(19, getPriority(tid) + WORKER_NICE));
  } catch {
    // No /proc, or not allowed: the same priority as the readers'.
  }
}
