// /metrics on both databases: off (404) without METRICS_TOKEN or METRICS_PORT; 401 and no figures
// without the right bearer token; a real scrape after votes, a proposal, a queued mayor's mail and
// a 404 passes `promtool check metrics` (Debian's prometheus package) and carries route patterns,
// never raw URLs; METRICS_PORT serves the figures on 127.0.0.1 only.
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { pathOf, routes } from '@linz/contract';
import { metricsListener } from '../../src/http/metrics.js';
import { loggerOptions } from '../../src/logging.js';
import { newProposal, vote } from '../support/abuse-helpers.js';
import type { ConfigOptions } from '../../src/config.js';
import { DB_KIND, testApp } from '../support/harness.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(env: Record<string, string> = {}, config: ConfigOptions = {}) {
  const t = await testApp(env, { config });
  cleanups.push(() => t.close());
  return t;
}

const scrape = (t: Awaited<ReturnType<typeof start>>, authorization?: string) =>
  t.app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

/** `promtool check metrics` on a scrape: its exit code and everything it printed. */
function promtool(text: string) {
  const r = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (r.error) throw new Error(`promtool not found (apt-get install prometheus): ${r.error.message}`);
  return { code: r.status, output: `${r.stdout}${r.stderr}` };
}

/** The value of one sample line, e.g. value(text, 'denkmal_votes_total'). */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe(`metrics on ${DB_KIND}`, () => {
  it('are off by default: /metrics is a 404 with no figures', async () => {
    const t = await start();
    expect(t.app.services.metrics).toBeUndefined();
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/# (HELP|TYPE)|_seconds|denkmal_/);
  });

  it('with METRICS_TOKEN: a missing or wrong token gets 401 and no figures', async () => {
    const t = await start({ METRICS_TOKEN: TOKEN });
    for (const auth of [undefined, '', 'Bearer', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(t, auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(JSON.parse(res.body)).toEqual({ message: expect.stringMatching(/token/), code: 'UNAUTHORIZED' });
      expect(res.body).not.toMatch(/# (HELP|TYPE)|_seconds|denkmal_/);
    }
  });

  it('a real scrape passes promtool check metrics, with route patterns, votes, proposals, mails and the pool', async () => {
    const t = await start({ METRICS_TOKEN: TOKEN });
    const m = 'mon-hessendenkmal';
    const p = await newProposal(t.app, m, 'Eine Tafel für Metriken');
    for (let i = 0; i < 10; i++) expect((await vote(t.app, p, { ip: `198.51.100.${i}` })).statusCode).toBe(200);
    expect((await vote(t.app, p, { ip: '198.51.100.1' })).statusCode).toBe(200); // a new browser each (no cookie)
    await t.app.inject(pathOf(routes.monumentProposals.path, { monumentId: m }));
    await t.app.inject('/api/monuments/mon-does-not-exist');
    await t.app.inject('/nowhere/at/all');

    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    const checked = promtool(text);
    expect(checked.output).toBe('');
    expect(checked.code).toBe(0);

    // Route patterns, never the raw URL; an unknown path is one series, "unmatched".
    expect(text).toContain('route="/api/interventions/:monumentId",status_code="200"');
    expect(text).toContain('route="/api/interventions/:proposalId/vote",status_code="200"');
    expect(text).toContain('route="/api/monuments/:monumentId",status_code="404"');
    expect(text).toContain('route="unmatched",status_code="404"');
    expect(text).not.toContain(m);
    expect(text).not.toContain('mon-does-not-exist');
    expect(text).not.toContain('/nowhere');
    expect(
      value(
        text,
        'http_request_duration_seconds_count{method="POST",route="/api/interventions/:proposalId/vote",status_code="200"}',
      ),
    ).toBe(11);

    expect(value(text, 'denkmal_votes_total')).toBe(11);
    expect(value(text, 'denkmal_proposals_total')).toBe(1);
    // The tenth vote queued the mayor's mail (pending or already being written out as a file).
    const queued = ['pending', 'sending', 'sent'].map((s) => value(text, `denkmal_mails{kind="mayor",state="${s}"}`) ?? 0);
    expect(queued.reduce((a, b) => a + b)).toBe(1);
    expect(value(text, 'denkmal_mails{kind="mayor",state="failed"}')).toBe(0);
    expect(value(text, 'denkmal_mail_oldest_unsent_age_seconds{kind="mayor"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'denkmal_metrics_database_up')).toBe(1);
    expect(value(text, 'denkmal_db_pool_max_connections')).toBe(DB_KIND === 'postgres' ? 20 : 1);
    if (DB_KIND === 'postgres') expect(value(text, 'denkmal_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
    // prom-client's process figures: memory, event-loop lag.
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it("the oldest unsent mail's age, and the followers' mails by kind", async () => {
    const t = await start({ METRICS_TOKEN: TOKEN }, { mailPollSeconds: 3600 });
    // Stop the sender so the rows below stay as written.
    await t.app.outboxSender.stop();
    const p = await newProposal(t.app, 'mon-hessendenkmal', 'Alte Post');
    await t.database.rows(
      sql`INSERT INTO mayor_notifications (proposal_id, vote_count, reached_at, status) VALUES (${p.id}, 10, now() - interval '2 hours', 'pending')`,
    );
    // The followers' mails: one follow, three mails of two kinds in three states.
    const [follow] = await t.database.rows<{ id: number }>(
      sql`INSERT INTO follows (proposal_id, email, email_hash, lang, unsubscribe_token_hash, token_seed)
          VALUES (${p.id}, 'a@example.org', 'h', 'de', 'u', 's') RETURNING id`,
    );
    const f = Number(follow?.id);
    await t.database.rows(
      sql`INSERT INTO follow_mails (follow_id, event_key, kind, status, created_at) VALUES
          (${f}, 'a', 'confirm', 'pending', now() - interval '30 minutes'), (${f}, 'b', 'confirm', 'sent', now() - interval '3 days'),
          (${f}, 'c', 'status', 'failed', now())`,
    );
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(promtool(text).code).toBe(0);
    const mayorAge = value(text, 'denkmal_mail_oldest_unsent_age_seconds{kind="mayor"}') ?? 0;
    expect(mayorAge).toBeGreaterThanOrEqual(7200);
    expect(mayorAge).toBeLessThan(7200 + 600);
    expect(value(text, 'denkmal_mails{kind="mayor",state="pending"}')).toBe(1);
    expect(value(text, 'denkmal_mails{kind="confirm",state="pending"}')).toBe(1);
    expect(value(text, 'denkmal_mails{kind="confirm",state="sent"}')).toBe(1);
    expect(value(text, 'denkmal_mails{kind="status",state="failed"}')).toBe(1);
    // A sent or failed mail is not waiting: only the pending confirmation's age counts.
    expect(value(text, 'denkmal_mail_oldest_unsent_age_seconds{kind="confirm"}')).toBeGreaterThanOrEqual(1800);
    expect(value(text, 'denkmal_mail_oldest_unsent_age_seconds{kind="confirm"}')).toBeLessThan(1800 + 600);
    expect(value(text, 'denkmal_mail_oldest_unsent_age_seconds{kind="status"}')).toBe(0);
  });

  it('with METRICS_PORT only: served on 127.0.0.1 without a token, and /metrics on the main port is a 404', async () => {
    const lines: string[] = [];
    const t = await testApp({ METRICS_PORT: '9464' }, { logger: loggerOptions('info', { write: (l: string) => lines.push(l) }) });
    cleanups.push(() => t.close());
    expect((await scrape(t, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    // Port 0 here: the test picks a free port (the configured one only switches the listener on).
    const listener = await metricsListener(t.app, 0);
    cleanups.push(listener.close);
    const port = Number(new URL(listener.url).port);
    // The URL is made from the socket's own address: what it is really bound to.
    expect(listener.url).toBe(`http://127.0.0.1:${port}/metrics`);
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toContain(
      `metrics (/metrics, no token) at http://localhost:${port} (port ${port}, loopback only)`,
    );
    await t.app.inject('/api/monuments');
    const res = await fetch(listener.url);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(promtool(text).code).toBe(0);
    expect(text).toContain('route="/api/monuments",status_code="200"');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    // Not reachable on the machine's other addresses.
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (outside) {
      const refused = await new Promise<string>((resolve) => {
        const req = request({ host: outside, port, path: '/metrics', timeout: 2000 }, () => resolve('answered'));
        req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
        req.end();
      });
      expect(refused).toBe('ECONNREFUSED');
    }
  });
});
