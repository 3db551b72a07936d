// Property tests: 1,000 generated requests per endpoint (REST and tRPC) with arbitrary JSON, raw
// non-JSON text, control characters, huge and non-finite numbers, unicode and wrong types. Every
// answer must be below 500 and match its contract schema, and nothing invalid may be stored.
import {
  ErrorBody,
  Intervention,
  ProposalList,
  Monument,
  MonumentProposalList,
  MonumentList,
  NewProposal,
  NewMonument,
  ClientConfig,
  VoteAnswer,
  routes,
  AnswerBody,
  NewReport,
  PROPOSAL_STATUSES,
  REPORT_REASONS,
  ReportAnswer,
  insideArea,
} from '@linz/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { linzArea } from '../support/city.js';
import { testApp } from '../support/harness.js';
import { firstMonument, newProposal } from '../support/abuse-helpers.js';
import { addStaff } from '../../src/domain/staff/staff.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

// --- generators -------------------------------------------------------------------------------
const SCRIPTS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'; DROP TABLE votes; --",
  '{{constructor.constructor("alert(1)")()}}',
  '\u202Eevil\u202C',
  '\uD800',
  '\uDFFF\uD800',
  '\u0000',
  '\u0085\u009f',
  '\u2028\u2029',
  'A\u0301\u0301\u0301\u0301',
  '👨‍👩‍👧‍👦',
  ' \t ',
  'x'.repeat(121),
  'x'.repeat(120),
];
const control = fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)), maxLength: 20 });
const text = fc.oneof(
  fc.string({ maxLength: 140 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  control,
  fc.constantFrom(...SCRIPTS),
  fc.tuple(fc.constantFrom(...SCRIPTS), fc.string({ maxLength: 20 })).map(([a, b]) => a + b),
);
const number = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 90, 90.0000001, -180, 180.5, 48.3, 14.28),
  fc.double({ min: -90, max: 90, noNaN: true }),
);
const anything = fc.oneof(text, number, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 3 }));
const loose = (field: fc.Arbitrary<unknown>) => fc.oneof(field, anything);

/** Bodies as raw text: valid JSON of every shape and text that is not JSON at all. */
function bodies(shaped: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(shaped, fc.dictionary(fc.string({ maxLength: 8 }), anything, { maxKeys: 2 }))
        .map(([s, extra]) => JSON.stringify({ ...extra, ...s })),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.string({ maxLength: 50 }),
        fc.constantFrom(
          '{"name": "a", "geoLocX": 1e999, "geoLocY": 1}',
          '{"__proto__": {"isAdmin": true}, "name": "p"}',
          '{"constructor": {"prototype": {"x": 1}}, "name": "c"}',
          '{"name": "a",}',
          `${'['.repeat(3000)}${']'.repeat(3000)}`,
          '',
          'null',
          '"just a string"',
          '{"name": "\\u0000"}',
          '{"name": "\\ud800"}',
        ),
      ),
    },
  );
}

const monumentBodyLoose = bodies(
  fc.record(
    {
      id: loose(
        fc.oneof(
          fc.nat().map((n) => `mon-user-${n}`),
          fc.constantFrom('mon-user-1', 'mon-dreifaltigkeitssaeule'),
        ),
      ),
      name: loose(text),
      geoLocX: loose(number),
      geoLocY: loose(number),
    },
    { requiredKeys: [] },
  ),
);
const nearlyValidMonument = fc
  .record({
    name: text,
    // Mostly inside the city's area (the server refuses the rest, OUTSIDE_AREA), sometimes anywhere.
    geoLocX: fc.oneof(
      { weight: 3, arbitrary: fc.double({ min: linzArea().south, max: linzArea().north, noNaN: true }) },
      { weight: 1, arbitrary: fc.double({ min: -90, max: 90, noNaN: true }) },
    ),
    geoLocY: fc.oneof(
      { weight: 3, arbitrary: fc.double({ min: linzArea().west, max: linzArea().east, noNaN: true }) },
      { weight: 1, arbitrary: fc.double({ min: -180, max: 180, noNaN: true }) },
    ),
  })
  .map((b) => JSON.stringify(b));
const monumentBody = fc.oneof({ weight: 1, arbitrary: nearlyValidMonument }, { weight: 2, arbitrary: monumentBodyLoose });
const proposalBody = bodies(fc.record({ name: loose(text) }, { requiredKeys: [] }));
const pathSegment = fc.oneof(
  text,
  fc.nat().map(String),
  fc.constantFrom('..', '%2e%2e', 'all', '0', '-1', '99999999999999999999', '1e3', '0x10'),
);

/** The database stores UTF-8: a lone surrogate the contract lets through comes back as U+FFFD. */
const asStored = (s: string | undefined) =>
  s?.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Percent-encodes a path segment; a lone surrogate becomes invalid UTF-8 bytes, as an attacker would send. */
function segment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return `${encodeURIComponent(asStored(s) ?? '')}%ED%A0%80`;
  }
}

// --- checking answers -------------------------------------------------------------------------
type Answer = { statusCode: number; body: string };

function checkRest(res: Answer, okStatus: number, okSchema: z.ZodType, allowed: number[]): unknown {
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect([okStatus, ...allowed], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
  const parsed: unknown = JSON.parse(res.body);
  if (res.statusCode === okStatus) {
    const ok = okSchema.safeParse(parsed);
    expect(ok.success, JSON.stringify(ok.error?.issues)).toBe(true);
    return ok.data;
  }
  const err = ErrorBody.safeParse(parsed);
  expect(err.success, res.body).toBe(true);
  return undefined;
}

const TrpcAnswer = (data: z.ZodType) => ({
  check(res: Answer) {
    expect(res.statusCode, res.body).toBeLessThan(500);
    const parsed = JSON.parse(res.body) as {
      result?: { data: unknown };
      error?: { message: string; data?: { httpStatus?: number } };
    };
    if (res.statusCode === 200) {
      const ok = data.safeParse(parsed.result?.data);
      expect(ok.success, res.body).toBe(true);
      return ok.data;
    }
    expect(typeof parsed.error?.message).toBe('string');
    expect(parsed.error?.data?.httpStatus).toBe(res.statusCode);
    return undefined;
  },
});

const IPS = ['203.0.113.1', '203.0.113.2', '2001:db8::1', '::ffff:198.51.100.1'];
const ip = fc.constantFrom(...IPS);

describe('fuzzing every endpoint', () => {
  let ctx: Awaited<ReturnType<typeof testApp>>;
  let app: FastifyInstance;
  let monumentId = '';
  let proposal: Intervention;
  const created = { monuments: new Map<string, Monument>(), proposals: new Map<number, Intervention>(), votes: 0 };

  beforeAll(async () => {
    ctx = await testApp();
    app = ctx.app;
    monumentId = (await firstMonument(app)).id;
    proposal = await newProposal(app, monumentId, 'Fuzz target');
    created.proposals.set(proposal.id, proposal);
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: string, from: string) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: from, headers: { 'content-type': 'application/json' } });

  it(`POST ${routes.addMonument.path}`, async () => {
    await fc.assert(
      fc.asyncProperty(monumentBody, ip, async (body, from) => {
        const res = await post(routes.addMonument.path, body, from);
        const m = checkRest(res, 201, Monument, [400, 409, 413, 414]) as Monument | undefined;
        if (m) {
          // Accepted only what the contract accepts, stored as the contract trims it.
          const input = NewMonument.safeParse(JSON.parse(body));
          expect(input.success, body).toBe(true);
          expect(m.name).toBe(asStored(input.data?.name));
          expect(m.validated).toBe(false);
          created.monuments.set(m.id, m);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it(`POST ${routes.createProposal.path}`, async () => {
    const target = fc.oneof({ weight: 4, arbitrary: fc.constant('KNOWN') }, { weight: 1, arbitrary: pathSegment });
    await fc.assert(
      fc.asyncProperty(target, proposalBody, ip, async (seg, body, from) => {
        const id = seg === 'KNOWN' ? monumentId : seg;
        const res = await post(`/api/interventions/${segment(id)}`, body, from);
        const p = checkRest(res, 201, Intervention, [400, 404, 413, 414]) as Intervention | undefined;
        if (p) {
          const input = NewProposal.safeParse(JSON.parse(body));
          expect(input.success, body).toBe(true);
          expect(p.name).toBe(asStored(input.data?.name));
          expect(p.votes).toBe(0);
          created.proposals.set(p.id, p);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it(`POST ${routes.castVote.path}`, async () => {
    const id = fc.oneof({ weight: 3, arbitrary: fc.constant('KNOWN') }, { weight: 1, arbitrary: pathSegment });
    const voteBody = bodies(
      fc.record({ monumentId: loose(fc.constant('KNOWN')), action: loose(fc.constant('vote')) }, { requiredKeys: [] }),
    ).map((b) => b.replaceAll('"KNOWN"', JSON.stringify(monumentId)));
    await fc.assert(
      fc.asyncProperty(id, voteBody, ip, async (seg, body, from) => {
        const path = `/api/interventions/${seg === 'KNOWN' ? proposal.id : segment(seg)}/vote`;
        const res = await post(path, body, from);
        const v = checkRest(res, 200, VoteAnswer, [400, 403, 404, 413, 414]);
        if (v) created.votes++;
      }),
      { numRuns: RUNS },
    );
  });

  it(`GET ${routes.monumentProposals.path}`, async () => {
    await fc.assert(
      fc.asyncProperty(pathSegment, ip, async (seg, from) => {
        const res = await app.inject({ method: 'GET', url: `/api/interventions/${segment(seg)}`, remoteAddress: from });
        if (seg === 'all') checkRest(res, 200, ProposalList, []);
        else checkRest(res, 200, MonumentProposalList, [400, 404, 414]);
      }),
      { numRuns: RUNS },
    );
  });

  it('GET the lists and the config with arbitrary query strings and headers', async () => {
    const lists = [
      [routes.listMonuments.path, MonumentList],
      [routes.allProposals.path, ProposalList],
      [routes.clientConfig.path, ClientConfig],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 2 }),
        fc.string({ maxLength: 30 }),
        fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
        async (which, query, etag) => {
          const [path, schema] = lists[which] ?? lists[0];
          const res = await app.inject({
            method: 'GET',
            url: `${path}?${encodeURIComponent(query)}`,
            headers: { 'if-none-match': etag, accept: etag },
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode !== 304) checkRest(res, 200, schema, []);
        },
      ),
      { numRuns: RUNS },
    );
  });

  describe('tRPC', () => {
    const trpcPost = (proc: string, body: string, from: string) => post(`/trpc/${proc}`, body, from);

    it('POST /trpc/monuments.add', async () => {
      const answer = TrpcAnswer(Monument);
      await fc.assert(
        fc.asyncProperty(monumentBody, ip, async (body, from) => {
          const m = answer.check(await trpcPost('monuments.add', body, from)) as Monument | undefined;
          if (m) {
            expect(NewMonument.safeParse(JSON.parse(body)).success, body).toBe(true);
            created.monuments.set(m.id, m);
          }
        }),
        { numRuns: RUNS },
      );
    });

    it('POST /trpc/proposals.create', async () => {
      const answer = TrpcAnswer(Intervention);
      const input = fc.tuple(fc.oneof(fc.constant(monumentId || 'x'), anything), proposalBody).map(([m, b]) => {
        try {
          return JSON.stringify({ monumentId: m === 'x' ? monumentId : m, body: JSON.parse(b) as unknown });
        } catch {
          return b;
        }
      });
      await fc.assert(
        fc.asyncProperty(input, ip, async (body, from) => {
          const p = answer.check(await trpcPost('proposals.create', body, from)) as Intervention | undefined;
          if (p) {
            const sent = JSON.parse(body) as { body: unknown };
            expect(NewProposal.safeParse(sent.body).success, body).toBe(true);
            created.proposals.set(p.id, p);
          }
        }),
        { numRuns: RUNS },
      );
    });

    it('POST /trpc/proposals.vote', async () => {
      const answer = TrpcAnswer(VoteAnswer);
      const input = fc
        .tuple(fc.oneof(fc.constant(-1), anything), fc.oneof(fc.constant('ok'), anything))
        .map(([id, b]) =>
          JSON.stringify({ proposalId: id === -1 ? proposal.id : id, body: b === 'ok' ? { monumentId, action: 'vote' } : b }),
        );
      await fc.assert(
        fc.asyncProperty(input, ip, async (body, from) => {
          if (answer.check(await trpcPost('proposals.vote', body, from))) created.votes++;
        }),
        { numRuns: RUNS },
      );
    });

    it('GET /trpc/proposals.ofMonument', async () => {
      const answer = TrpcAnswer(MonumentProposalList);
      await fc.assert(
        fc.asyncProperty(fc.oneof(anything, fc.constant(monumentId || 'x')), fc.boolean(), async (m, asObject) => {
          const raw = asObject ? JSON.stringify({ monumentId: m }) : (JSON.stringify(m) ?? '');
          const res = await app.inject({ method: 'GET', url: `/trpc/proposals.ofMonument?input=${encodeURIComponent(raw)}` });
          answer.check(res);
        }),
        { numRuns: RUNS },
      );
    });
  });

  it('stored only valid rows, exactly the ones that were answered with success', async () => {
    const monuments = await ctx.database.rows<{ id: string; name: string; lat: number; lng: number; validated: boolean }>(
      sql`SELECT id, name, lat, lng, validated FROM monuments WHERE source IS NULL AND creator_ip_hash IS NOT NULL`,
    );
    expect(monuments.length).toBe(created.monuments.size);
    for (const m of monuments) {
      expect(
        NewMonument.safeParse({ name: m.name, geoLocX: Number(m.lat), geoLocY: Number(m.lng) }).success,
        JSON.stringify(m),
      ).toBe(true);
      expect(insideArea(linzArea(), Number(m.lat), Number(m.lng)), JSON.stringify(m)).toBe(true);
      expect(m.name).toBe(m.name.trim());
      expect(m.validated).toBe(false);
      expect(created.monuments.get(m.id)?.name).toBe(m.name);
    }
    const proposals = await ctx.database.rows<{ id: number; name: string; votes: number }>(
      sql`SELECT id, name, votes FROM proposals`,
    );
    expect(proposals.length).toBe(created.proposals.size);
    for (const p of proposals) {
      expect(NewProposal.safeParse({ name: p.name }).success, JSON.stringify(p)).toBe(true);
      expect(created.proposals.get(Number(p.id))?.name).toBe(p.name);
    }
    const [votes] = await ctx.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM votes`);
    expect(Number(votes?.n)).toBe(created.votes);
    const total = proposals.reduce((sum, p) => sum + Number(p.votes), 0);
    expect(total).toBe(created.votes);
    // The generators reach the accepting paths too, not only the refusals.
    if (process.env.SHOW_COUNTS) console.info('fuzz accepted', created.monuments.size, created.proposals.size, created.votes);
    expect(Math.min(created.monuments.size, created.proposals.size, created.votes)).toBeGreaterThan(RUNS / 50);
  });
});

describe('fuzzing the reports and the staff answer', () => {
  let ctx: Awaited<ReturnType<typeof testApp>>;
  let token = '';
  let target: Intervention;
  let answers = 0;
  beforeAll(async () => {
    // A high threshold keeps the target public however many reports get through.
    ctx = await testApp({}, { config: { reportHideThreshold: 1_000_000 } });
    target = await newProposal(ctx.app, (await firstMonument(ctx.app)).id, 'Fuzz report target');
    token = await addStaff(ctx.database, 'Fuzz');
  });
  afterAll(() => ctx.close());

  const reportBody = bodies(
    fc.record({ reason: loose(fc.constantFrom(...REPORT_REASONS)), comment: loose(text) }, { requiredKeys: [] }),
  );

  it(`POST ${routes.reportProposal.path}`, async () => {
    const id = fc.oneof({ weight: 3, arbitrary: fc.constant('KNOWN') }, { weight: 1, arbitrary: pathSegment });
    await fc.assert(
      fc.asyncProperty(id, reportBody, ip, async (seg, body, from) => {
        const url = `/api/interventions/${seg === 'KNOWN' ? target.id : segment(seg)}/reports`;
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          payload: body,
          remoteAddress: from,
          headers: { 'content-type': 'application/json' },
        });
        const ok = checkRest(res, 201, ReportAnswer, [400, 404, 413, 414]);
        if (ok) expect(NewReport.safeParse(JSON.parse(body)).success, body).toBe(true);
      }),
      { numRuns: RUNS },
    );
    const stored = await ctx.database.rows<{ reason: string; comment: string | null }>(sql`SELECT reason, comment FROM reports`);
    for (const r of stored) expect(NewReport.safeParse({ reason: r.reason, comment: r.comment ?? undefined }).success).toBe(true);
    expect(stored.length).toBeGreaterThan(RUNS / 50);
  });

  it(`PUT ${routes.staffAnswer.path}`, async () => {
    const statement = fc.record({ de: loose(text), en: loose(text) }, { requiredKeys: [] });
    const body = bodies(
      fc.record({ status: loose(fc.constantFrom(...PROPOSAL_STATUSES)), statement: loose(statement) }, { requiredKeys: [] }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await ctx.app.inject({
          method: 'PUT',
          url: `/api/staff/interventions/${target.id}/answer`,
          payload: b,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        });
        const ok = checkRest(res, 200, Intervention, [400, 413]) as Intervention | undefined;
        if (ok) {
          const input = AnswerBody.safeParse(JSON.parse(b));
          expect(input.success, b).toBe(true);
          expect(ok.status).toBe(input.data?.status);
          answers++;
        }
      }),
      { numRuns: RUNS },
    );
    const [{ n } = { n: 0 }] = await ctx.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'proposal.answer'`,
    );
    expect(Number(n)).toBe(answers);
    expect(answers).toBeGreaterThan(0);
  });
});
