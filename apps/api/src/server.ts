// The server process: the environment's settings (config.ts), started by start.ts.
import { loadConfig } from './config.js';
import { startServer } from './start.js';

await startServer(loadConfig());
