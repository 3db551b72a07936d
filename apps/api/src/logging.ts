// Logger options: one line per request (method, path without its query, status, time, request id),
// never addresses, cookies or e-mail addresses. Fields named for them are censored at any depth; every finished line is also scrubbed of
// anything that looks like an IP address or an e-mail address (error messages from drivers and
// mailers embed them in free text, where no path can reach).
import { PATHS } from '@linz/contract/facts';
import { stdSerializers } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

export type LogSink = { write(line: string): unknown };

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const IPV4 = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.])/g;
// Hex groups with "::" or eight groups: IPv6 literals (a mapped IPv4 tail was scrubbed before).
const IPV6 = /(?<![\w:])(?:(?=[0-9a-f:]*::)[0-9a-f:]{2,39}|(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4})(?![\w:])/gi;

// drizzle's "Failed query: ...\nparams: a,b" names the query's values (hashes, the day's IP key).
const QUERY_PARAMS = /(\\nparams: )(?:[^"\\]|\\[^n])*/g;

// Cheap looks that rule a pattern out before it runs over the line: a request line has no "@", no
// digit-dot-digit-dot-digit and no hex-colon-hex (in JSON a key's colon follows a quote).
const IPV4_HINT = /\d\.\d{1,3}\.\d/;
const IPV6_HINT = /[0-9a-f]:[0-9a-f]|::/i;

/** Replaces e-mail and IP addresses and query parameters in one finished log line. */
export function scrubLogLine(line: string): string {
  let out = line.includes('\\nparams: ') ? line.replace(QUERY_PARAMS, '$1[redacted]') : line;
  if (out.includes('@')) out = out.replace(EMAIL, '[email]');
  if (IPV4_HINT.test(out)) out = out.replace(IPV4, '[ip]');
  if (IPV6_HINT.test(out)) out = out.replace(IPV6, '[ip]');
  return out;
}

/**
 * Standard output, written once per turn of the event loop: the lines of the requests answered in
 * one turn go out in one write instead of one each. What is left is written at exit.
 */
let stdout: LogSink | undefined;
function batchedStdout(): LogSink {
  if (stdout) return stdout;
  let pending = '';
  const flush = () => {
    if (pending) process.stdout.write(pending);
    pending = '';
  };
  process.once('exit', flush);
  return (stdout = {
    write(line: string) {
      if (!pending) setImmediate(flush);
      pending += line;
    },
  });
}

/** A sink that scrubs each line before handing it on (standard output, batched, unless told otherwise). */
export function scrubbingSink(target: LogSink = batchedStdout()): LogSink {
  return { write: (line: string) => target.write(scrubLogLine(line)) };
}

/**
 * The sign-in callback's query carries the provider's one-time code and our state; a follow link's
 * `token=` (the confirmation and unsubscribe pages, one-click unsubscribe) ends a follow: never logged.
 */
const withoutSecrets = (url: string) =>
  url.startsWith(`${PATHS.oidcCallback}?`)
    ? `${PATHS.oidcCallback}?[redacted]`
    : url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');

/**
 * Fields whose value is never logged, under any object at any depth: addresses, cookies, tokens and
 * e-mail recipients. (The request and response serializers below keep no headers at all.)
 */
const SECRET_KEYS = new Set([
  'ip',
  'ips',
  'remoteAddress',
  'x-forwarded-for',
  'x-real-ip',
  'to',
  'mayorEmail',
  'cookie',
  'set-cookie',
  'authorization',
  'token',
]);
const CENSOR = '[redacted]';
const MAX_DEPTH = 6;

const isPlainish = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !(v instanceof Error) && !(v instanceof Date) && !Buffer.isBuffer(v);

/** A copy of `value` with every secret key's value censored; `value` itself where it has none. */
function censored(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const v = value[key];
    let next = v;
    if (SECRET_KEYS.has(key)) next = CENSOR;
    else if (depth < MAX_DEPTH && isPlainish(v)) next = censored(v, depth + 1);
    if (next !== v) (copy ??= Array.isArray(value) ? ([...value] as never) : { ...value })[key] = next;
  }
  return copy ?? value;
}

/**
 * A log call's fields without secrets (pino's `formatters.log`). A line of plain values, as every
 * request line is, passes with one look at each value. Errors are censored after their serializer.
 */
export function withoutSecretFields(fields: Record<string, unknown>): Record<string, unknown> {
  return censored(fields, 0);
}

export function loggerOptions(level: string, target?: LogSink): FastifyServerOptions['logger'] {
  return {
    level,
    stream: scrubbingSink(target),
    formatters: { log: withoutSecretFields },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: withoutSecrets(req.url),
        id: req.id,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: (err: Error) => withoutSecretFields(stdSerializers.err(err)) as ReturnType<typeof stdSerializers.err>,
    },
  };
}

/** The request line's message; its fields: reqId, method, path, status, ms. */
export const REQUEST_LINE = 'request';

/** A request's path without its query (a query may carry a sign-in code or a follow token). */
export const pathWithoutQuery = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/**
 * One log line per answered request at `info`, written as it finishes, in place of Fastify's two
 * (on arrival and on completion): Fastify's log controller with those two methods replaced. A
 * request that failed while being sent is logged at `error` with its error.
 */
const INFO_OR_FINER = new Set(['trace', 'debug', 'info']);

class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const log = reply.log;
    if (!error && !INFO_OR_FINER.has(log.level)) return;
    const line = {
      method: request.method,
      path: pathWithoutQuery(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) log.error({ ...line, err: error }, REQUEST_LINE);
    else log.info(line, REQUEST_LINE);
  }
}

/** Fastify's `logController` option. */
export const requestLogController = (): LogController => new OneLinePerRequest();
