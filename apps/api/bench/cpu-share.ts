// Who had the two cores in a phase, from the kernel's own accounts (/proc/<pid>/task/<tid>/schedstat:
// time on a core, time runnable but waiting for one): the API's readers' thread, its other threads,
// PostgreSQL's processes, this bench process, the rest. A read that is slow because the readers'
// thread waited for a core shows as that thread's wait, not as work of its own (docs/performance.md).
import { readdirSync, readFileSync } from 'node:fs';

type Thread = { group: string; run: number; wait: number };
export type CpuSnapshot = { at: number; threads: Map<string, Thread> };

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // gone meanwhile
  }
};

/** A thread's nice value (/proc/<pid>/task/<tid>/stat, its 19th field): above 0, a worker lowered (worker-threads.ts). */
function niceOf(pid: string, tid: string): number {
  const stat = read(`/proc/${pid}/task/${tid}/stat`) ?? '';
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16] ?? 0);
}

/** Every thread's time on a core and waiting for one so far, grouped as the report groups them. */
export function cpuSnapshot(apiPid: number | undefined): CpuSnapshot {
  const threads = new Map<string, Thread>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const comm = read(`/proc/${pid}/comm`)?.trim();
    if (!comm) continue;
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const stat = read(`/proc/${pid}/task/${tid}/schedstat`);
      if (!stat) continue;
      const [run, wait] = stat.split(' ').map(Number) as [number, number];
      const group =
        Number(pid) === apiPid
          ? tid === pid
            ? 'api readers’ thread'
            : `api ${read(`/proc/${pid}/task/${tid}/comm`)?.trim() ?? '?'}${niceOf(pid, tid) > 0 ? ' (lowered)' : ''}`
          : Number(pid) === process.pid
            ? 'bench'
            : comm === 'postgres'
              ? 'postgres'
              : 'other';
      threads.set(`${pid}/${tid}`, { group, run, wait });
    }
  }
  return { at: performance.now(), threads };
}

/** Per group, ms a second on a core and ms a second runnable but waiting, between two snapshots. */
export function cpuShare(from: CpuSnapshot, to: CpuSnapshot): string {
  const seconds = (to.at - from.at) / 1000;
  const groups = new Map<string, { run: number; wait: number }>();
  for (const [key, t] of to.threads) {
    const before = from.threads.get(key);
    const g = groups.get(t.group) ?? { run: 0, wait: 0 };
    g.run += t.run - (before?.run ?? 0);
    g.wait += t.wait - (before?.wait ?? 0);
    groups.set(t.group, g);
  }
  return [...groups]
    .filter(([, g]) => g.run / 1e6 / seconds >= 1)
    .sort((a, b) => b[1].run - a[1].run)
    .map(([name, g]) => `${name} ${(g.run / 1e6 / seconds).toFixed(0)}/${(g.wait / 1e6 / seconds).toFixed(1)}`)
    .join(', ');
}
