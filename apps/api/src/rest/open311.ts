// Open311 GeoReport v2 (read) over HTTP: each operation as .json and .xml, open to any site like
// the other exports. Bad parameters and unknown ids answer GeoReport's error list (JSON or XML).
import { ERROR_STATUS, OPEN311_FORMATS, open311Path, type Open311Format } from '@linz/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  Open311Error,
  open311Discovery,
  open311Request,
  open311Requests,
  open311Services,
  parseOpen311Query,
  renderOpen311,
  type Open311Kind,
} from '../domain/open-data/open311.js';
import type { Services } from '../services.js';
import { LICENSE_LINK } from './exports.js';

function send(reply: FastifyReply, format: Open311Format, status: number, body: string) {
  if (reply.sent) return undefined; // the request's deadline has answered 503 meanwhile
  reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
  reply.header('cache-control', 'no-cache').header('link', LICENSE_LINK);
  return reply.code(status).type(`${OPEN311_FORMATS[format]}; charset=utf-8`).send(body);
}

export function open311Routes(app: FastifyInstance, services: Services) {
  const { database, config } = services;
  const handlers: Record<
    'discovery' | 'services' | 'requests' | 'request',
    [Open311Kind, (req: FastifyRequest) => Promise<unknown>]
  > = {
    discovery: ['discovery', () => Promise.resolve(open311Discovery(config.publicUrl))],
    services: ['services', () => Promise.resolve(open311Services())],
    requests: [
      'requests',
      async (req) =>
        open311Requests(database, parseOpen311Query((req.query ?? {}) as Record<string, unknown>, new Date()), config.publicUrl),
    ],
    request: [
      'requests',
      async (req) => {
        const id = (req.params as { serviceRequestId: string }).serviceRequestId;
        if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) {
          throw new Open311Error('invalid', ['The service request id must be a positive whole number.']);
        }
        return open311Request(database, Number(id), config.publicUrl);
      },
    ],
  };
  for (const [name, [kind, answer]] of Object.entries(handlers) as [
    keyof typeof handlers,
    (typeof handlers)[keyof typeof handlers],
  ][]) {
    for (const format of Object.keys(OPEN311_FORMATS) as Open311Format[]) {
      app.get(open311Path(name, format), async (req, reply) => {
        try {
          const value = await answer(req);
          return send(reply, format, 200, renderOpen311(kind, value as never, format));
        } catch (err) {
          if (!(err instanceof Open311Error)) throw err;
          const status = ERROR_STATUS[err.code];
          const list = err.descriptions.map((description) => ({ code: status, description }));
          return send(reply, format, status, renderOpen311('errors', list, format));
        }
      });
    }
  }
}
