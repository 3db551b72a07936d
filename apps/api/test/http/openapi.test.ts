// The OpenAPI description (/api/openapi.json): a valid OpenAPI 3.1 document, covering exactly the
// routes Fastify has under /api/, and true: every operation is driven on a seeded app (success and
// its errors) and each real answer is checked against the documented status, media type and
// schema (Ajv, JSON Schema 2020-12). A route added later without its description fails here.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import {
  MAYOR_THRESHOLD,
  OPEN311_FORMATS,
  open311OperationId,
  open311Path,
  open311Routes,
  pathOf,
  routes,
  type Open311Format,
  type Open311RouteName,
  type RouteName,
} from '@linz/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, DB_KIND, json, testApp } from '../support/harness.js';
import { bearer, newStaff } from '../support/staff-helpers.js';
import { confirmTokenOf, unsubscribeTokenOf } from '../../src/domain/follows/follows.js';
import { voteConfirmTokenOf } from '../../src/domain/votes/vote-confirm.js';
import { photoForm, png, SVG } from '../support/photo-helpers.js';

/** A PNG made once (sharp), for the 429 round. */
const PNG1 = await png();
/** A photo id no photo has. */
const PHOTO0 = '00000000-0000-4000-8000-000000000000';

type Schema = Record<string, unknown>;
type Answer = { description: string; headers?: Schema; content?: Record<string, { schema: Schema }> };
type Operation = { operationId: string; responses: Record<string, Answer>; security?: unknown[] };
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

let t: Awaited<ReturnType<typeof testApp>>;
const registered: { method: string; url: string }[] = [];
let doc: Doc;
beforeAll(async () => {
  const onRoute = (r: RouteOptions) => [r.method].flat().forEach((method) => registered.push({ method, url: r.url }));
  t = await testApp({}, { onRoute });
  doc = JSON.parse((await t.app.inject({ url: routes.openapi.path })).body) as Doc;
});
afterAll(() => t?.close());

// Strict: an unknown keyword or format in a generated schema fails the compile, not passes silently.
const ajv = new Ajv2020({ strict: true, allErrors: true });
const compiled = new Map<Schema, ValidateFunction>();
const validatorOf = (schema: Schema) => {
  let v = compiled.get(schema);
  if (!v) compiled.set(schema, (v = ajv.compile(schema)));
  return v;
};

/** The documented operation a request reaches: static paths before parameterised ones, as Fastify routes. */
function operationOf(method: string, url: string): Operation {
  const pathname = url.split('?')[0] ?? url;
  const candidates = Object.keys(doc.paths)
    .filter((p) => doc.paths[p]?.[method.toLowerCase()])
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const found = candidates.find((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname));
  if (!found) throw new Error(`no documented operation for ${method} ${pathname}`);
  return doc.paths[found]![method.toLowerCase()]!;
}

/** Every (operation, status) whose real answer was checked against the document. */
const seen = new Set<string>();
/** Documented answers this branch cannot provoke yet (each added with its reason where it is found out). */
const notYetDrivable = new Set<string>();

/**
 * Sends a request, expects `status` (or one of them), and checks the answer against what the
 * document says of that status.
 */
async function check(req: InjectOptions & { url: string }, expected: number | number[], app: FastifyInstance = t.app) {
  const method = req.method ?? 'GET';
  const res = await app.inject(req);
  const status = res.statusCode;
  const where = `${method} ${req.url} -> ${status}`;
  expect([expected].flat(), `${where}: ${res.body.slice(0, 300)}`).toContain(status);
  const op = operationOf(method, req.url);
  const answer = op.responses[String(status)];
  expect(answer, `${where} is not documented`).toBeDefined();
  const [type, media] = Object.entries(answer?.content ?? {})[0] ?? [];
  if (!type || !media) {
    expect(res.body, where).toBe('');
  } else {
    expect(String(res.headers['content-type']), where).toMatch(new RegExp(`^${type.replace(/[+.]/g, '\\$&')}(;|$)`));
    const schema = media.schema.$ref ? doc.components.schemas.ErrorBody! : media.schema;
    const body: unknown = /[/+]json$/.test(type) ? JSON.parse(res.body) : res.body;
    const validate = validatorOf(schema);
    expect(validate(body), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }
  // The ETag is documented exactly where it is sent.
  if (status === 200 || status === 304) expect(res.headers.etag !== undefined, `${where}: ETag`).toBe(!!answer?.headers?.ETag);
  seen.add(`${op.operationId} ${status}`);
  return res;
}

const MON = 'mon-dreifaltigkeitssaeule';
const OPEN311_OPERATIONS = (Object.keys(open311Routes) as Open311RouteName[]).flatMap((n) =>
  (Object.keys(OPEN311_FORMATS) as Open311Format[]).map((f) => [n, f] as const),
);
const open311Url = (n: Open311RouteName, f: Open311Format, id: number | string = 1, query = '') =>
  `${open311Path(n, f).replace(':serviceRequestId', String(id))}${query}`;
const crossSite = { 'sec-fetch-site': 'cross-site' };
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ({ method: 'POST', url, headers: { ...json, ...headers }, payload: JSON.stringify(payload) }) as const;
const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ({ method: 'PUT', url, headers: { ...json, ...headers }, payload: JSON.stringify(payload) }) as const;
const huge = { name: 'x'.repeat(20_000) };

/** The write errors every POST and PUT answers the same way: cross-site, not JSON, too large. */
async function writeErrors(method: 'POST' | 'PUT', url: string, headers: Record<string, string> = {}) {
  const send = method === 'POST' ? post : put;
  await check(send(url, {}, { ...headers, ...crossSite }), 403);
  await check({ method, url, headers: { ...headers, 'content-type': 'text/plain' }, payload: 'x' }, 415);
  await check(send(url, huge, headers), 413);
}

describe(`OpenAPI description on ${DB_KIND}`, () => {
  it('is a valid OpenAPI 3.1 document, served with an ETag and 304, and its page too', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // Every schema is inline or a component: a `$defs` reference would not resolve inside the document.
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.filter((r) => !r.startsWith('"$ref":"#/components/schemas/'))).toEqual([]);
    for (const op of Object.values(doc.paths).flatMap((item) => Object.values(item))) {
      for (const answer of Object.values(op.responses)) {
        for (const media of Object.values(answer.content ?? {})) validatorOf(media.schema.$ref ? {} : media.schema);
      }
    }
    for (const url of [routes.openapi.path, routes.docs.path]) {
      const first = await check({ url }, 200);
      await check({ url, headers: { 'if-none-match': String(first.headers.etag) } }, 304);
    }
  });

  it("documents every route Fastify has under /api/ and /open311/, and only those, with the route tables' methods", () => {
    const normal = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z]+/g, '{}');
    const served = registered
      .filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/open311/')) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${normal(r.url)}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${normal(path)}`))
      .sort();
    expect(documented).toEqual(served);
    expect(new Set(documented).size).toBe(documented.length);
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.sort()).toEqual([...Object.keys(routes), ...OPEN311_OPERATIONS.map(([n, f]) => open311OperationId(n, f))].sort());
    for (const name of Object.keys(routes) as RouteName[]) {
      const op = operationOf(
        routes[name].method,
        pathOf(routes[name].path, { monumentId: 'a', proposalId: 1, notificationId: 1, photoId: PHOTO0, z: 0, x: 0, y: 0 }),
      );
      // Staff routes, and only they, name the staff schemes; every other operation says it needs nothing.
      expect(op.security, name).toEqual(
        routes[name].path.startsWith('/api/staff/') ? [{ staffBearer: [] }, { staffSession: [] }] : [],
      );
    }
    for (const [n, f] of OPEN311_OPERATIONS)
      expect(operationOf('GET', open311Path(n, f).replace(':serviceRequestId', '1')).security).toEqual([]);
  });

  it('answers every operation as documented: successes and errors', async () => {
    const r = routes;
    const token = await newStaff(t.database);
    const staff = bearer(token);

    // Public reads, with 304 where an ETag is documented.
    for (const name of ['listMonuments', 'allProposals', 'clientConfig', 'site'] as const) {
      const first = await check({ url: r[name].path }, 200);
      await check({ url: r[name].path, headers: { 'if-none-match': String(first.headers.etag) } }, 304);
    }
    await check({ url: r.awaitingAnswer.path }, 200);
    await check({ url: pathOf(r.monument.path, { monumentId: MON }) }, 200);
    await check({ url: pathOf(r.monument.path, { monumentId: 'mon-nowhere' }) }, 404);
    await check({ url: pathOf(r.monument.path, { monumentId: 'a b' }) }, 400);

    // A new monument, and its write errors.
    const added = await check(post(r.addMonument.path, { name: 'Käthe Leichter', geoLocX: 48.3, geoLocY: 14.29 }), 201);
    // The same name at the same place: 409 once the finder's duplicate rule is in.
    const again = await check(post(r.addMonument.path, { name: 'Käthe Leichter', geoLocX: 48.3, geoLocY: 14.29 }), [201, 409]);
    if (again.statusCode === 201) notYetDrivable.add('addMonument 409');
    await check(post(r.addMonument.path, { name: '' }), 400);
    await writeErrors('POST', r.addMonument.path);

    // Proposals of a monument.
    const at = pathOf(r.createProposal.path, { monumentId: MON });
    const created = await check(post(at, { name: 'Johanna Dohnal' }), 201);
    const proposal = (JSON.parse(created.body) as { id: number }).id;
    await check(post(pathOf(r.createProposal.path, { monumentId: 'mon-nowhere' }), { name: 'X' }), 404);
    await check(post(at, { name: ' ' }), 400);
    await check(post(pathOf(r.createProposal.path, { monumentId: 'a b' }), { name: 'X' }), 400);
    await writeErrors('POST', at);
    await check({ url: at }, 200);
    await check({ url: pathOf(r.monumentProposals.path, { monumentId: 'mon-nowhere' }) }, 404);
    await check({ url: pathOf(r.monumentProposals.path, { monumentId: 'a b' }) }, 400);

    // Votes up to the mayor's threshold (which queues the e-mail), then this browser again.
    const voteAt = pathOf(r.castVote.path, { proposalId: proposal });
    for (let i = 0; i < MAYOR_THRESHOLD; i++) {
      await check(post(voteAt, { monumentId: MON, action: 'vote' }, browser(t.app, `browser-${i}`)), 200);
    }
    await check(post(voteAt, { monumentId: MON, action: 'vote' }, browser(t.app, 'browser-0')), 403);
    await check(post(pathOf(r.castVote.path, { proposalId: 999999 }), { monumentId: MON, action: 'vote' }), 404);
    await check(post(voteAt, { monumentId: MON, action: 'applaud' }), 400);
    await writeErrors('POST', voteAt);

    // Reports: 201 new, 200 this browser's repeat.
    const me = browser(t.app, 'reporter');
    for (const [name, url] of [
      ['reportMonument', pathOf(r.reportMonument.path, { monumentId: MON })],
      ['reportProposal', pathOf(r.reportProposal.path, { proposalId: proposal })],
    ] as const) {
      await check(post(url, { reason: 'wrong', comment: 'Falsches Jahr' }, me), 201);
      await check(post(url, { reason: 'wrong' }, me), 200);
      await check(post(url, { reason: 'boring' }, me), 400);
      await writeErrors('POST', url, me);
      const unknown =
        name === 'reportMonument'
          ? pathOf(r.reportMonument.path, { monumentId: 'mon-nowhere' })
          : pathOf(r.reportProposal.path, { proposalId: 999999 });
      await check(post(unknown, { reason: 'spam' }, me), 404);
    }

    // Accessibility feedback: 202 stored, 400 bad input, and the write errors.
    await check(
      post(r.accessibilityFeedback.path, { message: 'Kontrast zu schwach', email: 'anna@example.org', page: '/' }),
      202,
    );
    await check(post(r.accessibilityFeedback.path, { message: ' ' }), 400);
    await writeErrors('POST', r.accessibilityFeedback.path);

    // "Wo ist das?" (issue 54): the list, a suggestion (201), a place outside (400), an unknown item (404).
    await check({ url: r.unplaced.path }, 200);
    const suggestAt = pathOf(r.suggestPlace.path, { monumentId: 'mon-achleitnerstrasse' });
    await check(post(suggestAt, { lat: 48.2105, lng: 14.3312 }, me), 201);
    await check(post(suggestAt, { lat: 47.07, lng: 15.44 }, me), 400);
    await check(post(pathOf(r.suggestPlace.path, { monumentId: 'mon-nowhere' }), { lat: 48.3, lng: 14.29 }, me), 404);
    await writeErrors('POST', suggestAt);

    // Following: by e-mail (the mail goes to a file here; its tokens are derived as the
    // mail derives them), in this browser, and "mine".
    const followAt = pathOf(r.follow.path, { proposalId: proposal });
    await check(post(followAt, { email: 'olga@example.org', lang: 'de' }, me), 202);
    await check(post(followAt, { email: 'a@b.at\r\nBcc: x@y', lang: 'de' }, me), 400);
    await check(post(pathOf(r.follow.path, { proposalId: 999999 }), { email: 'olga@example.org', lang: 'de' }, me), 404);
    await writeErrors('POST', followAt, me);
    const [seeds] = await t.database.rows<{ token_seed: string; seed: string }>(
      sql`SELECT f.token_seed, x.payload->>'seed' AS seed FROM follows f JOIN follow_mails x ON x.follow_id = f.id`,
    );
    const secret = t.app.services.followSecret;
    const confirmToken = confirmTokenOf(secret, seeds?.token_seed ?? '', seeds?.seed ?? '');
    await check(post(r.followConfirm.path, { token: confirmToken }), 200);
    await check(post(r.followConfirm.path, { token: confirmToken }), 404);
    await check(post(r.followConfirm.path, { token: 1 }), 400);
    await writeErrors('POST', r.followConfirm.path);
    const unsubscribeAt = `${r.followUnsubscribe.path}?token=${unsubscribeTokenOf(secret, seeds?.token_seed ?? '')}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await check({ method: 'POST', url: unsubscribeAt, headers: form, payload: 'List-Unsubscribe=One-Click' }, 200);
    await check(post(unsubscribeAt, {}), 404);
    await check(post(`${r.followUnsubscribe.path}?token=x`, {}), 400);
    await check({ method: 'POST', url: unsubscribeAt, headers: { 'content-type': 'text/plain' }, payload: 'x' }, 415);
    await check(post(unsubscribeAt, huge), 413);
    for (const name of ['watch', 'unwatch'] as const) {
      const url = pathOf(r[name].path, { proposalId: proposal });
      await check(post(url, {}, me), 200);
      await check(post(pathOf(r[name].path, { proposalId: 999999 }), {}, me), 404);
      await check(post(pathOf(r[name].path, { proposalId: 'x' }), {}, me), 400);
      await writeErrors('POST', url, me);
    }
    await check({ url: r.mine.path, headers: me }, 200);

    // Staff: every route refuses a missing or wrong token.
    for (const name of [
      'staffQueue',
      'staffAudit',
      'staffAuditCsv',
      'staffOutbox',
      'staffAccessibilityFeedback',
      'staffPlaces',
    ] as const) {
      await check({ url: r[name].path }, 401);
      await check({ url: r[name].path, headers: bearer('not-a-token') }, 401);
    }
    await check({ url: r.staffPlaces.path, headers: staff }, 200);
    const feedback = await check({ url: r.staffAccessibilityFeedback.path, headers: staff }, 200);
    expect(feedback.body).toContain('Kontrast zu schwach');
    const queue = await check({ url: r.staffQueue.path, headers: staff }, 200);
    expect(queue.body).toContain((JSON.parse(added.body) as { id: string }).id);
    await check({ url: `${r.staffAudit.path}?limit=5&itemKind=monument`, headers: staff }, 200);
    await check({ url: `${r.staffAudit.path}?limit=many`, headers: staff }, 400);
    await check({ url: `${r.staffAuditCsv.path}?lang=en&itemKind=monument`, headers: staff }, 200);
    await check({ url: `${r.staffAuditCsv.path}?lang=fr`, headers: staff }, 400);

    const answerAt = pathOf(r.staffAnswer.path, { proposalId: proposal });
    const answer = { status: 'planned', statement: { de: 'Wird geprüft.', en: 'Under review.' } };
    await check(put(answerAt, answer), 401);
    await check(put(answerAt, answer, staff), 200);
    await check(put(answerAt, { ...answer, status: 'maybe' }, staff), 400);
    await check(put(pathOf(r.staffAnswer.path, { proposalId: 999999 }), answer, staff), 404);
    await writeErrors('PUT', answerAt, staff);

    const outbox = await check({ url: r.staffOutbox.path, headers: staff }, 200);
    const [mail] = JSON.parse(outbox.body) as { id: number; status: string }[];
    expect(mail?.status).toMatch(/^(pending|sent)$/); // queued by the tenth vote; without SMTP written to a file
    const retryAt = pathOf(r.staffRetryMail.path, { notificationId: mail?.id ?? 0 });
    await check(post(retryAt, {}), 401);
    await check(post(retryAt, {}, staff), 409); // only a failed mail is retried
    await t.database.rows(sqlFailed(mail?.id ?? 0));
    await check(post(retryAt, {}, staff), 200);
    await check(post(pathOf(r.staffRetryMail.path, { notificationId: 999999 }), {}, staff), 404);
    await check(post(pathOf(r.staffRetryMail.path, { notificationId: 'x' }), {}, staff), 400);
    await writeErrors('POST', retryAt, staff);

    // Votes the mayor can trust: confirming a vote, and staff's check of the votes.
    const confirmAt = pathOf(r.confirmVote.path, { proposalId: proposal });
    const voter = browser(t.app, 'browser-1');
    await check(post(confirmAt, { email: 'vera@example.org', lang: 'de' }, voter), 202);
    await check(post(confirmAt, { email: 'vera@example.org', lang: 'de' }, browser(t.app, 'never-voted')), 404);
    await check(post(confirmAt, { email: 'no address', lang: 'de' }, voter), 400);
    await writeErrors('POST', confirmAt, voter);
    const [pending] = await t.database.rows<{ token_seed: string }>(sql`SELECT token_seed FROM vote_confirmations LIMIT 1`);
    const voteToken = voteConfirmTokenOf(secret, pending?.token_seed ?? '');
    await check(post(r.votesConfirm.path, { token: voteToken }), 200);
    await check(post(r.votesConfirm.path, { token: voteToken }), 200);
    await check(post(r.votesConfirm.path, { token: 'A'.repeat(43) }), 404);
    await check(post(r.votesConfirm.path, { token: 'short' }), 400);
    await writeErrors('POST', r.votesConfirm.path);
    await check({ url: r.staffVoteAlerts.path }, 401);
    await check({ url: r.staffVoteAlerts.path, headers: staff }, 200);
    const reviewAt = pathOf(r.staffVoteReview.path, { proposalId: proposal });
    await check({ url: reviewAt }, 401);
    await check({ url: reviewAt, headers: staff }, 200);
    await check({ url: pathOf(r.staffVoteReview.path, { proposalId: 999999 }), headers: staff }, 404);
    await check({ url: pathOf(r.staffVoteReview.path, { proposalId: 'x' }), headers: staff }, 400);
    const preview = { filter: { confirmed: false }, action: 'invalidate' };
    const decision = { ...preview, reason: 'OpenAPI-Test' };
    for (const name of ['staffVotePreview', 'staffVoteDecide'] as const) {
      const url = pathOf(r[name].path, { proposalId: proposal });
      const body = name === 'staffVotePreview' ? preview : decision;
      await check(post(url, body), 401);
      await check(post(url, { ...body, action: 'delete' }, staff), 400);
      await check(post(pathOf(r[name].path, { proposalId: 999999 }), body, staff), 404);
      await writeErrors('POST', url, staff);
    }
    await check(post(pathOf(r.staffVotePreview.path, { proposalId: proposal }), preview, staff), 200);
    await check(post(pathOf(r.staffVoteDecide.path, { proposalId: proposal }), decision, staff), 200);
    const releaseAt = pathOf(r.staffReleaseMail.path, { notificationId: mail?.id ?? 0 });
    await check(post(releaseAt, {}), 401);
    await t.database.rows(sql`UPDATE mayor_notifications SET status = 'sent' WHERE id = ${mail?.id ?? 0}`);
    await check(post(releaseAt, {}, staff), 409); // only a held mail is released
    await t.database.rows(sql`UPDATE mayor_notifications SET status = 'held' WHERE id = ${mail?.id ?? 0}`);
    await check(post(releaseAt, {}, staff), 200);
    await check(post(pathOf(r.staffReleaseMail.path, { notificationId: 999999 }), {}, staff), 404);
    await check(post(pathOf(r.staffReleaseMail.path, { notificationId: 'x' }), {}, staff), 400);
    await writeErrors('POST', releaseAt, staff);
    // Approving what the word screen held (docs/screening.md); anything else is a conflict.
    const held = (JSON.parse((await check(post(at, { name: 'Du Arschloch' }), 201)).body) as { id: number }).id;
    const heldMonument = await check(post(r.addMonument.path, { name: 'Wichser-Stein', geoLocX: 48.31, geoLocY: 14.3 }), 201);
    const approvals = [
      [
        pathOf(r.staffApproveProposal.path, { proposalId: held }),
        pathOf(r.staffApproveProposal.path, { proposalId: 999999 }),
        pathOf(r.staffApproveProposal.path, { proposalId: 'x' }),
      ],
      [
        pathOf(r.staffApproveMonument.path, { monumentId: (JSON.parse(heldMonument.body) as { id: string }).id }),
        pathOf(r.staffApproveMonument.path, { monumentId: 'mon-nowhere' }),
        pathOf(r.staffApproveMonument.path, { monumentId: 'a b' }),
      ],
    ] as const;
    for (const [approveAt, unknown, malformed] of approvals) {
      await check(post(approveAt, {}), 401);
      await check(post(approveAt, {}, staff), 200);
      await check(post(approveAt, {}, staff), 409); // public now: nothing to approve
      await check(post(unknown, {}, staff), 404);
      await check(post(malformed, {}, staff), 400);
      await writeErrors('POST', approveAt, staff);
    }

    // The figures and the open data, each with its ETag (now holding the proposal, votes and answer above).
    const open = [
      'stats',
      'statsImage',
      'monumentsGeojson',
      'monumentsCsv',
      'proposalsCsv',
      'feedProposals',
      'feedAnswers',
      'openDataCatalog',
    ] as const;
    for (const name of open) {
      const first = await check({ url: r[name].path }, 200);
      await check({ url: r[name].path, headers: { 'if-none-match': String(first.headers.etag) } }, 304);
    }
    await check({ url: `${r.monumentsGeojson.path}?bbox=14.2,48.2,14.4,48.4&validated=1` }, 200);
    await check({ url: `${r.monumentsGeojson.path}?bbox=1,2,3` }, 400);
    await check({ url: `${r.monumentsCsv.path}?bbox=a,b,c,d` }, 400);

    // The proposal's Open Graph image.
    const image = await check({ url: pathOf(r.proposalImage.path, { proposalId: proposal }) }, 200);
    await check(
      {
        url: pathOf(r.proposalImage.path, { proposalId: proposal }),
        headers: { 'if-none-match': String(image.headers.etag) },
      },
      304,
    );
    await check({ url: pathOf(r.proposalImage.path, { proposalId: 999999 }) }, 404);
    await check({ url: pathOf(r.proposalImage.path, { proposalId: 'x' }) }, 400);
    // A merged proposal's image leads to the image of the one it continues as.
    const duplicate = JSON.parse((await check(post(at, { name: 'Johanna Dohnal (doppelt)' }), 201)).body) as { id: number };
    const merge = await t.app.inject(post('/trpc/staff.proposals.merge', { proposalId: duplicate.id, into: proposal }, staff));
    expect(merge.statusCode, merge.body).toBe(200);
    const moved = await check({ url: pathOf(r.proposalImage.path, { proposalId: duplicate.id }) }, 301);
    expect(moved.headers.location).toBe(pathOf(r.proposalImage.path, { proposalId: proposal }));

    // The map by tile and the lists by page, each with its ETag and 304, and 400s.
    for (const url of [
      pathOf(r.mapTile.path, { z: 12, x: 2210, y: 1418 }),
      `${pathOf(r.mapTile.path, { z: 0, x: 0, y: 0 })}?validated=0&q=linz`,
      `${r.monumentsPage.path}?limit=5&q=linz`,
      `${r.proposalsPage.path}?sort=newest&status=open`,
    ]) {
      const first = await check({ url }, 200);
      await check({ url, headers: { 'if-none-match': String(first.headers.etag) } }, 304);
    }
    await check({ url: pathOf(r.mapTile.path, { z: 99, x: 0, y: 0 }) }, 400);
    await check({ url: `${pathOf(r.mapTile.path, { z: 1, x: 0, y: 0 })}?color=red` }, 400);
    await check({ url: `${r.monumentsPage.path}?cursor=abc` }, 400);
    await check({ url: `${r.proposalsPage.path}?limit=1000` }, 400);

    // Photos: uploads as forms, the public metadata, the staff's review.
    const photoAt = pathOf(r.uploadMonumentPhoto.path, { monumentId: MON });
    const sketchAt = pathOf(r.uploadProposalPhoto.path, { proposalId: proposal });
    const sendForm = (url: string, body: ReturnType<typeof photoForm>, headers: Record<string, string> = {}) =>
      ({ method: 'POST', url, headers: { ...body.headers, ...headers }, payload: body.payload }) as const;
    const uploaded = await check(sendForm(photoAt, photoForm(await png())), 202);
    const photoId = (JSON.parse(uploaded.body) as { id: string }).id;
    await check(sendForm(sketchAt, photoForm(await png())), 202);
    await check(sendForm(sketchAt, photoForm(await png())), 409);
    for (const url of [photoAt, sketchAt]) {
      await check(sendForm(url, photoForm(SVG, { type: 'image/svg+xml' })), 415);
      await check(sendForm(url, photoForm(await png(), { alt: 'x' })), 400);
      await check(sendForm(url, photoForm(Buffer.concat([await png(), Buffer.alloc(13 * 1024 * 1024)]))), 413);
      await check(sendForm(url, photoForm(await png()), crossSite), 403);
      await check(post(url, {}), 415);
    }
    // A PNG cut off after its header: recognised, but it cannot be decoded.
    const cut = (await png(400, 400)).subarray(0, 60);
    await check(sendForm(photoAt, photoForm(cut)), 422);
    await check(sendForm(sketchAt, photoForm(cut)), 422);
    await check(sendForm(pathOf(r.uploadMonumentPhoto.path, { monumentId: 'mon-nowhere' }), photoForm(await png())), 404);
    await check(sendForm(pathOf(r.uploadMonumentPhoto.path, { monumentId: 'a b' }), photoForm(await png())), 400);
    await check(sendForm(pathOf(r.uploadProposalPhoto.path, { proposalId: 999999 }), photoForm(await png())), 404);
    await check(sendForm(pathOf(r.uploadProposalPhoto.path, { proposalId: 'x' }), photoForm(await png())), 400);
    for (let i = 0; i < 3; i++)
      await check(sendForm(photoAt, photoForm(await png(20 + i, 20)), browser(t.app, `p${i}`)), [202, 409]);
    await check(sendForm(photoAt, photoForm(await png(30, 30))), 409);

    await check({ url: r.photos.path }, 200);
    await check({ url: pathOf(r.monumentPhotos.path, { monumentId: MON }) }, 200);
    await check({ url: pathOf(r.monumentPhotos.path, { monumentId: 'mon-nowhere' }) }, 404);
    await check({ url: pathOf(r.monumentPhotos.path, { monumentId: 'a b' }) }, 400);
    const photoUrl = pathOf(r.photo.path, { photoId });
    await check({ url: photoUrl }, 404); // pending, and this request is not its browser
    await check({ url: pathOf(r.photo.path, { photoId: 'x' }) }, 400);
    await check({ url: `${r.staffPhotos.path}?status=pending`, headers: staff }, 200);
    await check({ url: `${r.staffPhotos.path}?status=maybe`, headers: staff }, 400);
    await check({ url: r.staffPhotos.path }, 401);
    const photoAction = (route: { path: string }, id = photoId) => pathOf(route.path, { photoId: id });
    await check(post(photoAction(r.staffApprovePhoto), {}), 401);
    await check(post(photoAction(r.staffApprovePhoto), {}, staff), 200);
    await check({ url: photoUrl }, 200);
    await check(post(photoAction(r.staffApprovePhoto, PHOTO0), {}, staff), 404);
    await check(post(photoAction(r.staffApprovePhoto, 'x'), {}, staff), 400);
    await writeErrors('POST', photoAction(r.staffApprovePhoto), staff);
    await check(post(photoAction(r.staffRotatePhoto), { degrees: -90 }, staff), 200);
    await check(post(photoAction(r.staffRotatePhoto), { degrees: 180 }, staff), 400);
    await check(post(photoAction(r.staffRotatePhoto, PHOTO0), { degrees: 90 }, staff), 404);
    await check(post(photoAction(r.staffRotatePhoto), { degrees: 90 }), 401);
    await writeErrors('POST', photoAction(r.staffRotatePhoto), staff);
    await check(post(photoAction(r.staffRejectPhoto), { reason: 'Unscharf.' }, staff), 200);
    await check(post(photoAction(r.staffRejectPhoto), {}, staff), 400);
    await check(post(photoAction(r.staffRejectPhoto, PHOTO0), { reason: 'x' }, staff), 404);
    await check(post(photoAction(r.staffRejectPhoto), { reason: 'x' }), 401);
    await writeErrors('POST', photoAction(r.staffRejectPhoto), staff);
    const del = (id: string, headers: Record<string, string> = {}) =>
      ({ method: 'DELETE', url: photoAction(r.staffDeletePhoto, id), headers }) as const;
    await check(del(photoId), 401);
    await check(del(photoId, { ...staff, ...crossSite }), 403);
    await check(del('x', staff), 400);
    await check(del(photoId, staff), 200);
    await check(del(photoId, staff), 404);

    // Open311, each operation in JSON and XML: the proposal above, GeoReport's errors.
    for (const [n, f] of OPEN311_OPERATIONS) {
      await check({ url: open311Url(n, f, proposal) }, 200);
      if (n === 'requests') await check({ url: open311Url(n, f, 0, '?status=pending') }, 400);
      if (n === 'request') {
        await check({ url: open311Url(n, f, 'abc') }, 400);
        await check({ url: open311Url(n, f, 999999) }, 404);
      }
    }
  });

  it('answers 429 as documented on every operation once the connection is over its limit', async () => {
    const limited = await testApp({}, { config: { limits: { requestsPerMinute: 1 } } });
    try {
      await limited.app.inject({ url: routes.clientConfig.path });
      for (const route of Object.values(routes)) {
        // The unfiltered map's tiles are not counted (as documented): a filtered one is.
        const query = route === routes.mapTile ? '?validated=1' : '';
        const url = `${pathOf(route.path, { monumentId: MON, proposalId: 1, notificationId: 1, photoId: PHOTO0, z: 0, x: 0, y: 0 })}${query}`;
        const body = photoForm(PNG1);
        const req =
          route.method === 'GET' || route.method === 'DELETE'
            ? { method: route.method, url }
            : 'bodyType' in route
              ? { method: route.method, url, headers: body.headers, payload: body.payload }
              : (route.method === 'POST' ? post : put)(url, {});
        const res = await check(req, 429, limited.app);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      for (const [n, f] of OPEN311_OPERATIONS) {
        const res = await check({ url: open311Url(n, f) }, 429, limited.app);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
    }
  });

  it("answers the sign-in with the city's accounts as documented: 404 when off, redirects when on", async () => {
    for (const name of ['oidcStart', 'oidcCallback'] as const) await check({ url: routes[name].path }, 404);
    // A provider that cannot be reached (port 9 refuses): both still redirect, to /admin's refusal.
    const on = await testApp({
      OIDC_ISSUER: 'http://127.0.0.1:9/',
      OIDC_CLIENT_ID: 'denkmal',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_STAFF_CLAIM: 'groups=denkmal-staff',
    });
    try {
      for (const name of ['oidcStart', 'oidcCallback'] as const) {
        const res = await check({ url: routes[name].path }, 302, on.app);
        expect(res.headers.location).toBe('/admin?oidc=failed');
      }
    } finally {
      await on.close();
    }
  });

  it('answers the Idempotency-Key rules as documented: 422 for another body, 409 while the first runs', async () => {
    const waitless = await testApp({}, { config: { idempotencyWaitMs: 0 } });
    try {
      const me = browser(waitless.app, 'keyed');
      const at = pathOf(routes.createProposal.path, { monumentId: MON });
      const id = (JSON.parse((await waitless.app.inject(post(at, { name: 'Erster' }))).body) as { id: number }).id;
      const writes = [
        [
          routes.addMonument.path,
          { name: 'Rosa Hofmann', geoLocX: 48.31, geoLocY: 14.28 },
          { name: 'Anna Gräf', geoLocX: 48.31, geoLocY: 14.28 },
        ],
        [at, { name: 'Zweiter' }, { name: 'Dritter' }],
        [
          pathOf(routes.castVote.path, { proposalId: id }),
          { monumentId: MON, action: 'vote' },
          { monumentId: 'mon-elsewhere', action: 'vote' },
        ],
      ] as const;
      for (const [url, body, other] of writes) {
        const key = crypto.randomUUID();
        const headers = { ...me, 'idempotency-key': key };
        await check(post(url, body, headers), [200, 201], waitless.app);
        await check(post(url, other, headers), 422, waitless.app);
        await check(post(url, body, { ...me, 'idempotency-key': 'no-uuid' }), 400, waitless.app);
        // As if the first were still running.
        await waitless.database.rows(sql`UPDATE idempotency_keys SET status = NULL WHERE key = ${key}`);
        await check(post(url, body, headers), 409, waitless.app);
      }
    } finally {
      await waitless.close();
    }
  });

  it('had every documented answer checked against a real one (503 is driven by fault.test.ts)', () => {
    const missing = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .flatMap((op) => Object.keys(op.responses).map((s) => `${op.operationId} ${s}`))
      .filter((key) => !key.endsWith(' 503') && !seen.has(key) && !notYetDrivable.has(key));
    expect(missing).toEqual([]);
  });
});

function sqlFailed(id: number) {
  return sql`UPDATE mayor_notifications SET status = 'failed', last_error = '550 no such mailbox' WHERE id = ${id}`;
}
