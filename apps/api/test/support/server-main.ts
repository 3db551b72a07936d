// The API process of tests, end-to-end runs and benches: the environment's settings plus the
// loadConfig options a city never sets (argv[2], JSON: { options, src }), started as server.ts
// starts it. It tells its parent the port it listens on over IPC (test/support/server.ts), so
// nobody polls for it. `src`: another copy of src/ (the benchmark's variants, bench/variants.ts).
import path from 'node:path';
import type { ConfigOptions, loadConfig as LoadConfig } from '../../src/config.js';
import type { startServer as StartServer } from '../../src/start.js';

const { options = {}, src = 'src' } = JSON.parse(process.argv[2] ?? '{}') as { options?: ConfigOptions; src?: string };
const dir = path.resolve(import.meta.dirname, '../..', src);
const { loadConfig } = (await import(path.join(dir, 'config.ts'))) as { loadConfig: typeof LoadConfig };
const { startServer } = (await import(path.join(dir, 'start.ts'))) as { startServer: typeof StartServer };
const app = await startServer(loadConfig(process.env, options));
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
