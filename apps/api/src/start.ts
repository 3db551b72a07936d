// Starts the app from a config: the data folder's lock (PGlite), logger, listen, the metrics
// port, graceful shutdown. server.ts calls it with the environment's config; tests and benches
// with theirs (test/support/server-main.ts).
import closeWithGrace from 'close-with-grace';
import { mkdirSync } from 'node:fs';
import v8 from 'node:v8';
import { buildApp } from './app.js';
import { startControlSocket } from './cli/control-socket.js';
import type { Config } from './config.js';
import { lockFolder } from './db/folder-lock.js';
import { metricsListener } from './http/metrics.js';
import { boundAddress } from './http/ops.js';
import { loggerOptions } from './logging.js';

/**
 * How far V8 lets the heap grow after a full garbage collection before it starts the next: to twice
 * what was live. Left to itself, V8 saw a server at 50,000 monuments allocate slowly (each write's
 * new list versions) and let the heap grow by a tenth: a full collection every 10 s while people
 * wrote, each 60–100 ms of marking on this thread in steps of up to 13 ms and a pause of up to
 * 36 ms, which the reads of that moment waited for (docs/performance.md, "Reads while people
 * write"). At rest the memory reducer still collects and shrinks the heap.
 */
const HEAP_GROWING_PERCENT = 100;

export async function startServer(config: Config) {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  // PGlite: one process per data folder. The server holds the folder's lock while it runs and
  // answers the staff CLI on a local socket there (cli/control-socket.ts).
  const embedded = !config.databaseUrl;
  if (embedded) mkdirSync(config.dataDir, { recursive: true });
  const lock = embedded ? lockFolder(config.dataDir) : undefined;
  const app = await buildApp(config, { logger: loggerOptions(config.logLevel) });
  const stopControl = embedded ? await startControlSocket(config.dataDir, app.services.database, config.city.area) : undefined;

  let stopMetrics: (() => Promise<void>) | undefined;
  // On SIGTERM/SIGINT: not ready first (a load balancer stops sending new requests), requests still
  // served for the drain delay, then closed (in-flight requests finish). A second signal exits at once.
  // The closing itself may take up to 10 s more (a mail being sent, the database pool).
  closeWithGrace({ delay: config.shutdownDrainMs + 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else {
      app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'closing: not ready, draining');
      await app.ops.drain(config.shutdownDrainMs);
      app.log.info('closing');
    }
    await stopMetrics?.();
    await stopControl?.();
    await app.close();
    lock?.release();
  });

  await app.listen({ port: config.port, host: config.host });
  if (config.metrics.port !== undefined) stopMetrics = (await metricsListener(app, config.metrics.port)).close;
  app.log.info(
    `${config.city.productName} listening on ${boundAddress(app.server.address())} (${app.services.database.kind}; public address ${config.publicUrl})`,
  );
  return app;
}
