// Resident memory of the server as a city runs it (the built bundle, `node dist/server.js`) on
// PGlite, Linz's 42 monuments, the default log level: under 350 MB at rest after its first start
// within a minute (docs/performance.md, "Memory"). PGlite only: on PostgreSQL the database's memory is the server's.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, PLACED_SEED } from '../support/harness.js';
import { buildBundle, startBuilt, type BuiltServer } from '../support/built.js';

const API_DIR = path.resolve(import.meta.dirname, '../..');
const BUDGET_MB = 350;

const rssMb = (pid: number) => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

describe.skipIf(DB_KIND !== 'pglite')('memory of one server on PGlite', () => {
  // Inside apps/api, so the bundle finds its npm packages; .tmp/ is ignored by git.
  const out = path.join(API_DIR, '.tmp', `memory-${process.pid}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linz-memory-'));
  let server: BuiltServer | undefined;

  beforeAll(() => buildBundle(out));
  afterAll(async () => {
    await server?.stop();
    rmSync(out, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds under 350 MB resident at rest after its first start (a new data folder)', async () => {
    server = await startBuilt(out, { DATA_DIR: dataDir });
    // The monuments are there (the seed ran), and the server is idle.
    const monuments = (await (await fetch(`${server.url}/api/monuments`)).json()) as unknown[];
    expect(monuments).toHaveLength(PLACED_SEED);
    // At rest: V8's memory reducer collects what the start left behind (in the server's thread and
    // in PGlite's, db/pglite-thread.ts) about 30 s after the start, and an idle server only shrinks.
    // So it is looked at every 5 s for a minute at most, until it is under the budget.
    const pid = server.child.proc.pid!;
    const first = rssMb(pid);
    let rss = first;
    for (let waited = 0; rss >= BUDGET_MB && waited < 60; waited += 5) {
      await new Promise((r) => setTimeout(r, 5000));
      rss = rssMb(pid);
    }
    console.log(`VmRSS on PGlite after a first start: ${first.toFixed(0)} MB at once, ${rss.toFixed(0)} MB at rest`);
    expect(rss).toBeLessThan(BUDGET_MB);
  }, 210_000);
});
