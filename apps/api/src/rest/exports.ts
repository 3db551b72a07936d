// Open data over REST: GeoJSON, CSV and Atom, each a few lines over a domain function, with an
// ETag (a hash of the body) and 304, like the other reads. The licence travels in a `Link:
// <…>; rel="license"` header (RFC 8288) on every export, and inside the GeoJSON and the feeds.
import { EXPORT_TYPES, routes } from '@linz/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  attributionOf,
  interventionsCsv,
  monumentsCsv,
  parseExportQuery,
  photoIndex,
  selectMonuments,
  toGeoJson,
} from '../domain/open-data/exports.js';
import { publicPhotos } from '../domain/photos/photos.js';
import { answersFeed, interventionsFeed } from '../domain/open-data/feeds.js';
import { textSnapshot } from '../domain/read-cache.js';
import { snapshotAnswer } from '../http/snapshot-answer.js';
import type { Services } from '../services.js';

export const LICENSE_LINK = '<https://creativecommons.org/licenses/by/4.0/>; rel="license"';

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

/** The exports' query, or a 400 naming each parameter that could not be read (nothing else happens). */
function exportQuery(req: FastifyRequest) {
  const { value, invalid } = parseExportQuery((req.query ?? {}) as Record<string, unknown>);
  if (invalid.length > 0) {
    throw Object.assign(new Error(`Invalid query parameter(s): ${invalid.join(', ')}.`), { statusCode: 400 });
  }
  return value;
}

export function exportRoutes(app: FastifyInstance, services: Services) {
  const monuments = async (req: FastifyRequest) => {
    const query = exportQuery(req);
    return selectMonuments((await services.lists.monuments.get()).data, query);
  };
  // The approved photos: URL, alt text, credit and licence of each.
  const photos = async () => photoIndex(await publicPhotos(services.database), services.config.publicUrl);
  app.get(routes.monumentsGeojson.path, async (req, reply) => {
    const [list, index] = await Promise.all([monuments(req), photos()]);
    return send(req, reply, EXPORT_TYPES.geojson, JSON.stringify(toGeoJson(list, index, attributionOf(services.config.city))));
  });
  app.get(routes.monumentsCsv.path, async (req, reply) => {
    const [list, index] = await Promise.all([monuments(req), photos()]);
    return send(req, reply, EXPORT_TYPES.csv, monumentsCsv(list, index));
  });
  app.get(routes.interventionsCsv.path, async (req, reply) => {
    const [list, all, index] = await Promise.all([services.lists.interventions.get(), services.lists.monuments.get(), photos()]);
    return send(req, reply, EXPORT_TYPES.csv, interventionsCsv(list.data, all.data, index));
  });
  app.get(routes.feedInterventions.path, async (req, reply) =>
    send(req, reply, EXPORT_TYPES.atom, await interventionsFeed(services.database, services.config.publicUrl, services.config.city)),
  );
  app.get(routes.feedAnswers.path, async (req, reply) =>
    send(req, reply, EXPORT_TYPES.atom, await answersFeed(services.database, services.config.publicUrl, services.config.city)),
  );
}
