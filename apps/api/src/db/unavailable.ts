// Errors that mean "no database right now" (answered 503: try again shortly), as opposed to a
// statement the database refused.

// Node socket errors, postgres.js connection errors and SQLSTATEs that mean "no database right now".
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
]);

/** True when the error (or one of its causes, as tRPC and drizzle wrap them) is a lost database. */
export function databaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 6 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
