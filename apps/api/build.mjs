// Builds the API for production: one ESM bundle, dist/server.js, run by plain node (no tsx).
// npm packages stay external (installed with --prod next to it); the workspace contract, which
// is TypeScript source, is bundled in. The migrations are copied next to the bundle, where
// db/client.ts looks for them (a folder "migrations" beside the module).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies);

// `node build.mjs [outdir]`: dist unless told (test/ops/memory.test.ts builds into a folder of its own).
const outdir = process.argv[2] ?? 'dist';
rmSync(outdir, { recursive: true, force: true });
await build({
  // server.js, and staff.js: the staff CLI (`node dist/staff.js add "<name>"` where there is no tsx);
  // backup.js: `node dist/backup.js backup|restore <file>`.
  // city.js: `node dist/city.js import <file>` (the monthly refresh, deploy/systemd/denkmal-refresh.service).
  // cluster-worker.js: the thread that builds a large map's cluster indexes (domain/lists/clusters.ts);
  // pglite-worker.js: the thread that holds an embedded database (db/pglite-thread.ts).
  entryPoints: {
    server: 'src/server.ts',
    staff: 'src/cli/staff.ts',
    backup: 'src/cli/backup.ts',
    city: 'src/cli/city.ts',
    'cluster-worker': 'src/domain/lists/cluster-worker.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${outdir}/migrations`, { recursive: true });
cpSync('src/db/functions', `${outdir}/functions`, { recursive: true });
// The city profiles (apps/api/cities) are read at start from beside dist/, as from beside src/: not copied.
