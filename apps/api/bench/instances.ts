// Three instances behind nginx on one PostgreSQL (test/support/cluster.ts): how long a write takes
// to show on the other instances (target: within 1 s), and a rolling restart under wrk's read load
// (target: no failed request). The behaviour itself (exact counts, no lost request) is tested in
// test/ops/instances.test.ts; the times and the load are this part's.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { accessLines, startCluster } from '../test/support/cluster.js';
import { startPostgres } from '@linz/test-peers/postgres';
import { log } from './common.js';
import { WRK } from './wrk.js';

const PROPAGATION_MS = 1000;
const here = path.dirname(new URL(import.meta.url).pathname);

export async function benchInstances(): Promise<{ lines: string[]; ok: boolean }> {
  const pg = await startPostgres();
  const cluster = await startCluster({
    databaseUrl: pg.url(),
    options: {
      shutdownDrainMs: 1000,
      limits: { requestsPerMinute: 0, createsPer5Minutes: 1_000_000, votesPerIpPerProposal: 1_000_000 },
      pressure: { maxEventLoopDelayMs: 0 },
    },
  });
  const lines: string[] = [];
  let ok = true;
  const say = (line: string, good: boolean) => {
    log(`instances ${line}`);
    lines.push(`${good ? 'ok  ' : 'MISS'} ${line}`);
    ok &&= good;
  };
  try {
    const [a, b, c] = cluster.instances.map((x) => x.url) as [string, string, string];
    const monumentId = ((await (await fetch(`${a}/api/monuments`)).json()) as { id: string }[])[0]!.id;
    const seen = async (base: string, id: number) =>
      ((await (await fetch(`${base}/api/interventions/all`)).json()) as { id: number }[]).some((p) => p.id === id);

    // A write on one instance, read on the others (each has the list cached) and through nginx
    // (which keeps the list to the end of the second, then revalidates it): five times.
    const times: number[] = [];
    const throughNginx: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (const base of [a, b, c, cluster.url]) await fetch(`${base}/api/interventions/all`);
      const t0 = performance.now();
      const res = await fetch(`${a}/api/interventions/${encodeURIComponent(monumentId)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Benchmark: shown everywhere ${i + 1}` }),
      });
      const { id } = (await res.json()) as { id: number };
      for (const base of [b, c]) while (!(await seen(base, id))) await sleep(5);
      times.push(performance.now() - t0);
      while (!(await seen(cluster.url, id))) await sleep(5);
      throughNginx.push(performance.now() - t0);
    }
    const ms = (xs: number[]) => xs.map((t) => t.toFixed(0)).join(', ');
    const worst = Math.max(...times);
    say(`a write shows on the other instances after ${ms(times)} ms (target < ${PROPAGATION_MS})`, worst < PROPAGATION_MS);
    // nginx's stored list is at most 1 s old when the instances have the write.
    say(
      `a write shows through nginx's cache after ${ms(throughNginx)} ms (target < ${PROPAGATION_MS} + the instances' ${worst.toFixed(0)})`,
      Math.max(...throughNginx) < PROPAGATION_MS + worst,
    );

    // Rolling restart under wrk's reads through nginx.
    const before = accessLines(cluster.accessLog).length;
    const wrk = spawn(WRK, [
      '-t1',
      '-c20',
      '-d60s',
      '--timeout',
      '10s',
      '-s',
      path.join(here, 'wrk-get.lua'),
      `${cluster.url}/api/monuments`,
    ]);
    let out = '';
    wrk.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const done = new Promise((r) => wrk.once('close', r));
    const restarts: string[] = [];
    for (const i of [0, 1, 2]) {
      await sleep(1000);
      const t0 = Date.now();
      await cluster.signal(i, 'SIGTERM');
      const drained = Date.now() - t0;
      await cluster.start(i);
      restarts.push(`api-${i + 1} drained in ${drained} ms, ready after ${Date.now() - t0 - drained} ms more`);
    }
    await sleep(2500); // nginx takes the last one back (fail_timeout 2 s)
    wrk.kill('SIGINT');
    await done;
    const summary = JSON.parse(/^BENCH (.*)$/m.exec(out)?.[1] ?? '{}') as { requests?: number; non2xx?: number; errors?: number };
    const failed = accessLines(cluster.accessLog)
      .slice(before)
      .filter((l) => l.status >= 500).length;
    say(
      `rolling restart under load: ${summary.requests ?? 0} reads by wrk, ${summary.non2xx ?? '?'} not 2xx, ${summary.errors ?? '?'} errors, ${failed} failed at nginx; ${restarts.join('; ')}`,
      failed === 0 && summary.non2xx === 0 && summary.errors === 0 && (summary.requests ?? 0) > 1000,
    );
  } finally {
    await cluster.stop();
    pg.destroy();
  }
  return { lines, ok };
}
