// Logger options: request lines carry method, url and id, never addresses, cookies or e-mail addresses.
import type { FastifyServerOptions } from 'fastify';

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers["x-forwarded-for"]', 'res.headers["set-cookie"]', 'to', 'mayorEmail'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: req.url, id: req.id }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
