// Open data over REST: GeoJSON, CSV and Atom, each one call of a use case (domain/open-data/use-cases.ts), with an
// ETag (a hash of the body) and 304, like the other reads. The licence travels in a `Link:
// <…>; rel="license"` header (RFC 8288) on every export, and inside the GeoJSON and the feeds.
import { EXPORT_TYPES, routes } from '@linz/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  cityAnswersFeed,
  proposalsCsvExport,
  monumentsCsvExport,
  monumentsGeojsonExport,
  openDataCatalogue,
  proposalsFeed,
} from '../domain/open-data/use-cases.js';
import { OPEN_DATA_LICENCE_URL } from '../domain/open-data/catalog.js';
import { textSnapshot } from '../domain/read-cache.js';
import { snapshotAnswer } from '../http/snapshot-answer.js';
import type { Services } from '../services.js';

export const LICENSE_LINK = `<${OPEN_DATA_LICENCE_URL}>; rel="license"`;

function send(req: FastifyRequest, reply: FastifyReply, type: string, text: string) {
  if (reply.sent) return undefined; // the request's deadline has answered 503 meanwhile
  const answer = snapshotAnswer(
    textSnapshot(text),
    type,
    'no-cache',
    req.headers['accept-encoding'],
    req.headers['if-none-match'],
  );
  // Open data: any site may fetch it from a browser (no cookie is read or sent with it).
  reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
  return reply.code(answer.status).headers(answer.headers).header('link', LICENSE_LINK).send(answer.body);
}

/** The query as sent (the use case reads it and names what it cannot). */
const sentQuery = (req: FastifyRequest): Record<string, unknown> => ({ ...(req.query ?? {}) });

export function exportRoutes(app: FastifyInstance, services: Services) {
  const { geojson, csv, atom, jsonld } = EXPORT_TYPES;
  app.get(routes.monumentsGeojson.path, async (req, reply) =>
    send(req, reply, geojson, await monumentsGeojsonExport(services, sentQuery(req))),
  );
  app.get(routes.monumentsCsv.path, async (req, reply) =>
    send(req, reply, csv, await monumentsCsvExport(services, sentQuery(req))),
  );
  app.get(routes.proposalsCsv.path, async (req, reply) => send(req, reply, csv, await proposalsCsvExport(services)));
  app.get(routes.feedProposals.path, async (req, reply) => send(req, reply, atom, await proposalsFeed(services)));
  app.get(routes.feedAnswers.path, async (req, reply) => send(req, reply, atom, await cityAnswersFeed(services)));
  app.get(routes.openDataCatalog.path, async (req, reply) => send(req, reply, jsonld, openDataCatalogue(services)));
}
