// Open311 GeoReport v2 (read): the public proposals as service requests, their query and their
// JSON and XML forms. XML is written by fast-xml-parser's builder (which escapes every text), never
// by joining strings with user text.
import { sql, type SQL } from 'drizzle-orm';
import {
  clockIn,
  type ErrorCode,
  mediaUrl,
  OPEN311_BASE,
  OPEN311_FORMATS,
  OPEN311_MAX_DAYS,
  OPEN311_MAX_REQUESTS,
  OPEN311_SERVICE_CODE,
  PROPOSAL_STATUSES,
  type Open311Errors,
  type Open311Format,
  type Open311Request,
  type ProposalStatus,
} from '@linz/contract';
import { XMLBuilder } from 'fast-xml-parser';
import type { Database } from '../../db/client.js';
import { DomainError } from '../errors.js';
import { NOT_XML } from './feeds.js';
import { proposalIsPublic, visiblePhoto } from '../moderation/visibility.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SERVICE_NAME = 'Vorschlag';
/** The date the GeoReport mapping below last changed (discovery's `changeset`). */
const CHANGESET = new Date('2026-11-23T00:00:00Z');

/** Where the requests are published: the site's address, the agency (the city's open-data publisher), its time zone. */
export type Open311Site = {
  publicUrl: string;
  agency: string;
  timeZone: string;
  /** The site's and the city's names, and the votes that send a proposal to the mayor's office. */
  product: string;
  city: string;
  threshold: number;
};

/** The city's five states on GeoReport's two: what the city still works on is open. */
export const OPEN311_STATUS: Record<ProposalStatus, 'open' | 'closed'> = {
  open: 'open',
  in_review: 'open',
  planned: 'open',
  declined: 'closed',
  done: 'closed',
};

/** An instant as ISO 8601 with the city's offset (GeoReport's examples carry one, e.g. +01:00). */
export function isoWithOffset(at: Date, timeZone: string): string {
  const c = clockIn(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${c.year}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}:${two(c.second)}${c.offset}`;
}

/** Open311 parameters that cannot be read, or a service request that is not public: GeoReport's
 * error list names each description (rest/open311.ts adds the status GeoReport puts beside it). */
export class Open311Error extends DomainError {
  readonly code: ErrorCode;
  constructor(
    kind: 'invalid' | 'not-found',
    readonly descriptions: string[],
  ) {
    super(descriptions.join(' '));
    this.code = kind === 'invalid' ? 'INVALID_INPUT' : 'NOT_FOUND';
  }
}

export type Open311Query = { ids: number[] } | { from: Date; to: Date; statuses: ('open' | 'closed')[] };

/** A date or a date-time with an offset (or Z); a bare date is midnight UTC. */
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;
function parseDate(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !DATE.test(value)) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** Reads `requests`'s query; every parameter that cannot be read is named in one refusal. */
export function parseOpen311Query(query: Record<string, unknown>, now: Date): Open311Query {
  const bad: string[] = [];
  const one = (name: string) => {
    const v = query[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') return void bad.push(`${name} may be given once.`);
    return v;
  };
  const code = one('service_code');
  if (code !== undefined && code !== OPEN311_SERVICE_CODE) bad.push(`service_code must be ${OPEN311_SERVICE_CODE}.`);
  one('jurisdiction_id');

  const idList = one('service_request_id');
  let ids: number[] | undefined;
  if (idList !== undefined) {
    const parts = idList.split(',').map((s) => s.trim());
    if (parts.length > OPEN311_MAX_REQUESTS) bad.push(`service_request_id names at most ${OPEN311_MAX_REQUESTS} ids.`);
    else if (!parts.every((p) => /^[1-9]\d{0,9}$/.test(p) && Number(p) <= 2_147_483_647)) {
      bad.push('service_request_id must be a comma-separated list of ids.');
    } else ids = [...new Set(parts.map(Number))];
  }

  const status = one('status');
  let statuses: ('open' | 'closed')[] = ['open', 'closed'];
  if (status !== undefined) {
    const parts = status.split(',').map((s) => s.trim());
    if (parts.every((s): s is 'open' | 'closed' => s === 'open' || s === 'closed')) statuses = parts;
    else bad.push('status must be open, closed or open,closed.');
  }

  const [startText, endText] = [one('start_date'), one('end_date')];
  const start = startText === undefined ? undefined : parseDate(startText);
  const end = endText === undefined ? undefined : parseDate(endText);
  if (startText !== undefined && !start) bad.push('start_date must be an ISO 8601 date or date-time with an offset.');
  if (endText !== undefined && !end) bad.push('end_date must be an ISO 8601 date or date-time with an offset.');
  const span = OPEN311_MAX_DAYS * DAY_MS;
  const to = end ?? (start ? new Date(start.getTime() + span) : now);
  const from = start ?? new Date(to.getTime() - span);
  if (start && end && start > end) bad.push('start_date must not be after end_date.');
  else if (to.getTime() - from.getTime() > span)
    bad.push(`start_date and end_date may be at most ${OPEN311_MAX_DAYS} days apart.`);

  if (bad.length > 0) throw new Open311Error('invalid', bad);
  // GeoReport: a list of ids overrides every other argument.
  return ids ? { ids } : { from, to, statuses };
}

type Row = {
  id: number;
  name: string;
  status: ProposalStatus;
  answer_de: string | null;
  created_at: Date | string;
  answered_at: Date | string | null;
  monument: string;
  lat: number;
  lng: number;
  photo_hash: string | null;
};

function toRequest(r: Row, site: Open311Site): Open311Request {
  const created = new Date(r.created_at);
  const answered = r.answered_at === null ? null : new Date(r.answered_at);
  return {
    service_request_id: String(r.id),
    status: OPEN311_STATUS[r.status],
    status_notes: r.answer_de,
    service_name: SERVICE_NAME,
    service_code: OPEN311_SERVICE_CODE,
    description: r.name,
    agency_responsible: site.agency,
    requested_datetime: isoWithOffset(created, site.timeZone),
    // The city's answer is the only change a request sees after it was made.
    updated_datetime: isoWithOffset(answered && answered > created ? answered : created, site.timeZone),
    address: r.monument,
    lat: Number(r.lat),
    long: Number(r.lng),
    // GeoReport's one picture of a request: the proposal's approved picture.
    ...(r.photo_hash ? { media_url: `${site.publicUrl}${mediaUrl(r.photo_hash)}` } : {}),
  };
}

const select = sql`
  SELECT i.id, i.name, i.status, coalesce(i.answer_de, i.answer_en) AS answer_de, i.created_at, i.answered_at, m.name AS monument, m.lat, m.lng,
    (SELECT p.hash FROM photos p WHERE p.proposal_id = i.id AND ${visiblePhoto('p', 'm', 'i', null)}
     ORDER BY p.created_at, p.id LIMIT 1) AS photo_hash
  FROM proposals i JOIN monuments m ON m.id = i.monument_id
  WHERE ${proposalIsPublic('i', 'm')}`;

/** The public proposals a query selects, newest first, at most 1,000. */
export async function open311Requests(database: Database, q: Open311Query, site: Open311Site): Promise<Open311Request[]> {
  let where: SQL;
  if ('ids' in q) {
    where = sql`i.id IN (${sql.join(
      q.ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  } else {
    where = sql`i.created_at >= ${q.from.toISOString()}::timestamptz AND i.created_at <= ${q.to.toISOString()}::timestamptz`;
    const closedStates = PROPOSAL_STATUSES.filter((s) => OPEN311_STATUS[s] === 'closed');
    // Constants of the contract, not user input.
    const closed = sql.raw(`i.status IN (${closedStates.map((s) => `'${s}'`).join(', ')})`);
    if (!q.statuses.includes('open')) where = sql`${where} AND ${closed}`;
    if (!q.statuses.includes('closed')) where = sql`${where} AND NOT ${closed}`;
  }
  const rows = await database.rows<Row>(
    sql`${select} AND ${where} ORDER BY i.created_at DESC, i.id DESC LIMIT ${OPEN311_MAX_REQUESTS}`,
  );
  return rows.map((r) => toRequest(r, site));
}

/** One public proposal, or Open311Error('not-found'). */
export async function open311Request(database: Database, id: number, site: Open311Site): Promise<Open311Request[]> {
  const found = await open311Requests(database, { ids: [id] }, site);
  if (found.length === 0) throw new Open311Error('not-found', [`No public service request ${id}.`]);
  return found;
}

export function open311Discovery({ publicUrl, agency, timeZone }: Open311Site) {
  const changeset = isoWithOffset(CHANGESET, timeZone);
  return {
    changeset,
    contact: `${agency}, ${publicUrl}/about`,
    key_service: 'Read only: no API key is needed.',
    endpoints: [
      {
        specification: 'http://wiki.open311.org/GeoReport_v2',
        url: `${publicUrl}${OPEN311_BASE}`,
        changeset,
        type: 'production' as const,
        formats: Object.values(OPEN311_FORMATS),
      },
    ],
  };
}

export const open311Services = (site: Open311Site) => [
  {
    service_code: OPEN311_SERVICE_CODE,
    service_name: SERVICE_NAME,
    description:
      `Vorschläge von Bürgerinnen und Bürgern, was an einem Denkmal in ${site.city} (zusätzlich) stehen soll; ` +
      `ab ${site.threshold} Stimmen geht ein Vorschlag an das Büro des Bürgermeisters.`,
    metadata: false,
    type: 'realtime' as const,
    keywords: 'Denkmal, Erinnerung, Frauen, Vorschlag',
    group: site.product,
  },
];

const builder = new XMLBuilder({ format: true, ignoreAttributes: true, suppressEmptyNode: false });

/** XML 1.0 cannot carry some characters at all: they are dropped (the builder escapes the rest). */
const clean = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(NOT_XML, '');
  if (value === null) return '';
  if (Array.isArray(value)) return value.map(clean);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v)]));
  return value;
};

/** GeoReport's XML: a root element, one child element per list item, the JSON's fields as elements. */
const XML_SHAPES = {
  discovery: (d: ReturnType<typeof open311Discovery>) => ({
    discovery: { ...d, endpoints: { endpoint: d.endpoints.map((e) => ({ ...e, formats: { format: e.formats } })) } },
  }),
  services: (list: unknown[]) => ({ services: { service: list } }),
  requests: (list: unknown[]) => ({ service_requests: { request: list } }),
  errors: (list: Open311Errors) => ({ errors: { error: list } }),
};

export type Open311Kind = keyof typeof XML_SHAPES;

/** The body of an answer in the asked format. */
export function renderOpen311<K extends Open311Kind>(
  kind: K,
  value: Parameters<(typeof XML_SHAPES)[K]>[0],
  format: Open311Format,
): string {
  if (format === 'json') return JSON.stringify(value);
  const shape = (XML_SHAPES[kind] as (v: typeof value) => unknown)(value);
  return `<?xml version="1.0" encoding="utf-8"?>\n${String(builder.build(clean(shape)))}`;
}
