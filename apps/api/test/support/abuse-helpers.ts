// Shared steps for the abuse, fuzz, privacy and fault tests: a monument to work on, a proposal
// to vote for, and requests from a chosen client address.
import { Intervention, type Monument, MonumentList, routes, pathOf } from '@linz/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { expectAnswer, holdLock, json } from './harness.js';

export type From = { ip?: string; xff?: string; cookie?: string; headers?: Record<string, string> };

function headersOf(from: From): Record<string, string> {
  return {
    ...(from.xff ? { 'x-forwarded-for': from.xff } : {}),
    ...(from.cookie ? { cookie: from.cookie } : {}),
    ...from.headers,
  };
}

export function get(app: FastifyInstance, url: string, from: From = {}) {
  return app.inject({ method: 'GET', url, remoteAddress: from.ip ?? '127.0.0.1', headers: headersOf(from) });
}

export function post(app: FastifyInstance, url: string, body: unknown, from: From = {}) {
  const opts: InjectOptions = {
    method: 'POST',
    url,
    remoteAddress: from.ip ?? '127.0.0.1',
    headers: { ...json, ...headersOf(from) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  };
  return app.inject(opts);
}

export async function firstMonument(app: FastifyInstance): Promise<Monument> {
  const list = expectAnswer(await get(app, routes.listMonuments.path), 200, MonumentList);
  const first = list[0];
  if (!first) throw new Error('the seed has no monuments');
  return first;
}

export async function newProposal(
  app: FastifyInstance,
  monumentId: string,
  name: string,
  from: From = {},
): Promise<Intervention> {
  const res = await post(app, pathOf(routes.createProposal.path, { monumentId }), { name }, from);
  return expectAnswer(res, 201, Intervention);
}

export function vote(app: FastifyInstance, p: { id: number; monumentId: string }, from: From = {}) {
  return post(app, pathOf(routes.castVote.path, { proposalId: p.id }), { monumentId: p.monumentId, action: 'vote' }, from);
}

/** A 429 carries Retry-After (whole seconds > 0) and a message a person can act on. */
export function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(JSON.parse(res.body).message).toMatch(/try again|too many/i);
}

/** The voter cookie the server set, ready to send back. */
export function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw : [raw]).find((c) => typeof c === 'string' && c.startsWith('voter='));
  if (typeof line !== 'string') throw new Error('no voter cookie was set');
  return line.split(';')[0] ?? '';
}

/** Holds proposal `id` until the returned function is called, so that votes on it wait (its row
 * lock on PostgreSQL; the whole database on PGlite). */
export function holdProposal(t: { url?: string | undefined; database: Database }, id: number) {
  return holdLock(t, (session) => session`SELECT id FROM proposals WHERE id = ${id} FOR UPDATE`);
}
