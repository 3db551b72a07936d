// Logger options: one line per request (method, path without its query, status, time, request id),
// never addresses, cookies or e-mail addresses. Redaction by path covers the known fields; every finished line is also scrubbed of
// anything that looks like an IP address or an e-mail address (error messages from drivers and
// mailers embed them in free text, where no path can reach).
import { PATHS } from '@linz/contract/facts';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

export type LogSink = { write(line: string): unknown };

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const IPV4 = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?![\d.])/g;
// Hex groups with "::" or eight groups: IPv6 literals (a mapped IPv4 tail was scrubbed before).
const IPV6 = /(?<![\w:])(?:(?=[0-9a-f:]*::)[0-9a-f:]{2,39}|(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4})(?![\w:])/gi;

// drizzle's "Failed query: ...\nparams: a,b" names the query's values (hashes, the day's IP key).
const QUERY_PARAMS = /(\\nparams: )(?:[^"\\]|\\[^n])*/g;

/** Replaces e-mail and IP addresses and query parameters in one finished log line. */
export function scrubLogLine(line: string): string {
  const scrubbed = line.replace(QUERY_PARAMS, '$1[redacted]');
  // The e-mail pattern only where there is an "@": on a request line it retried every offset of each
  // long id, 0.01 ms a line, as much as the rest of the line's logging.
  return (scrubbed.includes('@') ? scrubbed.replace(EMAIL, '[email]') : scrubbed).replace(IPV4, '[ip]').replace(IPV6, '[ip]');
}

/** A sink that scrubs each line before handing it on (stdout unless told otherwise). */
export function scrubbingSink(target: LogSink = process.stdout): LogSink {
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

export function loggerOptions(level: string, target?: LogSink): FastifyServerOptions['logger'] {
  return {
    level,
    stream: scrubbingSink(target),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-forwarded-for"]',
        'req.headers["x-real-ip"]',
        'res.headers["set-cookie"]',
        'ip',
        'ips',
        'remoteAddress',
        'to',
        'mayorEmail',
        '*.ip',
        '*.remoteAddress',
        '*.to',
        '*.mayorEmail',
        '*.cookie',
        '*.authorization',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: withoutSecrets(req.url),
        id: req.id,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
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
