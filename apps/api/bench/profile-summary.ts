// `tsx bench/profile-summary.ts FILE.cpuprofile [TOP] [FROM:TO]`: self time by function and
// by package, to see where the API spends its time under load (profiles from BENCH_CPU_PROF).
// FROM:TO keeps only the samples from FROM to TO seconds before the profile's end (one case's load,
// not the start-up); idle time is left out of the percentages.
import { readFileSync } from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
const prof = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const top = Number(process.argv[3] ?? 25);
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const [fromS, toS] = (process.argv[4] ?? '').split(':').map(Number);
const times: number[] = [];
prof.timeDeltas.reduce((t, d, i) => (times[i] = t + d), 0);
const end = times[times.length - 1]!;
const from = fromS ? end - fromS * 1e6 : -Infinity;
const to = toS ? end - toS * 1e6 : Infinity;
const self = new Map<number, number>();
prof.samples.forEach((id, i) => {
  const idle = byId.get(id)?.callFrame.functionName === '(idle)';
  if (!idle && times[i]! >= from && times[i]! <= to) self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const pkgOf = (url: string) => {
  if (!url) return '(native/idle/gc)';
  const m = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return 'node core';
  return url.includes('/apps/api/src/') ? 'app src' : url.replace(/^.*\/(packages|apps)\//, '$1/');
};
const fnKey = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'}  ${pkgOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const fns = new Map<string, number>();
const pkgs = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  add(fns, n.callFrame.url ? fnKey(n) : n.callFrame.functionName, t);
  add(pkgs, n.callFrame.url ? pkgOf(n.callFrame.url) : `(${n.callFrame.functionName})`, t);
}
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
};
console.log(`${(total / 1e6).toFixed(1)} s sampled`);
show('self time by package', pkgs);
show('self time by function', fns);
