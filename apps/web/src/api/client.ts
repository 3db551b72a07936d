// Typed fetch client over the contract's REST paths. Answers that the app reads field by field
// are checked (answers.ts): an error status or a malformed body becomes an ApiError, never a crash.
import type {
  ClientConfig,
  NewAccessibilityFeedback,
  NewPlaceSuggestion,
  CreatedIntervention,
  AwaitingAnswer,
  MonumentDetail,
  MonumentIntervention,
  NewIntervention,
  NewMonument,
  NewReport,
  Routes,
  VoteAnswer,
  VoteRequest,
} from '@linz/contract';
import { IDEMPOTENCY_HEADER, PATHS, pathOf } from '@linz/contract/facts';
import {
  isClientConfig,
  withClientConfigDefaults,
  isErrorBody,
  isIntervention,
  isMonumentDetail,
  isMonumentIntervention,
  isAwaitingAnswer,
  isVoteAnswer,
  withMonumentDetailDefaults,
  withProposalDefaults,
} from './answers';
import { arrayOf, type Check } from './checks';

/**
 * The citizen's routes (the staff area talks tRPC, so the first load carries no staff paths; the
 * exports and feeds are files the app links to, never fetches; the API's own description is for
 * other programs; following and /mine are asked by the lazy follow/followApi.ts).
 */
type RouteName = Exclude<
  keyof Routes,
  | `staff${string}`
  | 'monumentsGeojson'
  | 'monumentsCsv'
  | 'interventionsCsv'
  | 'feedInterventions'
  | 'feedAnswers'
  | 'openapi'
  | 'docs'
  | 'statsImage'
  | 'interventionImage'
  // Browser navigations to and from the city's identity provider (a link in /admin), not fetched.
  | 'oidcStart'
  | 'oidcCallback'
  | 'follow'
  | 'followConfirm'
  // The vote's confirmation (popup/voteConfirmApi.ts, like the follow requests).
  | 'confirmVote'
  | 'votesConfirm'
  | 'followUnsubscribe'
  | 'watch'
  | 'unwatch'
  | 'mine'
  // The map's data tiles: mapData.ts asks them by the contract's path (PATHS.mapTile).
  | 'mapTile'
  // Photos: photos/photoApi.ts asks them by path with getChecked; uploads are forms (photos/upload.ts).
  | 'photo'
  | 'photos'
  | 'monumentPhotos'
  | 'uploadMonumentPhoto'
  | 'uploadInterventionPhoto'
>;

/** Method and path of each route; `satisfies` keeps them equal to the contract's route table. */
export const routes = {
  listMonuments: { method: 'GET', path: PATHS.listMonuments },
  addMonument: { method: 'POST', path: PATHS.addMonument },
  allInterventions: { method: 'GET', path: PATHS.allInterventions },
  monumentInterventions: { method: 'GET', path: PATHS.monumentInterventions },
  awaitingAnswer: { method: 'GET', path: PATHS.awaitingAnswer },
  createIntervention: { method: 'POST', path: PATHS.createIntervention },
  castVote: { method: 'POST', path: PATHS.castVote },
  clientConfig: { method: 'GET', path: PATHS.clientConfig },
  monument: { method: 'GET', path: PATHS.monument },
  reportMonument: { method: 'POST', path: PATHS.reportMonument },
  reportIntervention: { method: 'POST', path: PATHS.reportIntervention },
  stats: { method: 'GET', path: PATHS.stats },
  // The lists by page (/monuments, /interventions): queries.ts asks them with getChecked.
  monumentsPage: { method: 'GET', path: PATHS.monumentsPage },
  interventionsPage: { method: 'GET', path: PATHS.interventionsPage },
  // The legal pages (legal/): the site profile, and the accessibility statement's form.
  site: { method: 'GET', path: PATHS.site },
  accessibilityFeedback: { method: 'POST', path: PATHS.accessibilityFeedback },
  // "Wo ist das?" (whereIsIt/): the commemorations without a place, and a suggestion where one stands.
  unplaced: { method: 'GET', path: PATHS.unplaced },
  suggestPlace: { method: 'POST', path: PATHS.suggestPlace },
} as const satisfies { [N in RouteName]: Pick<Routes[N], 'method' | 'path'> };

type Bodies = {
  addMonument: NewMonument;
  createIntervention: NewIntervention;
  castVote: VoteRequest;
  reportMonument: NewReport;
  reportIntervention: NewReport;
  accessibilityFeedback: NewAccessibilityFeedback;
  suggestPlace: NewPlaceSuggestion;
};
type Answers = {
  monument: MonumentDetail;
  monumentInterventions: MonumentIntervention[];
  awaitingAnswer: AwaitingAnswer[];
  createIntervention: CreatedIntervention;
  castVote: VoteAnswer;
  clientConfig: ClientConfig;
};

const answers: { [N in keyof Answers]: Check<Answers[N]> } = {
  monument: isMonumentDetail,
  monumentInterventions: arrayOf(isMonumentIntervention),
  awaitingAnswer: arrayOf(isAwaitingAnswer),
  createIntervention: (v: unknown): v is CreatedIntervention =>
    isIntervention(v) && typeof (v as { underReview?: unknown }).underReview === 'boolean',
  castVote: isVoteAnswer,
  clientConfig: isClientConfig,
};

/** Answers that an older server may send without the city's fields get them filled in first. */
const prepare: { [N in keyof Answers]?: (json: unknown) => unknown } = {
  monumentInterventions: (json) => (Array.isArray(json) ? json.map(withProposalDefaults) : json),
  // An older server does not say underReview: what it answered was public.
  createIntervention: (json) => {
    const filled = withProposalDefaults(json);
    return typeof filled === 'object' && filled !== null && !('underReview' in filled)
      ? { ...filled, underReview: false }
      : filled;
  },
  monument: withMonumentDetailDefaults,
  clientConfig: withClientConfigDefaults,
};

export type ApiErrorKind = 'network' | 'status' | 'malformed';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    /** The server's message from an {message} error body, if there was one. */
    readonly serverMessage: string | undefined,
  ) {
    super(serverMessage ?? `${kind} ${status}`);
    this.name = 'ApiError';
  }
  get tooManyRequests(): boolean {
    return this.status === 429;
  }
}

type CallOptions<N extends RouteName> = {
  params?: Record<string, string | number>;
  body?: N extends keyof Bodies ? Bodies[N] : never;
  signal?: AbortSignal;
  /** An Idempotency-Key made when the action was taken (the public writes; offline/queue.ts). */
  idempotencyKey?: string;
};

/** The server's own error text from an {message} body, if there is one. */
export const serverMessageOf = (json: unknown): string | undefined => (isErrorBody(json) ? json.message : undefined);

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export type Answered = { status: number; ok: boolean; json: unknown };

/** What a request sends: a JSON body or a form (a photo), and the write's Idempotency-Key. */
export type Sent = { json?: unknown; form?: FormData; idempotencyKey?: string; signal?: AbortSignal | undefined };

/**
 * The app's one HTTP call to its server: same-origin, JSON (or a form) in, the status and the JSON
 * body out (undefined when empty or not JSON). No answer at all is a network ApiError.
 */
export async function fetchJson(method: 'GET' | 'POST', url: string, sent: Sent = {}): Promise<Answered> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'same-origin', headers, signal: sent.signal ?? null };
  if (sent.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(sent.json);
  } else if (sent.form) init.body = sent.form;
  if (sent.idempotencyKey) headers[IDEMPOTENCY_HEADER] = sent.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network', 0, undefined);
  }
  return { status: response.status, ok: response.ok, json: await readJson(response) };
}

/** An answer's body, checked: an error status or a malformed body is an ApiError. */
function checked<T>({ status, ok, json }: Answered, check: Check<T>, prepareJson?: (json: unknown) => unknown): T {
  if (!ok) throw new ApiError('status', status, serverMessageOf(json));
  const prepared = prepareJson ? prepareJson(json) : json;
  if (!check(prepared)) throw new ApiError('malformed', status, undefined);
  return prepared;
}

/** Sends one request and returns the status and the JSON body (undefined when empty or not JSON). */
export function send<N extends RouteName>(name: N, options: CallOptions<N> = {}) {
  const route = routes[name];
  return fetchJson(route.method, pathOf(route.path, options.params), {
    json: options.body,
    idempotencyKey: options.idempotencyKey,
    signal: options.signal,
  });
}

/** A path with a query (the address's parameters, in their plain form); the bare path when there is none. */
export function withQuery(path: string, query: Record<string, string>): string {
  const params = new URLSearchParams(query).toString();
  return params ? `${path}?${params}` : path;
}

/** GETs a public read by its URL (a route's path with its query: withQuery) and returns the checked answer. */
export async function getChecked<T>(
  url: string,
  check: Check<T>,
  signal?: AbortSignal,
  prepare?: (json: unknown) => unknown,
): Promise<T> {
  return checked(await fetchJson('GET', url, { signal }), check, prepare);
}

/** Calls a route whose answer its caller checks by a shape of its own (the dashboard, the site profile). */
export async function callChecked<N extends RouteName, T>(name: N, check: Check<T>, options: CallOptions<N> = {}): Promise<T> {
  return checked(await send(name, options), check);
}

/** Calls a route and returns its answer, checked against the contract's shape. */
export async function call<N extends keyof Answers>(name: N, options: CallOptions<N> = {}): Promise<Answers[N]> {
  const check: Check<Answers[N]> = answers[name];
  return checked(await send(name, options), check, prepare[name]);
}
