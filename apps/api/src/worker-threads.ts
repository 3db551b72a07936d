// Starts one of the API's worker threads: the bundled file beside the bundle (build.mjs writes
// dist/<name>.js next to dist/server.js), or, run from source, the TypeScript file beside the
// caller, through tsx's loader (a worker does not take `--import` on Node 20).
import { existsSync } from 'node:fs';
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
