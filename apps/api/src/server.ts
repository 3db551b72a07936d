// Starts the app: logger, listen, graceful shutdown.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { loggerOptions } from './logging.js';

const config = loadConfig();
const app = await buildApp(config, { logger: loggerOptions(config.logLevel) });

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`Linz monument map at ${config.publicUrl} (${app.services.database.kind})`);
