// The one vocabulary of what went wrong: each refusal has a stable code (clients branch on it; the
// message may change) and the HTTP status it is answered with. The API's domain names codes, never
// statuses; the transports look the status up here. Free of zod, so the web app's first load can
// read an error body's code without a schema library (error.ts is the body's schema).
export const ERROR_STATUS = {
  /** A parameter or field cannot be read; `issues` names each. */
  INVALID_INPUT: 400,
  /** Well-formed but not allowed on this item (e.g. merging a monument into itself). */
  INVALID: 400,
  /** A monument's place lies outside the city's area. */
  OUTSIDE_AREA: 400,
  /** A category outside the site profile's list. */
  UNKNOWN_CATEGORY: 400,
  /** A canned moderation reason that does not exist (any more). */
  UNKNOWN_REASON: 400,
  /** No valid staff token or session. */
  UNAUTHORIZED: 401,
  /** Not allowed for anyone making this request (a cross-site write, the metrics without their token). */
  FORBIDDEN: 403,
  /** This browser has already voted for the proposal (the spec's 403). */
  ALREADY_VOTED: 403,
  NOT_FOUND: 404,
  /** The request contradicts what is stored. */
  CONFLICT: 409,
  /** A new monument duplicates a public one nearby; `existingId` names it. */
  DUPLICATE: 409,
  /** A request with this Idempotency-Key is still running: try again shortly. */
  KEY_IN_PROGRESS: 409,
  LENGTH_REQUIRED: 411,
  /** A request's body did not arrive within its deadline; the connection is closed. */
  REQUEST_TIMEOUT: 408,
  /** A body larger than the route takes. */
  TOO_LARGE: 413,
  /** A photo over the pixel or decoded-size limit. */
  PHOTO_TOO_LARGE: 413,
  /** A path segment longer than any address of ours. */
  URI_TOO_LONG: 414,
  /** A body in a type the route does not take. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A photo in HEIC/HEIF (an iPhone's default): the visitor is told how to send JPEG. */
  PHOTO_HEIC: 415,
  /** A file that is not a JPEG, PNG or WebP still image. */
  PHOTO_TYPE: 415,
  /** A photo whose bytes cannot be read. */
  PHOTO_BROKEN: 422,
  /** This Idempotency-Key was used for another request. */
  KEY_REUSED: 422,
  /** A limit is used up; the answer's Retry-After says when to try again. */
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** The service is busy or its database briefly unreachable; Retry-After says when to try again. */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The generic code of an HTTP status (for errors that are not the domain's: a framework's, a proxy's). */
export function errorCodeOfStatus(status: number): ErrorCode {
  const generic: Partial<Record<number, ErrorCode>> = {
    400: 'INVALID_INPUT',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    408: 'REQUEST_TIMEOUT',
    409: 'CONFLICT',
    411: 'LENGTH_REQUIRED',
    413: 'TOO_LARGE',
    414: 'URI_TOO_LONG',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    422: 'INVALID_INPUT',
    429: 'TOO_MANY_REQUESTS',
    503: 'UNAVAILABLE',
  };
  return generic[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_INPUT');
}
