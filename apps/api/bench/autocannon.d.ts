// The parts of autocannon 9 the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Request, context: object) => Request;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: Request[];
    skipAggregateResult?: boolean;
    sampleInt?: number;
  };
  type Histogram = { average: number; p50: number; p99: number; max: number; total: number };
  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    statusCodeStats: Record<string, { count: number }>;
  };
  type Instance = PromiseLike<Result> & { stop(): void };
  /** What a run with skipAggregateResult resolves to (histograms still encoded). */
  export type RawResult = { duration: number; statusCodeStats: Record<string, { count: number }> };
  function autocannon(opts: Options): Instance;
  namespace autocannon {
    function aggregateResult(results: RawResult[], opts: { url: string; connections: number }): Result;
  }
  export default autocannon;
}
