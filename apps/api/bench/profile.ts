// `tsx bench/profile.ts monuments|proposals|votes pglite|postgres [SECONDS]`: one case's load on
// an API started with a V8 CPU profile, then the profile's summary for the loaded seconds only.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startPostgres, type PgServer } from '@linz/test-peers/postgres';
import { loadGet, loadVotes, requireWrk } from './wrk.js';
import { COOKIE_SECRET, startApi, type Api } from './server.js';

const [what = 'monuments', kind = 'pglite', secs = '8'] = process.argv.slice(2);
const seconds = Number(secs);
requireWrk();
const work = mkdtempSync(path.join(tmpdir(), 'denkmal-prof-'));
process.env.BENCH_CPU_PROF = path.join(work, 'prof');
let pg: PgServer | undefined;
let api: Api | undefined;
try {
  if (kind === 'postgres') pg = await startPostgres();
  api = await startApi(pg ? { kind: 'postgres', url: pg.url() } : { kind: 'pglite', dataDir: path.join(work, 'data') }, {
    rateLimit: process.env.BENCH_RATE_LIMIT !== 'off',
  });
  const monuments = (await (await fetch(`${api.base}/api/monuments`)).json()) as { id: string }[];
  const m = monuments[0]!.id;
  const res = await fetch(`${api.base}/api/interventions/${encodeURIComponent(m)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Profiled proposal' }),
  });
  const { id } = (await res.json()) as { id: number };
  const started = Date.now();
  const r =
    what === 'votes'
      ? await loadVotes({
          base: api.base,
          proposalId: id,
          monumentId: m,
          secret: COOKIE_SECRET,
          work,
          seconds,
          tailSeconds: 1,
        })
      : await loadGet(`${api.base}/api/${what === 'monuments' ? 'monuments' : 'proposals/all'}`, seconds);
  const loaded = (Date.now() - started) / 1000;
  console.log(`${what} on ${kind}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(1)} ms in ${loaded.toFixed(1)} s`);
  await api.stop();
  api = undefined;
  const file = readdirSync(process.env.BENCH_CPU_PROF)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()[0]!;
  const summary = path.join(path.dirname(new URL(import.meta.url).pathname), 'profile-summary.ts');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', summary, path.join(process.env.BENCH_CPU_PROF, file), '30', `${loaded + 0.3}:0.3`],
    { stdio: 'inherit' },
  );
} finally {
  await api?.stop();
  pg?.destroy();
  rmSync(work, { recursive: true, force: true });
}
