// Bad input on every endpoint: the right 4xx with a JSON message, and nothing stored.
import { ErrorBody, ProposalList, MonumentList } from '@linz/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, expectAnswer, json, PLACED_SEED, testApp } from '../support/harness.js';

let t: Awaited<ReturnType<typeof testApp>>;
let proposalId = 0;
const MON = 'mon-dreifaltigkeitssaeule';

beforeAll(async () => {
  t = await testApp();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/interventions/${MON}`,
    headers: json,
    payload: { name: 'Vorhanden' },
  });
  proposalId = (JSON.parse(res.body) as { id: number }).id;
});
afterAll(() => t.close());

async function counts() {
  const [row] = await t.database.rows<Record<string, number>>(sql`
    SELECT (SELECT count(*)::int FROM monuments) AS m, (SELECT count(*)::int FROM proposals) AS i,
           (SELECT count(*)::int FROM votes) AS v, (SELECT coalesce(sum(votes), 0)::int FROM proposals) AS votes,
           (SELECT count(*)::int FROM reports) AS r, (SELECT count(*)::int FROM audit_log) AS a,
           (SELECT count(*)::int FROM proposals WHERE answered_at IS NOT NULL) AS answered`);
  return row;
}

type Case = {
  name: string;
  method?: 'GET' | 'POST' | 'PUT';
  url: string | (() => string);
  payload?: string | object;
  headers?: Record<string, string>;
  status: number;
};

const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
const goodMonument = { name: 'Neu', geoLocX: 48.3, geoLocY: 14.3 };
const voteUrl = () => `/api/interventions/${proposalId}/vote`;
const vote = { monumentId: MON, action: 'vote' };

const cases: Case[] = [
  // add-monument
  { name: 'monument: blank name', url: '/api/add-monument', payload: { ...goodMonument, name: '   ' }, status: 400 },
  { name: 'monument: missing name', url: '/api/add-monument', payload: { geoLocX: 48.3, geoLocY: 14.3 }, status: 400 },
  { name: 'monument: name too long', url: '/api/add-monument', payload: { ...goodMonument, name: 'x'.repeat(121) }, status: 400 },
  { name: 'monument: latitude as string', url: '/api/add-monument', payload: { ...goodMonument, geoLocX: '48.3' }, status: 400 },
  { name: 'monument: latitude out of range', url: '/api/add-monument', payload: { ...goodMonument, geoLocX: 91 }, status: 400 },
  {
    name: 'monument: longitude out of range',
    url: '/api/add-monument',
    payload: { ...goodMonument, geoLocY: -181 },
    status: 400,
  },
  {
    name: 'monument: bad id form',
    url: '/api/add-monument',
    payload: { ...goodMonument, id: 'mon-dreifaltigkeitssaeule' },
    status: 400,
  },
  { name: 'monument: array body', url: '/api/add-monument', payload: [goodMonument], status: 400 },
  { name: 'monument: malformed JSON', url: '/api/add-monument', payload: '{"name": "x",', status: 400 },
  { name: 'monument: empty JSON body', url: '/api/add-monument', payload: '', status: 400 },
  { name: 'monument: 2 MB body', url: '/api/add-monument', payload: big, status: 413 },
  {
    name: 'monument: form-encoded',
    url: '/api/add-monument',
    payload: 'name=x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    status: 415,
  },
  {
    name: 'monument: text/plain',
    url: '/api/add-monument',
    payload: JSON.stringify(goodMonument),
    headers: { 'content-type': 'text/plain' },
    status: 415,
  },
  {
    name: 'monument: foreign Origin',
    url: '/api/add-monument',
    payload: goodMonument,
    headers: { origin: 'https://evil.example' },
    status: 403,
  },
  {
    name: 'monument: cross-site fetch',
    url: '/api/add-monument',
    payload: goodMonument,
    headers: { 'sec-fetch-site': 'cross-site' },
    status: 403,
  },
  {
    name: 'monument: proto pollution',
    url: '/api/add-monument',
    payload: '{"name":"x","geoLocX":1,"geoLocY":1,"__proto__":{"validated":true}}',
    status: 400,
  },
  // create proposal
  { name: 'proposal: blank', url: `/api/interventions/${MON}`, payload: { name: ' \t ' }, status: 400 },
  { name: 'proposal: missing name', url: `/api/interventions/${MON}`, payload: {}, status: 400 },
  { name: 'proposal: too long', url: `/api/interventions/${MON}`, payload: { name: 'x'.repeat(121) }, status: 400 },
  { name: 'proposal: number name', url: `/api/interventions/${MON}`, payload: { name: 42 }, status: 400 },
  { name: 'proposal: null body', url: `/api/interventions/${MON}`, payload: 'null', status: 400 },
  { name: 'proposal: unknown monument', url: '/api/interventions/mon-does-not-exist', payload: { name: 'x' }, status: 404 },
  { name: 'proposal: invalid monument id', url: '/api/interventions/%3Cscript%3E', payload: { name: 'x' }, status: 400 },
  { name: 'proposal: malformed JSON', url: `/api/interventions/${MON}`, payload: '{name:', status: 400 },
  { name: 'proposal: 2 MB body', url: `/api/interventions/${MON}`, payload: big, status: 413 },
  {
    name: 'proposal: foreign Origin',
    url: `/api/interventions/${MON}`,
    payload: { name: 'x' },
    headers: { origin: 'http://localhost.evil:3000' },
    status: 403,
  },
  // vote
  { name: 'vote: wrong action', url: voteUrl, payload: { ...vote, action: 'unvote' }, status: 400 },
  { name: 'vote: missing monumentId', url: voteUrl, payload: { action: 'vote' }, status: 400 },
  {
    name: 'vote: monument of another proposal',
    url: voteUrl,
    payload: { ...vote, monumentId: 'mon-hessendenkmal' },
    status: 404,
  },
  { name: 'vote: unknown proposal', url: '/api/interventions/99999/vote', payload: vote, status: 404 },
  { name: 'vote: non-numeric id', url: '/api/interventions/abc/vote', payload: vote, status: 400 },
  { name: 'vote: huge id', url: '/api/interventions/99999999999999999999/vote', payload: vote, status: 400 },
  { name: 'vote: malformed JSON', url: voteUrl, payload: '[', status: 400 },
  { name: 'vote: 2 MB body', url: voteUrl, payload: big, status: 413 },
  { name: 'vote: no content type', url: voteUrl, payload: JSON.stringify(vote), headers: { 'content-type': '' }, status: 415 },
  { name: 'vote: foreign Origin', url: voteUrl, payload: vote, headers: { origin: 'https://evil.example' }, status: 403 },
  // reads
  { name: 'list: unknown monument', method: 'GET', url: '/api/interventions/mon-nope', status: 404 },
  { name: 'list: invalid monument id', method: 'GET', url: `/api/interventions/${'x'.repeat(65)}`, status: 400 },
  { name: 'unknown API path', method: 'GET', url: '/api/nothing-here', status: 404 },
  { name: 'monument: unknown id', method: 'GET', url: '/api/monuments/mon-nope', status: 404 },
  { name: 'monument: invalid id', method: 'GET', url: `/api/monuments/${'x'.repeat(65)}`, status: 400 },
  // reports
  { name: 'report: unknown reason', url: `/api/monuments/${MON}/reports`, payload: { reason: 'boring' }, status: 400 },
  { name: 'report: no reason', url: `/api/monuments/${MON}/reports`, payload: { comment: 'x' }, status: 400 },
  {
    name: 'report: comment too long',
    url: `/api/monuments/${MON}/reports`,
    payload: { reason: 'spam', comment: 'x'.repeat(501) },
    status: 400,
  },
  {
    name: 'report: control character in comment',
    url: () => `/api/interventions/${proposalId}/reports`,
    payload: { reason: 'spam', comment: 'a\u0007b' },
    status: 400,
  },
  { name: 'report: unknown monument', url: '/api/monuments/mon-nope/reports', payload: { reason: 'spam' }, status: 404 },
  { name: 'report: unknown proposal', url: '/api/interventions/99999/reports', payload: { reason: 'spam' }, status: 404 },
  { name: 'report: non-numeric proposal id', url: '/api/interventions/abc/reports', payload: { reason: 'spam' }, status: 400 },
  { name: 'report: malformed JSON', url: `/api/monuments/${MON}/reports`, payload: '{reason', status: 400 },
  // staff (no token)
  {
    name: 'staff answer: no token',
    method: 'PUT',
    url: () => `/api/staff/interventions/${proposalId}/answer`,
    payload: { status: 'done', statement: { de: 'a', en: 'b' } },
    status: 401,
  },
  { name: 'staff queue: no token', method: 'GET', url: '/api/staff/queue', status: 401 },
];

describe(`bad input on ${DB_KIND}`, () => {
  it.each(cases)('$name -> $status', async (c) => {
    const before = await counts();
    const res = await t.app.inject({
      method: c.method ?? 'POST',
      url: typeof c.url === 'function' ? c.url() : c.url,
      headers: { ...(c.method === 'GET' ? {} : json), ...c.headers },
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
    const body = expectAnswer(res, c.status, ErrorBody);
    expect(body.message.length).toBeGreaterThan(0);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(await counts()).toEqual(before);
  });

  it('never stored anything from the bad requests', async () => {
    const monuments = MonumentList.parse(JSON.parse((await t.app.inject({ url: '/api/monuments' })).body));
    expect(monuments).toHaveLength(PLACED_SEED);
    const all = ProposalList.parse(JSON.parse((await t.app.inject({ url: '/api/interventions/all' })).body));
    expect(all.map((i) => i.name)).toEqual(['Vorhanden']);
    expect(all[0]?.votes).toBe(0);
  });
});
