// Load generation with autocannon (in the runner's process; servers run in their own).
// Reads run for a duration. Votes run for an amount sized from the warm-up so the run takes about
// the same time: autocannon then waits for every answer, which the exact count check needs
// (a duration run drops requests in flight, which the server may still commit).
import { sign } from '@fastify/cookie';
import autocannon, { type RawResult, type Result } from 'autocannon';

export const CONNECTIONS = 50;

export type LoadResult = { requests: number; rps: number; p99: number; seconds: number; status: Record<string, number>; errors: number; timedOut: boolean };

function summary(r: Result, timedOut = false): LoadResult {
  const status: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) status[code] = s.count;
  const requests = Object.values(status).reduce((a, b) => a + b, 0);
  return { requests, rps: requests / r.duration, p99: r.latency.p99, seconds: r.duration, status, errors: r.errors + r.timeouts, timedOut };
}

/** GET `url` with CONNECTIONS keep-alive connections for `seconds`. */
export async function loadGet(url: string, seconds: number): Promise<LoadResult> {
  return summary(await autocannon({ url, connections: CONNECTIONS, duration: seconds, timeout: 30 }));
}

/**
 * GETs `a` and `b` for `seconds` each, in `rounds` alternating slices (a b, b a, a b, ...), so that
 * other load on the machine coming and going weighs on both alike. Histograms are merged.
 */
export async function compareGets(a: string, b: string, seconds: number, rounds: number): Promise<[LoadResult, LoadResult]> {
  const raws: [RawResult[], RawResult[]] = [[], []];
  for (let i = 0; i < rounds; i++) {
    for (const k of i % 2 ? [1, 0] : [0, 1]) {
      const url = k ? b : a;
      const raw = await autocannon({ url, connections: CONNECTIONS, duration: seconds / rounds, timeout: 30, skipAggregateResult: true });
      raws[k]!.push(raw as unknown as RawResult);
    }
  }
  const merge = (list: RawResult[], url: string) => {
    const seconds = list.reduce((s, r) => s + r.duration, 0);
    return summary({ ...autocannon.aggregateResult(list, { url, connections: CONNECTIONS }), duration: seconds });
  };
  return [merge(raws[0], a), merge(raws[1], b)];
}

let voter = 0;
/** A request for a new voter: its own signed cookie and its own address. */
function newVoter(req: { headers?: Record<string, string> }, secret: string) {
  const n = ++voter;
  const cookie = `voter=${encodeURIComponent(sign(`bench-${process.pid}-${n}`, secret))}`;
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return { ...req, headers: { ...req.headers, cookie, 'x-forwarded-for': ip } };
}

/** `amount` vote POSTs, each from a distinct voter; stopped (and flagged) after `maxSeconds`. */
export async function loadVotes(base: string, interventionId: number, monumentId: string, secret: string, amount: number, maxSeconds: number): Promise<LoadResult> {
  const run = autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: Math.max(amount, CONNECTIONS),
    timeout: 30,
    // autocannon notices the last answer of an amount only at its next sample: every 10 ms instead
    // of every second, or the run's duration (and so its req/s) is rounded up to whole seconds.
    sampleInt: 10,
    requests: [
      {
        method: 'POST',
        path: `/api/interventions/${interventionId}/vote`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ monumentId, action: 'vote' }),
        setupRequest: (req) => newVoter(req, secret),
      },
    ],
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    run.stop();
  }, maxSeconds * 1000);
  try {
    return summary(await run, timedOut);
  } finally {
    clearTimeout(timer);
  }
}
