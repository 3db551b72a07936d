// The public side's one way to call the API: `call(route, options)` by the contract's route table
// (its method and path; its answer's type). A success is the answer's body, parsed with the route's
// schema from the contract (parse.ts, a lazily loaded chunk with zod); anything else is thrown as an
// ApiError that names what went wrong by the contract's code (errors.ts, the one error reader).
// The staff area talks tRPC (admin/trpc.ts) and reads its errors through the same reader.
import type { Routes } from '@linz/contract';
import { IDEMPOTENCY_HEADER, PATHS, pathOf } from '@linz/contract/facts';
import { ApiError, errorOfAnswer, succeeded } from './errors';
import { retriedImport } from '../layout/retriedImport';

/**
 * The routes the web app calls (the staff area talks tRPC; the exports, feeds, images and the API's
 * own description are files it links to, never fetches; OIDC is a browser navigation).
 */
export type RouteName = Exclude<
  keyof Routes,
  | `staff${string}`
  | 'monumentsGeojson'
  | 'monumentsCsv'
  | 'proposalsCsv'
  | 'feedProposals'
  | 'feedAnswers'
  | 'openDataCatalog'
  | 'openapi'
  | 'docs'
  | 'statsImage'
  | 'proposalImage'
  | 'oidcStart'
  | 'oidcCallback'
>;

type Output<S> = S extends { _zod: { output: infer T } } ? T : never;
type Input<S> = S extends { _zod: { input: infer T } } ? T : never;
/** What a route answers on success, as the contract's schema gives it. */
export type AnswerOf<N extends RouteName> = Output<Routes[N]['answer']>;
type BodyOf<N extends RouteName> = Routes[N] extends { bodyType: 'multipart/form-data' }
  ? FormData
  : Routes[N] extends { body: infer B }
    ? Input<B>
    : never;

/** Each route's method (its path is the contract's PATHS); `satisfies` keeps them equal to the route table. */
const METHODS = {
  listMonuments: 'GET',
  addMonument: 'POST',
  allProposals: 'GET',
  monumentProposals: 'GET',
  awaitingAnswer: 'GET',
  createProposal: 'POST',
  castVote: 'POST',
  confirmVote: 'POST',
  votesConfirm: 'POST',
  clientConfig: 'GET',
  monument: 'GET',
  reportMonument: 'POST',
  reportProposal: 'POST',
  follow: 'POST',
  followConfirm: 'POST',
  followUnsubscribe: 'POST',
  watch: 'POST',
  unwatch: 'POST',
  mine: 'GET',
  stats: 'GET',
  mapTile: 'GET',
  monumentsPage: 'GET',
  proposalsPage: 'GET',
  site: 'GET',
  accessibilityFeedback: 'POST',
  uploadMonumentPhoto: 'POST',
  uploadProposalPhoto: 'POST',
  photo: 'GET',
  photos: 'GET',
  monumentPhotos: 'GET',
  unplaced: 'GET',
  suggestPlace: 'POST',
} as const satisfies { [N in RouteName]: Routes[N]['method'] };

/**
 * Answers read before the first marker shows, typed by the contract but not parsed here: zod would
 * cost the first load more than its budget allows (docs/performance.md). The server checks them
 * against the same schemas before it answers, and the web is only served by the API of its own build.
 */
const FIRST_LOAD = new Set<RouteName>(['clientConfig', 'mapTile']);

export type CallOptions<N extends RouteName> = {
  params?: Record<string, string | number>;
  /** The query string's parameters, in their plain form (the address's). */
  query?: Record<string, string>;
  body?: BodyOf<N>;
  signal?: AbortSignal | undefined;
  /** An Idempotency-Key made when the action was taken (the public writes; offline/queue.ts). */
  idempotencyKey?: string;
};

/** A path with a query; the bare path when there is none. */
export function withQuery(path: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query).toString();
  return params ? `${path}?${params}` : path;
}

/** A route's URL: its path with the parameters filled in, and its query. */
export const urlOf = <N extends RouteName>(name: N, options: Pick<CallOptions<N>, 'params' | 'query'> = {}): string =>
  withQuery(pathOf(PATHS[name], options.params), options.query);

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Sends one request: same-origin, JSON (or a form) in; the answer's body, or an ApiError. */
async function request(method: 'GET' | 'POST', url: string, options: CallOptions<RouteName>): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'same-origin', headers, signal: options.signal ?? null };
  const body: unknown = options.body;
  if (body instanceof FormData) init.body = body;
  else if (method === 'POST') {
    // The API takes a write's body as JSON only: an empty object for a route that takes none.
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK');
  }
  const json = await readJson(response);
  if (!succeeded(response.status)) throw errorOfAnswer(response.status, json);
  return json;
}

/** The answer's body as it came (for the lenient lists, queries/lists.ts, which keep what they can read). */
export const callRaw = <N extends RouteName>(name: N, options: CallOptions<N> = {}): Promise<unknown> =>
  request(METHODS[name], urlOf(name, options), options);

/** Calls a route; its answer parsed with the contract's schema (a malformed one is an ApiError). */
export async function call<N extends RouteName>(name: N, options: CallOptions<N> = {}): Promise<AnswerOf<N>> {
  const json = await callRaw(name, options);
  if (FIRST_LOAD.has(name)) return json as AnswerOf<N>;
  // The parser's chunk is retried like every lazy script (a flaky connection, a deploy meanwhile).
  const { parseAnswer } = await retriedImport(() => import('./parse'));
  return parseAnswer(name, json);
}
