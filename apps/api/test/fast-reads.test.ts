// The public lists answered beside Fastify (http/fast-reads.ts), on a listening server on both
// databases: the same answer as Fastify's own route (headers, ETag, gzip, 304, HSTS over a trusted
// proxy's TLS), Fastify's hooks never see them, a write sends the next read through Fastify, and
// they count against the same general limit, metrics and request log as every other request.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { routes } from '@linz/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { windowCounter } from '../src/http/security.js';
import { loggerOptions } from '../src/logging.js';
import { DB_KIND, testApp } from './harness.js';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function listening(env: Record<string, string> = {}, logger?: NonNullable<Parameters<typeof testApp>[1]>['logger']) {
  const t = await testApp(env, { logger });
  cleanups.push(() => t.close());
  // Every request that reaches Fastify's pipeline, by URL.
  const seen: string[] = [];
  t.app.addHook('onRequest', (req, _reply, done) => {
    seen.push(req.url);
    done();
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  return { ...t, get, seen };
}

/** Headers that differ between any two answers of one server (the time), left out of comparisons. */
const comparable = ({ date: _date, ...rest }: Answer['headers']) => rest;

const LISTS = [routes.listMonuments.path, routes.allInterventions.path];

describe(`the public lists beside Fastify (${DB_KIND})`, () => {
  it('answer as Fastify does (plain, gzip, 304), and Fastify never sees them once the list is built', async () => {
    const t = await listening();
    for (const path of LISTS) {
      await t.get(path); // builds the snapshot (through Fastify)
      for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
        t.seen.length = 0;
        const fast = await t.get(path, headers);
        // The same route through Fastify: a query string is never answered beside it.
        const viaFastify = await t.get(`${path}?via=fastify`, headers);
        expect(t.seen).toEqual([`${path}?via=fastify`]);
        expect(fast.status).toBe(200);
        if (path === routes.listMonuments.path) expect(fast.headers['content-encoding']).toBe(headers['accept-encoding']);
        expect(comparable(fast.headers)).toEqual(comparable(viaFastify.headers));
        expect(fast.body.equals(viaFastify.body)).toBe(true);
        // A short list (no proposals yet) goes out as it is, gzip or not.
        const json = fast.headers['content-encoding'] === 'gzip' ? gunzipSync(fast.body).toString() : fast.body.toString();
        expect(Array.isArray(JSON.parse(json))).toBe(true);
        expect(fast.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(fast.headers['strict-transport-security']).toBeUndefined();

        const etag = String(fast.headers.etag);
        const notModified = await t.get(path, { ...headers, 'if-none-match': etag });
        const notModifiedViaFastify = await t.get(`${path}?via=fastify`, { ...headers, 'if-none-match': etag });
        expect(notModified.status).toBe(304);
        expect(notModified.body.length).toBe(0);
        expect(comparable(notModified.headers)).toEqual(comparable(notModifiedViaFastify.headers));
      }
    }
    // HEAD is Fastify's.
    t.seen.length = 0;
    await new Promise<void>((resolve) => {
      const { port } = t.app.server.address() as AddressInfo;
      request({ host: '127.0.0.1', port, path: routes.listMonuments.path, method: 'HEAD' }, (res) => {
        res.resume();
        res.on('end', resolve);
      }).end();
    });
    expect(t.seen).toEqual([routes.listMonuments.path]);
  });

  it('HSTS over a trusted proxy that says https, and only then', async () => {
    const t = await listening({ TRUST_PROXY: '1' });
    await t.get(routes.listMonuments.path);
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' };
    t.seen.length = 0;
    const fast = await t.get(routes.listMonuments.path, https);
    const viaFastify = await t.get(`${routes.listMonuments.path}?via=fastify`, https);
    expect(t.seen).toHaveLength(1);
    expect(fast.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(comparable(fast.headers)).toEqual(comparable(viaFastify.headers));
    const plain = await t.get(routes.listMonuments.path, { 'x-forwarded-proto': 'http' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('a write: the next read goes through Fastify and has the new list; then beside it again', async () => {
    const t = await listening();
    const before = await t.get(routes.allInterventions.path);
    const monuments = JSON.parse((await t.get(routes.listMonuments.path)).body.toString()) as { id: string }[];
    const created = await t.app.inject({
      method: 'POST',
      url: routes.createIntervention.path.replace(':monumentId', encodeURIComponent(monuments[0]!.id)),
      headers: { 'content-type': 'application/json' },
      payload: { name: 'Beside Fastify' },
    });
    expect(created.statusCode).toBe(201);
    // The write's NOTIFY reaches this instance's listener (on PostgreSQL a moment later).
    await expect.poll(() => t.app.services.lists.interventions.ready()).toBeUndefined();
    t.seen.length = 0;
    const after = await t.get(routes.allInterventions.path);
    expect(t.seen).toEqual([routes.allInterventions.path]);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.toString()).toContain('Beside Fastify');
    await expect.poll(() => t.app.services.lists.interventions.ready()).toBeDefined();
    t.seen.length = 0;
    expect((await t.get(routes.allInterventions.path)).headers.etag).toBe(after.headers.etag);
    expect(t.seen).toEqual([]);
  });

  it('count against the general limit with every other request of the same client', async () => {
    const t = await listening({ LIMIT_REQUESTS_PER_MINUTE: '4', TRUST_PROXY: '1' });
    const a = { 'x-forwarded-for': '203.0.113.1' };
    const b = { 'x-forwarded-for': '203.0.113.2' };
    await t.get(routes.listMonuments.path, b); // builds the snapshot, from another client
    t.seen.length = 0;
    for (let i = 0; i < 3; i++) expect((await t.get(routes.listMonuments.path, a)).status).toBe(200);
    expect(t.seen).toEqual([]);
    // The fourth request of this client goes to Fastify's route, the fifth of either kind is refused.
    expect((await t.get(routes.clientConfig.path, a)).status).toBe(200);
    const refused = await t.get(routes.listMonuments.path, a);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.parse(refused.body.toString())).toMatchObject({ message: expect.stringContaining('Too many requests') });
    expect((await t.get(routes.clientConfig.path, a)).status).toBe(429);
    expect((await t.get(routes.listMonuments.path, b)).status).toBe(200);
  });

  it('while draining, Fastify answers them (and closes the connection)', async () => {
    const t = await listening();
    await t.get(routes.listMonuments.path);
    void t.app.ops.drain(60_000);
    t.seen.length = 0;
    const res = await t.get(routes.listMonuments.path);
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
    expect(t.seen).toEqual([routes.listMonuments.path]);
  });

  it('are timed in the metrics and logged like every request, with no address in the log', async () => {
    const lines: string[] = [];
    const t = await listening(
      { METRICS_TOKEN: 'fast-reads-metrics-token', TRUST_PROXY: '1' },
      loggerOptions('info', { write: (l: string) => lines.push(l) }),
    );
    await t.get(routes.listMonuments.path);
    t.seen.length = 0;
    lines.length = 0;
    for (let i = 0; i < 3; i++) await t.get(routes.listMonuments.path, { 'x-forwarded-for': '192.0.2.44' });
    expect(t.seen).toEqual([]);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toHaveLength(3);
    expect(logged[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: '/api/monuments',
      status: 200,
      reqId: expect.any(String),
    });
    expect(lines.join('\n')).not.toContain('192.0.2.44');
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer fast-reads-metrics-token' } });
    const count = /^http_request_duration_seconds_count\{method="GET",route="\/api\/monuments",status_code="200"\} (\d+)$/m.exec(
      metrics.body,
    );
    expect(Number(count?.[1])).toBe(4);
  });
});

describe("the general limit's window counter", () => {
  it('counts per key and window, and sweeps ended windows once it holds many keys, at most once a window', () => {
    const c = windowCounter(1000, 3);
    expect(c.hit('a', 0).count).toBe(1);
    expect(c.hit('a', 999).count).toBe(2);
    expect(c.hit('a', 1000)).toEqual({ count: 1, ends: 2000 }); // a new window
    c.hit('b', 100);
    c.hit('c', 100);
    expect(c.size()).toBe(3);
    // A fourth key after b's and c's windows ended: they are swept.
    c.hit('d', 1500);
    expect(c.size()).toBe(2);
    // Not again within that window (until 2500), though a's window has ended by then.
    c.hit('f', 2100);
    c.hit('g', 2200);
    expect(c.size()).toBe(4);
    // After it: a's and d's windows are swept, h is added to f and g.
    c.hit('h', 2600);
    expect(c.size()).toBe(3);
  });
});
