// Starts the app: logger, listen, graceful shutdown.
import closeWithGrace from 'close-with-grace';
import { mkdirSync } from 'node:fs';
import { buildApp } from './app.js';
import { startControlSocket } from './cli/control-socket.js';
import { loadConfig } from './config.js';
import { lockFolder } from './db/folder-lock.js';
import { loggerOptions } from './logging.js';

const config = loadConfig();
// PGlite: one process per data folder. The server holds the folder's lock while it runs and
// answers the staff CLI on a local socket there (cli/control-socket.ts).
const embedded = !config.databaseUrl;
if (embedded) mkdirSync(config.dataDir, { recursive: true });
const lock = embedded ? lockFolder(config.dataDir) : undefined;
const app = await buildApp(config, { logger: loggerOptions(config.logLevel) });
const stopControl = embedded ? await startControlSocket(config.dataDir, app.services.database) : undefined;

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing');
  await stopControl?.();
  await app.close();
  lock?.release();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`Linz monument map at ${config.publicUrl} (${app.services.database.kind})`);
