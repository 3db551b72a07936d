// With/without figures for the API's three mechanisms: the API as it is beside
// the API started without the mechanism (variants.ts: loadConfig options), each fresh on the same database.
//  - ballot box: votes arriving together go in one cast_votes call. Without: one call per vote,
//    as many at once as the pool allows.
//  - deadline withdrawal: a vote still queued when its request's deadline answered 503 is not cast.
//    Without: it is cast anyway. Measured under an overload that makes the deadline fire.
//  - read cache: the lists served from memory, dropped on writes (and NOTIFY on PostgreSQL).
//    Without: the list query on every read; also measured while votes are being cast.
import { fmtGet, fmtVotes, log, mergeVotes, RATE_LIMIT, WARMUP, voteLoad, votesOf, type Ctx } from './common.js';
import type { ConfigOptions } from '../src/config.js';
import { startApi, type Api } from './server.js';
import type { MechanismRow } from './table.js';
import { VARIANTS, type Variant } from './variants.js';
import { loadGet, ok200, type GetResult, type VoteResult } from './wrk.js';

const num = (name: string, def: number) => Number(process.env[name] ?? def);
const SECONDS = num('BENCH_MECH_SECONDS', 5);
const DEADLINE_MS = num('BENCH_DEADLINE_MS', 50);
const OVERLOAD_CONNECTIONS = num('BENCH_OVERLOAD_CONNECTIONS', 300);
/** Which of the three to measure (BENCH_MECHANISMS=box,withdrawal,cache). */
const WHICH = new Set((process.env.BENCH_MECHANISMS ?? 'box,withdrawal,cache').split(','));

async function withApi<T>(ctx: Ctx, variant: Variant, options: ConfigOptions, work: (api: Api) => Promise<T>): Promise<T> {
  const api = await startApi(ctx.db, { rateLimit: RATE_LIMIT, options: { ...options, ...VARIANTS[variant] } });
  try {
    return await work(api);
  } finally {
    await api.stop();
  }
}

/** The API's count once it stops moving (queued ballots of answered requests may still be cast). */
async function settledVotes(api: Api, id: number): Promise<number> {
  let last = await votesOf(api.base, id);
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await votesOf(api.base, id);
    if (now === last) return now;
    last = now;
  }
  return last;
}

const rate = (r: { rps: number; p99: number }, unit: string) => `${r.rps.toFixed(0)} ${unit}, p99 ${r.p99.toFixed(1)} ms`;
const times = (a: number, b: number) => `${(a / b).toFixed(2)}x`;

export async function benchMechanisms(ctx: Ctx, rows: MechanismRow[], checks: string[]): Promise<boolean> {
  const { kind, target } = ctx;
  let exact = true;
  const mismatch = (what: string, moved: number, r: VoteResult) => {
    const ok = moved === ok200(r) && r.issued === r.answered;
    exact &&= ok;
    if (!ok)
      checks.push(
        `${kind} ${what}: count moved ${moved}, HTTP 200s ${ok200(r)}, unanswered ${r.issued - r.answered} => MISMATCH`,
      );
    return ok;
  };

  /** Votes for `seconds` after a warm-up; the count must move by exactly the 200s. */
  const countedRun = async (api: Api, what: string) => {
    await voteLoad(ctx, api, WARMUP);
    const before = await votesOf(api.base, target.id);
    const r = await voteLoad(ctx, api, SECONDS);
    const moved = (await settledVotes(api, target.id)) - before;
    log(`${kind} ${what}: ${fmtVotes(r)}; count moved ${moved} ${mismatch(what, moved, r) ? '(= the 200s)' : 'MISMATCH'}`);
    return r;
  };

  // (a) Ballot box: alternating (with, without, without, with), each a fresh API.
  async function ballotBox() {
    const box: Record<string, VoteResult[]> = { current: [], 'no-batch': [] };
    for (const v of ['current', 'no-batch', 'no-batch', 'current'] as const) {
      box[v]!.push(await withApi(ctx, v, {}, (api) => countedRun(api, `ballot box ${v}`)));
    }
    const [w, o] = [mergeVotes(box.current!), mergeVotes(box['no-batch']!)];
    rows.push({
      mechanism: 'ballot box',
      db: kind,
      measure: 'votes, 50 connections',
      with: rate(w, 'votes/s'),
      without: rate(o, 'votes/s'),
      effect: `${times(w.rps, o.rps)} votes/s`,
    });
  }

  // (b) Deadline withdrawal, under an overload that makes the deadline fire. A 503 here may also
  // come from load shedding before the vote reached the box; what counts is how many 503s counted.
  async function withdrawal() {
    const runs: Record<string, { r: VoteResult; counted: number }> = {};
    for (const v of ['current', 'no-withdrawal'] as const) {
      runs[v] = await withApi(ctx, v, { pressure: { requestDeadlineMs: DEADLINE_MS } }, async (api) => {
        const before = await votesOf(api.base, target.id);
        const r = await voteLoad(ctx, api, SECONDS, { connections: OVERLOAD_CONNECTIONS });
        const counted = (await settledVotes(api, target.id)) - before;
        log(
          `${kind} withdrawal ${v} (deadline ${DEADLINE_MS} ms, ${OVERLOAD_CONNECTIONS} connections): ${fmtVotes(r)}; counted ${counted}, of them answered 503: ${counted - ok200(r)}`,
        );
        return { r, counted };
      });
    }
    const of = (x: { r: VoteResult; counted: number }) => {
      const n503 = x.r.status['503'] ?? 0;
      const late = x.counted - ok200(x.r);
      const share = `${n503 ? ((100 * late) / n503).toFixed(0) : '0'}%`;
      return { share, text: `${late} of ${n503} 503s counted (${share}); ${ok200(x.r)} x 200` };
    };
    const [w, o] = [of(runs.current!), of(runs['no-withdrawal']!)];
    rows.push({
      mechanism: 'deadline withdrawal',
      db: kind,
      measure: `votes answered 503 yet counted (deadline ${DEADLINE_MS} ms, ${OVERLOAD_CONNECTIONS} conns, ${SECONDS} s)`,
      with: w.text,
      without: o.text,
      effect: `${w.share} of 503s counted instead of ${o.share}`,
    });
  }

  // (c) Read cache: the lists alone, then the proposals list while votes are cast.
  async function readCache() {
    const lists = ['/api/monuments', '/api/interventions/all'];
    const runs: Record<string, { reads: GetResult[]; mixedRead: GetResult; mixedVotes: VoteResult }> = {};
    for (const v of ['current', 'no-cache'] as const) {
      runs[v] = await withApi(ctx, v, {}, async (api) => {
        const reads: GetResult[] = [];
        for (const p of lists) {
          await loadGet(api.base + p, WARMUP);
          const r = await loadGet(api.base + p, SECONDS);
          log(`${kind} cache ${v} GET ${p}: ${fmtGet(r)}`);
          reads.push(r);
        }
        const before = await votesOf(api.base, target.id);
        const [mixedRead, mixedVotes] = await Promise.all([
          loadGet(`${api.base}/api/interventions/all`, SECONDS, 1, 25),
          voteLoad(ctx, api, SECONDS, { connections: 25 }),
        ]);
        mismatch(`cache ${v} votes during reads`, (await settledVotes(api, target.id)) - before, mixedVotes);
        log(`${kind} cache ${v} during votes: reads ${fmtGet(mixedRead)}; votes ${fmtVotes(mixedVotes)}`);
        return { reads, mixedRead, mixedVotes };
      });
    }
    const [w, o] = [runs.current!, runs['no-cache']!];
    for (const [i, p] of lists.entries()) {
      rows.push({
        mechanism: 'read cache',
        db: kind,
        measure: `GET ${p}, 50 connections`,
        with: rate(w.reads[i]!, 'req/s'),
        without: rate(o.reads[i]!, 'req/s'),
        effect: `${times(w.reads[i]!.rps, o.reads[i]!.rps)} req/s`,
      });
    }
    rows.push({
      mechanism: 'read cache',
      db: kind,
      measure: 'GET /api/interventions/all during votes (25 + 25 conns)',
      with: rate(w.mixedRead, 'req/s'),
      without: rate(o.mixedRead, 'req/s'),
      effect: `${times(w.mixedRead.rps, o.mixedRead.rps)} req/s`,
    });
    rows.push({
      mechanism: 'read cache',
      db: kind,
      measure: 'votes during those reads',
      with: rate(w.mixedVotes, 'votes/s'),
      without: rate(o.mixedVotes, 'votes/s'),
      effect: `${times(w.mixedVotes.rps, o.mixedVotes.rps)} votes/s`,
    });
  }

  if (WHICH.has('box')) await ballotBox();
  if (WHICH.has('withdrawal')) await withdrawal();
  if (WHICH.has('cache')) await readCache();
  return exact;
}
