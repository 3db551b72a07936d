// Use cases of the open data: the exports (GeoJSON, CSV), the Atom feeds and Open311 GeoReport v2,
// each over the public lists (in memory) or the database. Each answers the body's text; the
// transport adds the media type, the ETag and the licence header (rest/exports.ts, rest/open311.ts).
import { ERROR_STATUS, type ErrorCode, type Open311Format, type Open311RouteName } from '@linz/contract';
import type { App } from '../app.js';
import { Invalid } from '../errors.js';
import { monumentIndexNow } from '../lists/use-cases.js';
import { publicPhotos } from '../photos/photos.js';
import {
  attributionOf,
  proposalsCsv,
  monumentsCsv,
  parseExportQuery,
  photoIndex,
  selectMonuments,
  toGeoJson,
} from './exports.js';
import { dcatCatalogue } from './catalog.js';
import { answersFeed, proposalsAtom } from './feeds.js';
import {
  Open311Error,
  open311Discovery,
  open311Request,
  open311Requests,
  open311Services,
  parseOpen311Query,
  renderOpen311,
} from './open311.js';

/** Export parameters that cannot be read: the message names each. */
class InvalidExportQuery extends Invalid {
  override readonly code = 'INVALID_INPUT';
}

/** The public monuments the export's query selects, the approved photos' index, and where each
 * monument's facts and point come from. */
async function exportedMonuments(app: App, sent: Record<string, unknown>) {
  const { value, invalid } = parseExportQuery(sent);
  if (invalid.length > 0) throw new InvalidExportQuery(`Invalid query parameter(s): ${invalid.join(', ')}.`);
  const [list, index] = await Promise.all([monumentIndexNow(app), photosOf(app)]);
  return { list: selectMonuments(list, value), index, origin: app.lists.origins };
}

/** The approved photos: URL, alt text, credit and licence of each. */
const photosOf = async (app: App) => photoIndex(await publicPhotos(app.database), app.config.publicUrl);

export async function monumentsGeojsonExport(app: App, sent: Record<string, unknown>): Promise<string> {
  const { list, index, origin } = await exportedMonuments(app, sent);
  return JSON.stringify(toGeoJson(list, index, attributionOf(app.config.city), origin));
}

export async function monumentsCsvExport(app: App, sent: Record<string, unknown>): Promise<string> {
  const { list, index, origin } = await exportedMonuments(app, sent);
  return monumentsCsv(list, index, origin);
}

export async function proposalsCsvExport(app: App): Promise<string> {
  const [list, all, index] = await Promise.all([app.lists.proposals.get(), app.lists.monuments.get(), photosOf(app)]);
  return proposalsCsv(list.data, all.data, index);
}

/** The DCAT-AP catalogue of the exports above (JSON-LD). */
export const openDataCatalogue = (app: App): string =>
  JSON.stringify(dcatCatalogue(app.config.publicUrl, app.config.city, app.config.site));

export const proposalsFeed = (app: App): Promise<string> => proposalsAtom(app.database, app.config.publicUrl, app.config.city);
export const cityAnswersFeed = (app: App): Promise<string> => answersFeed(app.database, app.config.publicUrl, app.config.city);

const open311Site = ({ config }: App) => ({
  publicUrl: config.publicUrl,
  agency: config.city.openData.publisher,
  timeZone: config.city.timeZone,
  product: config.city.productName,
  city: config.city.name.de,
  threshold: config.city.voteThreshold,
});

type Open311Input = {
  operation: Open311RouteName;
  format: Open311Format;
  query: Record<string, unknown>;
  serviceRequestId?: string;
};

async function open311Body(app: App, { operation, format, query, serviceRequestId }: Open311Input): Promise<string> {
  const { database } = app;
  if (operation === 'discovery') return renderOpen311('discovery', open311Discovery(open311Site(app)), format);
  if (operation === 'services') return renderOpen311('services', open311Services(open311Site(app)), format);
  if (operation === 'requests') {
    return renderOpen311(
      'requests',
      await open311Requests(database, parseOpen311Query(query, new Date()), open311Site(app)),
      format,
    );
  }
  const id = serviceRequestId ?? '';
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) {
    throw new Open311Error('invalid', ['The service request id must be a positive whole number.']);
  }
  return renderOpen311('requests', await open311Request(database, Number(id), open311Site(app)), format);
}

/**
 * One Open311 operation's answer in the asked format; a refusal is GeoReport's error list, each
 * error with the status its code answers (GeoReport puts the HTTP status beside the description).
 */
export async function open311Answer(app: App, input: Open311Input): Promise<{ refused?: ErrorCode; body: string }> {
  try {
    return { body: await open311Body(app, input) };
  } catch (err) {
    if (!(err instanceof Open311Error)) throw err;
    const list = err.descriptions.map((description) => ({ code: ERROR_STATUS[err.code], description }));
    return { refused: err.code, body: renderOpen311('errors', list, input.format) };
  }
}
