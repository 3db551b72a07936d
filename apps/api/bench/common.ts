// What the runner's parts share: knobs, logging, the API's vote count, vote load on a proposal.
import { COOKIE_SECRET, type Api, type DbTarget } from './server.js';
import { loadVotes, type GetResult, type VoteLoad, type VoteResult } from './wrk.js';

const num = (name: string, def: number) => Number(process.env[name] ?? def);
/** Seconds per read slice, slices per side, warm-up seconds, vote run seconds, wrk threads. */
export const SLICE = num('BENCH_SLICE', 3);
export const ROUNDS = num('BENCH_ROUNDS', 4);
export const WARMUP = num('BENCH_WARMUP', 2);
export const VOTE_SECONDS = num('BENCH_SECONDS', 10);
export const THREADS = num('BENCH_WRK_THREADS', 1);
export const RATE_LIMIT = process.env.BENCH_RATE_LIMIT !== 'off';

export const log = (s: string) => console.log(`[bench] ${s}`);
export const fmtGet = (r: GetResult) =>
  `${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(1)} ms, ${r.requests} requests${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}${r.errors ? `, ${r.errors} errors` : ''}, wrk CPU ${cpuShare(r)}`;
export const fmtVotes = (r: VoteResult) =>
  `${r.rps.toFixed(0)} votes/s, p99 ${r.p99.toFixed(1)} ms, ${r.answered}/${r.issued} answered ${JSON.stringify(r.status)}` +
  `${r.errors ? `, ${r.errors} socket errors` : ''}${r.exhausted ? `, voter file ran out (${r.exhausted} repeats)` : ''}`;
/** wrk's CPU time as a share of one core over its run. */
export const cpuShare = (r: { wrkCpuMs: number; seconds: number }) =>
  `${((100 * r.wrkCpuMs) / (r.seconds * 1000)).toFixed(0)}% of a core`;

export type Target = { id: number; monumentId: string };
export type Ctx = { kind: DbTarget['kind']; db: DbTarget; work: string; target: Target };

export async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The proposal's vote count as the API answers it. */
export const votesOf = async (base: string, id: number) =>
  (await json<{ id: number; votes: number }[]>(`${base}/api/interventions/all`)).find((i) => i.id === id)?.votes ?? NaN;

/** Vote load on the context's proposal. */
export const voteLoad = (ctx: Ctx, api: Api, seconds: number, more: Partial<VoteLoad> = {}) =>
  loadVotes({
    base: api.base,
    proposalId: ctx.target.id,
    monumentId: ctx.target.monumentId,
    secret: COOKIE_SECRET,
    work: ctx.work,
    seconds,
    threads: THREADS,
    ...more,
  });

export function mergeVotes(list: VoteResult[]): VoteResult {
  const sum = (f: (r: VoteResult) => number) => list.reduce((s, r) => s + f(r), 0);
  const status: Record<string, number> = {};
  for (const r of list) for (const [k, v] of Object.entries(r.status)) status[k] = (status[k] ?? 0) + v;
  const answered = sum((r) => r.answered);
  const seconds = sum((r) => r.seconds);
  return {
    issued: sum((r) => r.issued),
    answered,
    seconds,
    rps: answered / seconds,
    p99: sum((r) => r.p99 * r.answered) / answered,
    status,
    errors: sum((r) => r.errors),
    exhausted: sum((r) => r.exhausted),
    wrkCpuMs: sum((r) => r.wrkCpuMs),
  };
}
