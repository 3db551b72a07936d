// The server process: the environment's settings (config.ts), started by start.ts.
import { loadConfigOrExit } from './config.js';
import { startServer } from './start.js';

await startServer(loadConfigOrExit());
