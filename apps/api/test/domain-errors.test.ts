// The domain's refusals reach both transports through the one mapping (trpc/errors.ts), with the
// same status, message and Retry-After; the domain layer knows neither transport.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathOf, routes } from '@linz/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { browser, DB_KIND, json, testApp } from './harness.js';

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
  it('already voted: 403 over REST and tRPC with the same message', async () => {
    t = await testApp();
    const created = await post(pathOf(routes.createIntervention.path, { monumentId: MON }), { name: 'Ein Baum' });
    const id = (JSON.parse(created.body) as { id: number }).id;
    const who = browser(t.app, 'one-browser');
    expect(
      (await post(pathOf(routes.castVote.path, { interventionId: id }), { monumentId: MON, action: 'vote' }, who)).statusCode,
    ).toBe(200);
    const rest = await post(pathOf(routes.castVote.path, { interventionId: id }), { monumentId: MON, action: 'vote' }, who);
    const trpc = await post('/trpc/interventions.vote', { interventionId: id, body: { monumentId: MON, action: 'vote' } }, who);
    expect([rest.statusCode, trpc.statusCode]).toEqual([403, 403]);
    expect(JSON.parse(rest.body)).toEqual({ message: 'You have already voted.' });
    expect(trpcError(trpc.body)).toMatchObject({
      message: 'You have already voted.',
      data: { code: 'FORBIDDEN', httpStatus: 403 },
    });
  });

  it('not found: 404 over both', async () => {
    t = await testApp();
    const rest = await t.app.inject({ url: pathOf(routes.monumentInterventions.path, { monumentId: 'mon-nope' }) });
    const trpc = await t.app.inject({
      url: `/trpc/interventions.ofMonument?input=${encodeURIComponent(JSON.stringify({ monumentId: 'mon-nope' }))}`,
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
    const trpc = await post('/trpc/interventions.vote', { interventionId: 2 ** 31, body: vote });
    expect([rest.statusCode, trpc.statusCode]).toEqual([400, 400]);
    // The largest integer passes validation and is simply unknown.
    expect((await post('/api/interventions/2147483647/vote', vote)).statusCode).toBe(404);
    expect((await post('/trpc/interventions.vote', { interventionId: 2 ** 31 - 1, body: vote })).statusCode).toBe(404);
  });
});

describe('layers', () => {
  it('the domain imports nothing from the HTTP or tRPC layers', () => {
    const dir = path.join(import.meta.dirname, '../src/domain');
    for (const file of readdirSync(dir)) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/from '(\.\.\/(http|trpc|rest)\/|@trpc\/|fastify)/);
    }
  });
});
