// The domain's refusals reach both transports through the one mapping (trpc/errors.ts), with the
// same status, message, Retry-After and code (the contract's vocabulary, ERROR_STATUS); the domain
// layer knows neither transport, nor any HTTP status.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_STATUS, ErrorBody, pathOf, routes } from '@linz/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { browser, DB_KIND, json, testApp } from '../support/harness.js';

let t: Awaited<ReturnType<typeof testApp>> | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const MON = 'mon-dreifaltigkeitssaeule';
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t!.app.inject({ method: 'POST', url, headers: { ...json, ...headers }, payload: payload as object });
const trpcError = (body: string) =>
  (JSON.parse(body) as { error: { message: string; data: { code: string; httpStatus: number } } }).error;

describe(`domain errors on ${DB_KIND}`, () => {
  it('a refused input names each field in `issues` over tRPC as over REST (the staff forms read them)', async () => {
    t = await testApp();
    const vote = { monumentId: MON, action: 'vote' };
    const trpc = await post('/trpc/proposals.vote', { proposalId: 'seven', body: vote });
    expect(trpc.statusCode).toBe(400);
    const { data } = (JSON.parse(trpc.body) as { error: { data: { reason: string; issues?: unknown } } }).error;
    expect(data.reason).toBe('INVALID_INPUT');
    expect(data.issues).toEqual([{ path: 'proposalId', message: expect.any(String) }]);
    const rest = await post('/api/interventions/7/vote', { ...vote, action: 'shout' });
    expect(JSON.parse(rest.body)).toMatchObject({
      code: 'INVALID_INPUT',
      issues: [{ path: 'action', message: expect.any(String) }],
    });
  });

  it('already voted: 403 over REST and tRPC with the same message', async () => {
    t = await testApp();
    const created = await post(pathOf(routes.createProposal.path, { monumentId: MON }), { name: 'Ein Baum' });
    const id = (JSON.parse(created.body) as { id: number }).id;
    const who = browser(t.app, 'one-browser');
    expect(
      (await post(pathOf(routes.castVote.path, { proposalId: id }), { monumentId: MON, action: 'vote' }, who)).statusCode,
    ).toBe(200);
    const rest = await post(pathOf(routes.castVote.path, { proposalId: id }), { monumentId: MON, action: 'vote' }, who);
    const trpc = await post('/trpc/proposals.vote', { proposalId: id, body: { monumentId: MON, action: 'vote' } }, who);
    expect([rest.statusCode, trpc.statusCode]).toEqual([403, 403]);
    expect(JSON.parse(rest.body)).toEqual({ message: 'You have already voted.', code: 'ALREADY_VOTED' });
    expect(trpcError(trpc.body)).toMatchObject({
      message: 'You have already voted.',
      data: { code: 'FORBIDDEN', httpStatus: 403 },
    });
  });

  it('not found: 404 over both', async () => {
    t = await testApp();
    const rest = await t.app.inject({ url: pathOf(routes.monumentProposals.path, { monumentId: 'mon-nope' }) });
    const trpc = await t.app.inject({
      url: `/trpc/proposals.ofMonument?input=${encodeURIComponent(JSON.stringify({ monumentId: 'mon-nope' }))}`,
    });
    expect([rest.statusCode, trpc.statusCode]).toEqual([404, 404]);
    expect(trpcError(trpc.body).data.code).toBe('NOT_FOUND');
  });

  it("a limit reached: 429 with the domain's Retry-After over both", async () => {
    t = await testApp({}, { config: { limits: { createsPer5Minutes: 1 } } });
    expect((await post(routes.addMonument.path, { name: 'Eins', geoLocX: 48.3, geoLocY: 14.3 })).statusCode).toBe(201);
    const rest = await post(routes.addMonument.path, { name: 'Zwei', geoLocX: 48.3, geoLocY: 14.3 });
    const trpc = await post('/trpc/monuments.add', { name: 'Drei', geoLocX: 48.3, geoLocY: 14.3 });
    expect([rest.statusCode, trpc.statusCode]).toEqual([429, 429]);
    expect([rest.headers['retry-after'], trpc.headers['retry-after']]).toEqual(['300', '300']);
    expect(trpcError(trpc.body).data.code).toBe('TOO_MANY_REQUESTS');
  });

  it('an id beyond a PostgreSQL integer is refused by the one id schema on both transports', async () => {
    t = await testApp();
    const vote = { monumentId: MON, action: 'vote' };
    const rest = await post('/api/interventions/2147483648/vote', vote);
    const trpc = await post('/trpc/proposals.vote', { proposalId: 2 ** 31, body: vote });
    expect([rest.statusCode, trpc.statusCode]).toEqual([400, 400]);
    // The largest integer passes validation and is simply unknown.
    expect((await post('/api/interventions/2147483647/vote', vote)).statusCode).toBe(404);
    expect((await post('/trpc/proposals.vote', { proposalId: 2 ** 31 - 1, body: vote })).statusCode).toBe(404);
  });

  it("every refusal carries a code of the vocabulary, answered with that code's status, over both transports", async () => {
    t = await testApp();
    const vote = { monumentId: MON, action: 'vote' };
    const cases: { name: string; res: Awaited<ReturnType<typeof post>>; code: keyof typeof ERROR_STATUS }[] = [
      { name: 'unknown proposal', res: await post('/api/interventions/2147483647/vote', vote), code: 'NOT_FOUND' },
      {
        name: 'a field that cannot be read',
        res: await post('/api/interventions/1/vote', { monumentId: MON }),
        code: 'INVALID_INPUT',
      },
      {
        name: 'outside the city',
        res: await post(routes.addMonument.path, { name: 'Fern', geoLocX: 10, geoLocY: 10, interventionTitle: '' }),
        code: 'OUTSIDE_AREA',
      },
      { name: 'cross-site', res: await post(routes.addMonument.path, {}, { origin: 'https://evil.example' }), code: 'FORBIDDEN' },
      {
        name: 'not JSON',
        res: await t.app.inject({
          method: 'POST',
          url: routes.addMonument.path,
          headers: { 'content-type': 'text/plain' },
          payload: 'x',
        }),
        code: 'UNSUPPORTED_MEDIA_TYPE',
      },
      { name: 'no such API path', res: await t.app.inject({ url: '/api/nothing-here' }), code: 'NOT_FOUND' },
      {
        name: 'idempotency key not a UUID',
        res: await post('/api/interventions/2147483647/vote', vote, { 'idempotency-key': 'nope' }),
        code: 'INVALID',
      },
      {
        name: 'tRPC: unknown proposal',
        res: await post('/trpc/proposals.vote', { proposalId: 2 ** 31 - 1, body: vote }),
        code: 'NOT_FOUND',
      },
      { name: 'tRPC: staff only', res: await t.app.inject({ url: '/trpc/staff.queue' }), code: 'UNAUTHORIZED' },
    ];
    for (const { name, res, code } of cases) {
      const body = JSON.parse(res.body) as Record<string, unknown>;
      if (name.startsWith('tRPC')) {
        const { error } = body as { error: { data: { reason: string; httpStatus: number } } };
        expect({ name, reason: error.data.reason, status: res.statusCode }).toEqual({
          name,
          reason: code,
          status: ERROR_STATUS[code],
        });
      } else {
        expect({ name, body: ErrorBody.safeParse(body).success, code: body.code, status: res.statusCode }).toEqual({
          name,
          body: true,
          code,
          status: ERROR_STATUS[code],
        });
      }
    }
  });
});

/** The domain's source files, its use cases' folder included, relative to `dir`. */
const domainFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

describe('layers', () => {
  it('the domain imports nothing from the HTTP or tRPC layers', () => {
    const dir = path.join(import.meta.dirname, '../../src/domain');
    for (const file of domainFiles(dir)) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/from '((\.\.\/)+(http|trpc|rest)\/|@trpc\/|fastify)/);
    }
  });

  it('a procedure or a handler calls nothing of the domain but its use cases (domain/*/use-cases.ts)', () => {
    const src = path.join(import.meta.dirname, '../../src');
    // What transports are made of, not a request's work: refusals, snapshots' bytes and ETags,
    // escaping a visitor's text for HTML, the connection's keyed hashes (the Actor's), the Actor.
    const parts = ['errors.js', 'read-cache.js', 'visitor-text.js', 'identity.js', 'actor.js'];
    // Not request handlers: the Idempotency-Key port (it answers a repeat from domain/idempotency.ts),
    // the request's Actor (its staff session), and /metrics' scrape of ops figures.
    const ports = ['trpc/idempotency.ts', 'http/context.ts', 'http/metrics.ts'];
    const calls: string[] = [];
    for (const dir of ['trpc', 'rest', 'http']) {
      for (const name of readdirSync(path.join(src, dir))) {
        const file = `${dir}/${name}`;
        if (ports.includes(file)) continue;
        const text = readFileSync(path.join(src, file), 'utf8');
        for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'((?:\.\.\/)+domain\/[^']+)'/g)) {
          const [, onlyTypes, names = '', from = ''] = m;
          if (onlyTypes || from.endsWith('/use-cases.js') || parts.some((p) => from.endsWith(`domain/${p}`))) continue;
          const values = names
            .split(',')
            .map((n) => n.trim())
            .filter((n) => n && !n.startsWith('type '));
          for (const value of values.map((n) => n.split(/\s+as\s+/).at(-1) ?? n)) {
            if (new RegExp(`(?<![\\w.])${value}\\s*\\(`).test(text)) calls.push(`${file} calls ${value} of ${from}`);
          }
        }
      }
    }
    expect(calls).toEqual([]);
  });

  it('no domain file names an HTTP status: refusals say what went wrong by their code', () => {
    const dir = path.join(import.meta.dirname, '../../src/domain');
    const statuses = [...new Set(Object.values(ERROR_STATUS))].join('|');
    for (const file of domainFiles(dir).filter((f) => !f.endsWith('.test.ts'))) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      expect(text.match(new RegExp(`(?<![\\w.])(${statuses})(?![\\w.])`, 'g')) ?? [], file).toEqual(
        file === 'photos/photos.ts' ? ['500'] : [], // LIMIT 500: a page's rows, not a status
      );
    }
  });
});
