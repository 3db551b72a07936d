// The contract's answer shapes, as the browser checks them (types come from the contract, so a
// field added there fails to compile here until it is checked).
import type {
  ClientConfig,
  ErrorBody,
  Intervention,
  MapCluster,
  MapTile,
  InterventionPage,
  MonumentPage,
  Monument,
  MonumentDetail,
  MonumentIntervention,
  Namesake,
  Placement,
  AwaitingAnswer,
  ProposalAnswer,
  ProposalStatus,
  StatusEntry,
  VoteAnswer,
} from '@linz/contract';
import { DEFAULT_TILES, PROPOSAL_STATUSES } from '@linz/contract/facts';
import { FALLBACK_TILES } from '../map/tiles';
import { arrayOf, isBoolean, isInteger, isNumber, isRecord, isString, nullable, optional, shape, type Check } from './checks';

const isNamesake = shape<Namesake>({
  name: isString,
  born: optional(isString),
  died: optional(isString),
  profession: optional(isString),
  wikidata: arrayOf(isString),
  registerId: optional(isString),
  registerUrl: optional(isString),
});

const isPlacement = shape<Placement>({
  by: (v: unknown): v is Placement['by'] => v === 'sources' || v === 'citizens',
  dataset: optional(isString),
  url: optional(isString),
  recordId: optional(isString),
  locationText: optional(isString),
  check: optional(isString),
  weak: isBoolean,
  licence: optional(isString),
  attribution: optional(isString),
  suggestions: optional(isInteger),
  confirmedAt: optional(isString),
});

export const isMonument = shape<Monument>({
  id: isString,
  name: isString,
  name_en: optional(isString),
  geoLocX: isNumber,
  geoLocY: isNumber,
  category: isString,
  sex: isString,
  validated: isBoolean,
  shortDescription: isString,
  shortDescription_en: isString,
  image: isString,
  alternatives: arrayOf(isString),
  proposals: (v: unknown): v is number => isInteger(v) && v >= 0,
  namesake: optional(isNamesake),
  placedBy: optional((v: unknown): v is 'citizens' => v === 'citizens'),
});

/** A spec server's monument has no `proposals` count: taken as none known. */
export const withMonumentDefaults = (v: unknown): unknown => (isRecord(v) ? { proposals: 0, ...v } : v);

/** One monument for its view: with its sources (null when an older server does not say). */
export const isMonumentDetail = (v: unknown): v is MonumentDetail =>
  isRecord(v) && nullable(isString)(v.source) && nullable(isPlacement)(v.placement) && isMonument(v);
export const withMonumentDetailDefaults = (v: unknown): unknown =>
  isRecord(v) ? withMonumentDefaults({ source: null, placement: null, ...v }) : v;

const isVotes = (v: unknown): v is number => isInteger(v) && v >= 0;
const isStatus = (v: unknown): v is ProposalStatus => (PROPOSAL_STATUSES as readonly unknown[]).includes(v);
const isAnswer = shape<ProposalAnswer>({ de: nullable(isString), en: nullable(isString), answeredAt: isString });
const isHistory = arrayOf(shape<StatusEntry>({ status: isStatus, at: isString, note: nullable(isString) }));

/** The fields added to the spec's proposal may be missing (the spec's plain answers, older servers):
 *  such a proposal is open, unanswered and not (yet) sent to the mayor. */
export const withProposalDefaults = (v: unknown): unknown =>
  isRecord(v)
    ? {
        ...v,
        confirmedVotes: v.confirmedVotes ?? 0,
        mayorNotifiedAt: v.mayorNotifiedAt ?? null,
        mayorReview: v.mayorReview ?? false,
        status: v.status ?? 'open',
        answer: v.answer ?? null,
        history: v.history ?? [],
      }
    : v;

/** What a proposal's answer holds wherever it is listed under its monument. */
const monumentInterventionChecks: { [K in keyof MonumentIntervention]-?: Check<MonumentIntervention[K]> } = {
  id: isInteger,
  name: isString,
  votes: isVotes,
  confirmedVotes: isVotes,
  mayorNotifiedAt: nullable(isString),
  mayorReview: isBoolean,
  status: isStatus,
  answer: nullable(isAnswer),
  history: isHistory,
};

export const isIntervention = shape<Intervention>({
  ...monumentInterventionChecks,
  monumentId: isString,
  emoji: isString,
  shortDescription_en: optional(isString),
});

export const isMonumentIntervention = shape<MonumentIntervention>(monumentInterventionChecks);

export const isAwaitingAnswer = shape<AwaitingAnswer>({
  id: isInteger,
  name: isString,
  monumentId: isString,
  monumentName: isString,
  votes: isVotes,
  reachedAt: isString,
  daysWaiting: isVotes,
});

export const isVoteAnswer = shape<VoteAnswer>({
  newVoteCount: (v): v is number => isInteger(v) && v > 0,
  mayor: optional((v): v is 'mailed' | 'checked' => v === 'mailed' || v === 'checked'),
});
const isCorner = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every(isNumber);
export const isClientConfig = shape<ClientConfig>({
  tileUrl: isString,
  tileAttribution: shape<ClientConfig['tileAttribution']>({ de: isString, en: isString }),
  tileBounds: (v): v is ClientConfig['tileBounds'] => Array.isArray(v) && v.length === 2 && v.every(isCorner),
  minZoom: isInteger,
  maxZoom: isInteger,
  staffOidc: isBoolean,
  cityArea: shape<ClientConfig['cityArea']>({
    south: isNumber,
    west: isNumber,
    north: isNumber,
    east: isNumber,
    polygons: (v): v is ClientConfig['cityArea']['polygons'] => Array.isArray(v) && v.flat(2).every(isCorner),
  }),
  city: shape<ClientConfig['city']>({
    name: shape<ClientConfig['city']['name']>({ de: isString, en: isString }),
    productName: isString,
    view: shape<ClientConfig['city']['view']>({ lat: isNumber, lng: isNumber, zoom: isInteger }),
    voteThreshold: isInteger,
    sources: (v): v is ClientConfig['city']['sources'] => Array.isArray(v),
    streetSource: (v): v is ClientConfig['city']['streetSource'] => v === null || isRecord(v),
  }),
  thresholdCounts: (v): v is ClientConfig['thresholdCounts'] => v === 'votes' || v === 'confirmed',
});
/** An older server names only the tiles and their attribution (one text for both languages): the
 * map keeps its default area and zooms. */
export const withClientConfigDefaults = (v: unknown): unknown =>
  isRecord(v)
    ? {
        tileBounds: DEFAULT_TILES.tileBounds,
        minZoom: DEFAULT_TILES.minZoom,
        maxZoom: DEFAULT_TILES.maxZoom,
        thresholdCounts: 'votes',
        cityArea: FALLBACK_TILES.cityArea,
        city: FALLBACK_TILES.city,
        ...v,
        ...(isString(v.tileAttribution) ? { tileAttribution: { de: v.tileAttribution, en: v.tileAttribution } } : {}),
      }
    : v;
export const isErrorBody = shape<Pick<ErrorBody, 'message'>>({ message: isString });

const isMapCluster = shape<MapCluster>({
  id: isString,
  lat: isNumber,
  lng: isNumber,
  count: isInteger,
  unreviewed: isInteger,
  expansionZoom: isInteger,
  bounds: (v): v is MapCluster['bounds'] => Array.isArray(v) && v.length === 4 && v.every(isNumber),
});
export const isMapTile = shape<MapTile>({
  z: isInteger,
  x: isInteger,
  y: isInteger,
  clusters: arrayOf(isMapCluster),
  monuments: arrayOf(isMonument),
});

export const isMonumentPage = shape<MonumentPage>({
  items: arrayOf(isMonument),
  nextCursor: nullable(isString),
  total: isInteger,
  categories: arrayOf(isString),
});

type PagedIntervention = InterventionPage['items'][number];
export const isInterventionPage = shape<InterventionPage>({
  items: arrayOf((v: unknown): v is PagedIntervention => isRecord(v) && isMonument(v.monument) && isIntervention(v)),
  nextCursor: nullable(isString),
  total: isInteger,
});
