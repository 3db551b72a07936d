// The web app's one error reader: whatever a call to the server ends in (an answer that is not a
// success, no answer at all, a staff call's tRPC error) becomes an ApiError, which says what went
// wrong by the contract's code (@linz/contract/error-codes: ALREADY_VOTED, TOO_MANY_REQUESTS…).
// The public and the staff side branch on `code`; this file is the only one that looks at an HTTP
// status (src/api/status-branches.test.ts holds that), for answers without our body (a proxy's).
import { ERROR_STATUS, errorCodeOfStatus, type ErrorCode } from '@linz/contract/error-codes';
import type { ErrorBody } from '@linz/contract';

/** The contract's codes, and what only the client can see: no answer, or an answer it cannot read. */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'MALFORMED';

type Details = Partial<Pick<ErrorBody, 'issues' | 'existingId'>> & {
  /** The server's own words for a refusal (never for a 5xx, whose message says nothing useful). */
  serverMessage?: string | undefined;
  /** Worth sending again later unchanged: no answer, or the server could not answer now (5xx, 408). */
  transient?: boolean;
};

export class ApiError extends Error {
  readonly serverMessage: string | undefined;
  readonly issues: ErrorBody['issues'];
  readonly existingId: string | undefined;
  readonly transient: boolean;
  constructor(
    readonly code: ApiErrorCode,
    details: Details = {},
  ) {
    super(details.serverMessage ?? code);
    this.name = 'ApiError';
    this.serverMessage = details.serverMessage;
    this.issues = details.issues;
    this.existingId = details.existingId;
    this.transient = details.transient ?? code === 'NETWORK';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const stringOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const issuesOf = (v: unknown): ErrorBody['issues'] =>
  Array.isArray(v)
    ? v.filter(isRecord).map((i) => ({ path: stringOf(i.path) ?? '', message: stringOf(i.message) ?? '' }))
    : undefined;

/** The body's code if it is one of the vocabulary's; otherwise (a proxy's answer) the status's. */
function codeOf(body: Record<string, unknown>, field: string, status: number): ErrorCode {
  const named = body[field];
  return typeof named === 'string' && Object.hasOwn(ERROR_STATUS, named) ? (named as ErrorCode) : errorCodeOfStatus(status);
}

/** What an error body (REST's ErrorBody, or a tRPC error's data) says, given the answer's status. */
function fromBody(status: number, body: Record<string, unknown>, codeField: string, message: unknown): ApiError {
  const refusal = status < 500;
  return new ApiError(codeOf(body, codeField, status), {
    serverMessage: refusal ? stringOf(message) : undefined,
    issues: issuesOf(body.issues),
    existingId: stringOf(body.existingId),
    transient: !refusal || status === 408,
  });
}

/** A REST answer that is not a success: its body's code (the status's, from a proxy that sent none). */
export function errorOfAnswer(status: number, json: unknown): ApiError {
  const body = isRecord(json) ? json : {};
  return fromBody(status, body, 'code', body.message);
}

/** True when the answer's status is a success (2xx). */
export const succeeded = (status: number): boolean => status >= 200 && status < 300;

/** A staff call's failure (TRPCClientError: its data carries the vocabulary's code as `reason`). */
function fromTrpc(error: Error & { data?: unknown }): ApiError {
  const data = isRecord(error.data) ? error.data : {};
  const status = typeof data.httpStatus === 'number' ? data.httpStatus : 0;
  // No status at all: the call got no answer (fetch failed).
  if (status === 0) return new ApiError('NETWORK');
  return fromBody(status, data, 'reason', error.message);
}

/** Anything a call threw, as an ApiError (a thrown ApiError as it is; anything else unknown: INTERNAL). */
export function apiErrorOf(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Error && error.name === 'TRPCClientError') return fromTrpc(error);
  return new ApiError('INTERNAL');
}
