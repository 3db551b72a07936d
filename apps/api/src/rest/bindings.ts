// Which procedure serves each row of the contract's route table (packages/contract/src/routes.ts),
// by value: the contract knows nothing of the server, and this table is checked against it by the
// type checker. A route name missing here, one the contract does not have, or a procedure that does
// not exist fails `tsc` (test/http/bindings.test.ts holds that). A route that cannot be a row of the
// adapter says here, and only here, why it has a handler of its own.
import type { RouteName, Routes } from '@linz/contract';
import type { z } from 'zod';
import type { Caller } from '../trpc/router.js';

/**
 * A procedure as the adapter calls it: with the input made of the request (`input` below), which
 * the procedure's own parser checks, as it checks a tRPC client's. Written as a method so that the
 * type checker compares its parameter both ways: a procedure of any input fits, while the route's
 * name, the procedure's path and its answer's type are checked.
 */
type Procedure<Answer> = { call(input: unknown): Promise<Answer> }['call'];

/**
 * How the procedure's input is made of the request: each part spread into it (`true`) or set
 * under a key. Spread in the order body, query, path, so the path's id wins. No `input`: none.
 * The path and query go as the route's schemas read them (ids as numbers); `sent`: as sent, for a
 * procedure that reads them with those same schemas itself.
 */
export type InputShape = { body?: true | string; query?: true | string; params?: true | string; sent?: true };

/** A route the REST adapter (rest/routes.ts) serves: its procedure, from a caller with the request's context. */
export type Served<Answer = unknown> = {
  procedure: (caller: Caller) => Procedure<Answer>;
  input?: InputShape;
  /** Takes an HTML form's body too (RFC 8058 one-click unsubscribe: mail providers send one). */
  formBody?: true;
};
/** A route with a handler of its own, and why it cannot be a row of the adapter. */
export type Own = { own: string };

/** Every route of the contract, each once; a procedure's answer is what the route says it answers. */
export type Bindings = { [Name in RouteName]: Served<z.input<Routes[Name]['answer']>> | Own };

const image = 'a PNG drawn from the snapshot, binary and cached by its own key (http/og-image.ts)';
const openData =
  'open data: a text body (CSV, GeoJSON, Atom) with the licence in a Link header and readable from any origin (rest/exports.ts)';
const upload = 'multipart/form-data, read in parts up to the size limit before the procedure sees it (rest/routes.ts)';
const redirect = 'a browser navigation answered with a redirect, not JSON (http/oidc.ts)';

export const bindings = {
  listMonuments: { procedure: (c) => c.monuments.list },
  addMonument: { procedure: (c) => c.monuments.add, input: { body: true } },
  allProposals: { procedure: (c) => c.proposals.all },
  awaitingAnswer: { procedure: (c) => c.proposals.awaitingAnswer },
  monumentProposals: { procedure: (c) => c.proposals.ofMonument, input: { params: true } },
  createProposal: { procedure: (c) => c.proposals.create, input: { params: true, body: 'body' } },
  castVote: { procedure: (c) => c.proposals.vote, input: { params: true, body: 'body' } },
  confirmVote: { procedure: (c) => c.votes.requestConfirmation, input: { params: true, body: 'body' } },
  votesConfirm: { procedure: (c) => c.votes.confirm, input: { body: true } },
  clientConfig: { procedure: (c) => c.config },
  monument: { procedure: (c) => c.monuments.get, input: { params: true } },
  unplaced: { procedure: (c) => c.places.unplaced },
  suggestPlace: { procedure: (c) => c.places.suggest, input: { params: true, body: 'body' } },
  staffPlaces: { procedure: (c) => c.staff.places.list },
  reportMonument: { procedure: (c) => c.monuments.report, input: { params: true, body: 'body' } },
  reportProposal: { procedure: (c) => c.proposals.report, input: { params: true, body: 'body' } },
  openapi: { own: 'made of this table itself, once, on first request (rest/openapi.ts)' },
  docs: { own: 'the description above as an HTML page (rest/docs-page.ts)' },
  follow: { procedure: (c) => c.follows.request, input: { params: true, body: 'body' } },
  followConfirm: { procedure: (c) => c.follows.confirm, input: { body: true } },
  followUnsubscribe: { procedure: (c) => c.follows.unsubscribe, input: { query: true }, formBody: true },
  watch: { procedure: (c) => c.follows.watch, input: { params: true } },
  unwatch: { procedure: (c) => c.follows.unwatch, input: { params: true } },
  mine: { procedure: (c) => c.follows.mine },
  staffAnswer: { procedure: (c) => c.staff.proposals.answer, input: { body: true, params: true } },
  staffApproveProposal: { procedure: (c) => c.staff.proposals.approve, input: { params: true } },
  staffApproveMonument: { procedure: (c) => c.staff.monuments.approve, input: { params: true } },
  staffQueue: { procedure: (c) => c.staff.queue },
  staffAudit: { procedure: (c) => c.staff.audit.list, input: { query: true } },
  staffAuditCsv: { procedure: (c) => c.staff.audit.csv, input: { query: true } },
  staffOutbox: { procedure: (c) => c.staff.outbox.list },
  staffRetryMail: { procedure: (c) => c.staff.outbox.retry, input: { params: true } },
  staffVoteAlerts: { procedure: (c) => c.votes.alerts },
  staffVoteReview: { procedure: (c) => c.votes.review, input: { params: true } },
  staffVotePreview: { procedure: (c) => c.votes.preview, input: { params: true, body: 'body' } },
  staffVoteDecide: { procedure: (c) => c.votes.decide, input: { params: true, body: 'body' } },
  staffReleaseMail: { procedure: (c) => c.votes.releaseMail, input: { params: true } },
  oidcStart: { own: redirect },
  oidcCallback: { own: redirect },
  stats: { procedure: (c) => c.stats },
  statsImage: { own: image },
  proposalImage: { own: image },
  monumentsGeojson: { own: openData },
  monumentsCsv: { own: openData },
  proposalsCsv: { own: openData },
  feedProposals: { own: openData },
  mapTile: { procedure: (c) => c.map.tile, input: { params: 'tile', query: 'filters', sent: true } },
  monumentsPage: { procedure: (c) => c.monuments.page, input: { query: true, sent: true } },
  proposalsPage: { procedure: (c) => c.proposals.page, input: { query: true, sent: true } },
  site: { procedure: (c) => c.site.info },
  accessibilityFeedback: { procedure: (c) => c.site.accessibilityFeedback, input: { body: true } },
  staffAccessibilityFeedback: { procedure: (c) => c.staff.accessibilityFeedback.list },
  feedAnswers: { own: openData },
  openDataCatalog: { own: openData },
  uploadMonumentPhoto: { own: upload },
  uploadProposalPhoto: { own: upload },
  photo: { procedure: (c) => c.photos.get, input: { params: true } },
  photos: { procedure: (c) => c.photos.all },
  monumentPhotos: { procedure: (c) => c.photos.ofMonument, input: { params: true } },
  staffPhotos: { procedure: (c) => c.staff.photos.list, input: { query: true } },
  staffApprovePhoto: { procedure: (c) => c.staff.photos.approve, input: { params: true } },
  staffRejectPhoto: { procedure: (c) => c.staff.photos.reject, input: { body: true, params: true } },
  staffRotatePhoto: { procedure: (c) => c.staff.photos.rotate, input: { body: true, params: true } },
  staffDeletePhoto: { procedure: (c) => c.staff.photos.remove, input: { params: true } },
} satisfies Bindings;
