// Prometheus metrics (prom-client, text format 0.0.4): request durations by route pattern and
// status, votes and proposals counted, the outbox and the database pool read at scrape time, and
// prom-client's process figures (memory, CPU, event-loop lag, GC). Not public: on the main port
// only with METRICS_TOKEN (bearer, compared in constant time), and/or on METRICS_PORT bound to
// 127.0.0.1; without either nothing is measured and /metrics is a 404.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import type { Config } from '../config.js';
import type { Database, PoolUse } from '../db/client.js';
import { outboxFigures, type OutboxGroup } from '../mail/outbox.js';
import { openAlertCounts } from '../domain/votes/vote-review.js';
import { OUTBOX_STATES, VOTE_ALERT_KINDS, type ErrorBody } from '@linz/contract';
import { boundAddress } from './ops.js';

export const METRICS_PATH = '/metrics';
/** A scrape waits this long for the database's figures; without them it still answers the rest. */
const SCRAPE_DB_TIMEOUT_MS = 1000;
// The mayor's outbox states, always reported (a 0 is a figure; a missing series is a question).
const MAYOR_STATES = OUTBOX_STATES;
const UNSENT = new Set(['pending', 'sending']);

export type Metrics = {
  registry: Registry;
  /** One answered request: its method, route pattern (undefined when no route matched), status and duration. */
  observe(method: string, route: string | undefined, status: number, seconds: number): void;
  voteCounted(): void;
  proposalCreated(): void;
};

export const metricsEnabled = (config: Config) => config.metrics.token !== undefined || config.metrics.port !== undefined;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
type Series = { labels: Record<string, string>; counts: number[]; sum: number; count: number };

/**
 * http_request_duration_seconds, kept by hand: prom-client's Histogram validates and hashes the
 * labels on every observation (3-8 µs here under load); this is one Map lookup and a bucket
 * search per request. The registry renders it like any prom-client metric.
 */
class RouteDurations {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time from a request arriving to its answer being sent, by route pattern and status.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  observe(method: string, route: string, status: number, seconds: number) {
    const key = `${method} ${status} ${route}`;
    let s = this.series.get(key);
    if (!s) {
      s = { labels: { method, route, status_code: String(status) }, counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    const i = BUCKETS.findIndex((le) => seconds <= le);
    if (i >= 0) s.counts[i] = (s.counts[i] ?? 0) + 1;
    s.sum += seconds;
    s.count += 1;
  }

  get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      BUCKETS.forEach((le, i) => {
        cumulative += s.counts[i] ?? 0;
        values.push({ metricName: `${this.name}_bucket`, labels: { le, ...s.labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...s.labels }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset() {
    this.series.clear();
  }
}

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters (promtool refuses them); the same figures stay, by type, without "_total".
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
    registry.removeSingleMetric(name);
  }

  const durations = new RouteDurations();
  registry.registerMetric(durations as unknown as Metric);

  const votes = new Counter({
    name: 'denkmal_votes_total',
    help: 'Votes counted by this process (a repeat by the same browser is not counted).',
    registers: [registry],
  });
  const proposals = new Counter({
    name: 'denkmal_proposals_total',
    help: 'Proposals created through this process.',
    registers: [registry],
  });

  // The figures read from the database, once per scrape however many gauges ask for them.
  type Figures = { outbox: OutboxGroup[]; pool: PoolUse; alerts: Record<string, number> } | undefined;
  let scrape: Promise<Figures> | undefined;
  const figures = () =>
    (scrape ??= within(
      SCRAPE_DB_TIMEOUT_MS,
      Promise.all([outboxFigures(database), database.poolUse(), openAlertCounts(database)]).then(([outbox, pool, alerts]) => ({
        outbox,
        pool,
        alerts,
      })),
    )
      .catch(() => undefined)
      .finally(() => setImmediate(() => (scrape = undefined))));

  new Gauge({
    name: 'denkmal_metrics_database_up',
    help: '1 when this scrape could read the outbox and pool figures from the database, else 0 (and those are absent).',
    registers: [registry],
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'denkmal_mails',
    help: "E-mails in the outbox by kind (mayor: the mayor's notifications; followers' mails by their kind) and state.",
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const f = await figures();
      if (!f) return;
      for (const state of MAYOR_STATES) this.set({ kind: 'mayor', state }, 0);
      for (const g of f.outbox) this.set({ kind: g.kind, state: g.state }, g.count);
    },
  });
  new Gauge({
    name: 'denkmal_vote_alerts_open',
    help: "Open alerts about a proposal's votes by kind (burst, regular, few_networks): each waits for staff in /admin.",
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const f = await figures();
      if (!f) return;
      for (const kind of VOTE_ALERT_KINDS) this.set({ kind }, f.alerts[kind] ?? 0);
    },
  });
  new Gauge({
    name: 'denkmal_mail_oldest_unsent_age_seconds',
    help: 'How long the oldest e-mail not yet sent (pending or being sent) has waited, by kind; 0 when none waits.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const f = await figures();
      if (!f) return;
      const oldest = new Map<string, number>([['mayor', 0]]);
      for (const g of f.outbox) {
        const age = UNSENT.has(g.state) ? g.oldestAgeSeconds : 0;
        oldest.set(g.kind, Math.max(oldest.get(g.kind) ?? 0, age));
      }
      for (const [kind, age] of oldest) this.set({ kind }, age);
    },
  });
  new Gauge({
    name: 'denkmal_db_pool_max_connections',
    help: "The database pool's size (embedded PGlite: one connection).",
    registers: [registry],
    async collect() {
      const f = await figures();
      if (f) this.set(f.pool.max);
    },
  });
  new Gauge({
    name: 'denkmal_db_pool_connections',
    help: "PostgreSQL: this process's open connections by state as pg_stat_activity shows them (active: running a query).",
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const f = await figures();
      for (const [state, n] of Object.entries(f?.pool.connections ?? {})) this.set({ state }, n);
    },
  });

  return {
    registry,
    observe: (method, route = 'unmatched', status, seconds) => durations.observe(method, route, status, seconds),
    voteCounted: () => votes.inc(),
    proposalCreated: () => proposals.inc(),
  };
}

/** Times every answer, and serves /metrics on the main port when a token is configured. */
export function metricsRoutes(app: FastifyInstance, metrics: Metrics | undefined, token: string | undefined) {
  if (!metrics) return;
  app.addHook('onResponse', (req, reply, done) => {
    // The route's pattern (/api/monuments/:monumentId), never the raw URL: one series per route, not per id.
    metrics.observe(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (token === undefined) return;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  const expected = digest(`Bearer ${token}`);
  app.get(METRICS_PATH, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    // Equal-length digests compared in constant time: the answer's timing tells nothing of the token.
    if (!timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'The metrics need the bearer token (METRICS_TOKEN).', code: 'UNAUTHORIZED' } satisfies ErrorBody);
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/** METRICS_PORT: /metrics on 127.0.0.1 only, without a token (what can reach it is the machine itself). */
export async function metricsListener(app: FastifyInstance, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  // The augmentation of FastifyInstance lives in app.ts, which the web app's typecheck does not load.
  const { metrics } = (app as FastifyInstance & { services: { metrics: Metrics | undefined } }).services;
  if (!metrics) throw new Error('metrics are off');
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end('{"message":"Not found."}');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end('{"message":"Internal server error."}');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // The address the socket really has (not the one asked for), so the log and the tests name the bind.
  const address = server.address() as AddressInfo;
  const url = `http://${address.address}:${address.port}${METRICS_PATH}`;
  // The log scrubs IP literals (logging.ts): the bind is named in words, as in the start-up line.
  app.log.info(`metrics (${METRICS_PATH}, no token) at ${boundAddress(address)}`);
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
