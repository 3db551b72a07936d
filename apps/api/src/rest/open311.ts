// Open311 GeoReport v2 (read) over HTTP: each operation as .json and .xml, open to any site like
// the other exports. Bad parameters and unknown ids answer GeoReport's error list (JSON or XML).
import { ERROR_STATUS, OPEN311_FORMATS, open311Path, type Open311Format, type Open311RouteName } from '@linz/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { open311Answer } from '../domain/open-data/use-cases.js';
import type { Services } from '../services.js';
import { LICENSE_LINK } from './exports.js';

function send(reply: FastifyReply, format: Open311Format, status: number, body: string) {
  if (reply.sent) return undefined; // the request's deadline has answered 503 meanwhile
  reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
  reply.header('cache-control', 'no-cache').header('link', LICENSE_LINK);
  return reply.code(status).type(`${OPEN311_FORMATS[format]}; charset=utf-8`).send(body);
}

const OPERATIONS: Open311RouteName[] = ['discovery', 'services', 'requests', 'request'];
const FORMATS: Open311Format[] = ['json', 'xml'];

export function open311Routes(app: FastifyInstance, services: Services) {
  for (const operation of OPERATIONS) {
    for (const format of FORMATS) {
      app.get(open311Path(operation, format), async (req, reply) => {
        const { serviceRequestId } = fieldsOf(req.params);
        const { refused, body } = await open311Answer(services, {
          operation,
          format,
          query: { ...(req.query ?? {}) },
          serviceRequestId: typeof serviceRequestId === 'string' ? serviceRequestId : undefined,
        });
        return send(reply, format, refused ? ERROR_STATUS[refused] : 200, body);
      });
    }
  }
}

/** The path's parameters, to read by name. */
const fieldsOf = (value: unknown): Record<string, unknown> => ({ ...(typeof value === 'object' ? value : {}) });
