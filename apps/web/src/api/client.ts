// Typed fetch client over the contract's REST route table. Every answer is checked against
// the route's schema: an error status or a malformed body becomes an ApiError, never a crash.
import { ErrorBody, pathOf, routes, type Routes } from '@linz/contract';
import type { z } from 'zod';

type RouteDef = Routes[keyof Routes];
type Answer<R extends RouteDef> = z.infer<R['answer']>;
type Body<R extends RouteDef> = R extends { body: z.ZodType } ? z.input<R['body']> : never;

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

type CallOptions<R extends RouteDef> = {
  params?: Record<string, string | number>;
  body?: Body<R>;
  signal?: AbortSignal;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Sends one request and returns the status and the JSON body (undefined when empty or not JSON). */
export async function send<R extends RouteDef>(route: R, options: CallOptions<R> = {}) {
  const init: RequestInit = { method: route.method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(pathOf(route.path, options.params), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network', 0, undefined);
  }
  return { status: response.status, ok: response.ok, json: await readJson(response) };
}

/** Calls a route and returns its answer, validated by the contract schema. */
export async function call<R extends RouteDef>(route: R, options: CallOptions<R> = {}): Promise<Answer<R>> {
  const { status, ok, json } = await send(route, options);
  if (!ok) {
    const body = ErrorBody.safeParse(json);
    throw new ApiError('status', status, body.success ? body.data.message : undefined);
  }
  const answer = route.answer.safeParse(json);
  if (!answer.success) throw new ApiError('malformed', status, undefined);
  return answer.data as Answer<R>;
}

export { routes };
