// An API process of the browser tests on PostgreSQL: a throwaway server (@linz/test-peers
// postgres.ts), the city's files imported into it with `pnpm city import` as a city would, then the
// API as server-main.ts starts it. argv: server-main's JSON, then the files to import. Stopping it
// (SIGTERM, SIGINT) stops the API and removes the database.
import { spawn, spawnSync } from 'node:child_process';
import { startPostgres } from '@linz/test-peers/postgres';

const [options = '{}', ...files] = process.argv.slice(2);
const pg = await startPostgres();
const env = { ...process.env, DATABASE_URL: pg.url() };
if (files.length > 0) {
  const imported = spawnSync('tsx', ['src/cli/city.ts', 'import', ...files], { env, stdio: 'inherit' });
  if (imported.status !== 0) {
    pg.destroy();
    process.exit(imported.status ?? 1);
  }
}
const server = spawn('tsx', ['test/support/server-main.ts', options], { env, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill('SIGTERM'));
server.on('exit', (code) => {
  pg.destroy();
  process.exit(code ?? 0);
});
