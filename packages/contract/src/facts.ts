// Facts shared by the API and the web app that need no validation library, so the browser can
// import them without pulling zod into its first load (`@linz/contract/facts`).

/** The paths of the web app's pages; any other non-API path is the app's not-found page (HTTP 404). */
export const APP_PATHS = {
  home: '/',
  about: '/about',
  add: '/add',
  proposals: '/interventions',
  admin: '/admin',
  /** The list of monuments: the map's accessible alternative, with the same filters. */
  monuments: '/monuments',
  /** A monument's own view: what it is, and every proposal in full (`?proposal=<id>` selects one). */
  monument: '/monuments/:monumentId',
  /** The representation dashboard. */
  stats: '/stats',
  /** "Wo ist das?": the commemorations without a place, where citizens suggest one. */
  whereIsIt: '/where-is-it',
  /** "Meine Beteiligung": what this browser proposed, voted for and follows. */
  mine: '/mine',
  /** The confirmation link of a follow mail leads here; its button confirms (a GET never does). */
  followConfirm: '/follow/confirm',
  /** The unsubscribe link of a follower mail leads here; its button unsubscribes. */
  followUnsubscribe: '/follow/unsubscribe',
  /** The link of a vote's confirmation mail leads here; its button confirms (a GET never does). */
  voteConfirm: '/votes/confirm',
  /** Impressum / Offenlegung (§ 5 ECG, § 25 MedienG). */
  impressum: '/impressum',
  /** The accessibility statement (EU 2018/1523) and its feedback form. */
  accessibility: '/barrierefreiheit',
  /** The privacy page (Art. 13 GDPR). */
  privacy: '/datenschutz',
} as const;

/** Prefixes of the server's API; everything else is the web app. */
export const API_PREFIXES = ['/api/', '/trpc/'] as const;
export const isApiPath = (url: string): boolean => API_PREFIXES.some((p) => url.startsWith(p) || url === p.slice(0, -1));

/** The REST paths of the product spec. */
export const PATHS = {
  listMonuments: '/api/monuments',
  addMonument: '/api/add-monument',
  allProposals: '/api/interventions/all',
  awaitingAnswer: '/api/interventions/awaiting-answer',
  monumentProposals: '/api/interventions/:monumentId',
  createProposal: '/api/interventions/:monumentId',
  castVote: '/api/interventions/:proposalId/vote',
  clientConfig: '/api/config',
  monument: '/api/monuments/:monumentId',
  reportMonument: '/api/monuments/:monumentId/reports',
  unplaced: '/api/unplaced',
  suggestPlace: '/api/unplaced/:monumentId/suggestions',
  staffPlaces: '/api/staff/places',
  reportProposal: '/api/interventions/:proposalId/reports',
  staffAnswer: '/api/staff/interventions/:proposalId/answer',
  staffApproveProposal: '/api/staff/interventions/:proposalId/approve',
  staffApproveMonument: '/api/staff/monuments/:monumentId/approve',
  staffQueue: '/api/staff/queue',
  staffAudit: '/api/staff/audit',
  staffAuditCsv: '/api/staff/audit.csv',
  staffOutbox: '/api/staff/outbox',
  staffRetryMail: '/api/staff/outbox/:notificationId/retry',
  /** Staff sign-in with the city's accounts (OpenID Connect): the browser starts here… */
  oidcStart: '/api/oidc/start',
  /** …and the city's identity provider sends it back here (the redirect URI to register there). */
  oidcCallback: '/api/oidc/callback',
  stats: '/api/stats',
  /** The dashboard's Open Graph image (PNG) with the headline share. */
  statsImage: '/api/stats/og.png',
  /** A proposal's Open Graph image (PNG): its name, monument and votes. */
  proposalImage: '/api/interventions/:proposalId/og.png',
  monumentsGeojson: '/api/monuments.geojson',
  monumentsCsv: '/api/monuments.csv',
  proposalsCsv: '/api/interventions.csv',
  feedProposals: '/api/feeds/interventions.atom',
  feedAnswers: '/api/feeds/answers.atom',
  /** The open data's DCAT-AP catalogue (JSON-LD), as data.gv.at harvests it. */
  openDataCatalog: '/api/open-data/catalog.jsonld',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
  follow: '/api/interventions/:proposalId/follow',
  followConfirm: '/api/follow/confirm',
  followUnsubscribe: '/api/follow/unsubscribe',
  watch: '/api/interventions/:proposalId/watch',
  unwatch: '/api/interventions/:proposalId/unwatch',
  mine: '/api/mine',
  /** Photos: uploads as multipart/form-data, answered 202 pending. */
  uploadMonumentPhoto: '/api/monuments/:monumentId/photos',
  uploadProposalPhoto: '/api/interventions/:proposalId/photos',
  photo: '/api/photos/:photoId',
  /** Every public photo (approved, of public monuments and proposals). */
  photos: '/api/photos',
  /** A monument's photos and its proposals' pictures as this browser may see them (its own pending ones too). */
  monumentPhotos: '/api/monuments/:monumentId/photos',
  staffPhotos: '/api/staff/photos',
  staffApprovePhoto: '/api/staff/photos/:photoId/approve',
  staffRejectPhoto: '/api/staff/photos/:photoId/reject',
  staffRotatePhoto: '/api/staff/photos/:photoId/rotate',
  staffDeletePhoto: '/api/staff/photos/:photoId',
  /** The map's data for one slippy-map tile: clusters and single monuments. */
  mapTile: '/api/map/:z/:x/:y.json',
  /** The monument list, a page at a time, searched and filtered on the server. */
  monumentsPage: '/api/monuments/page',
  /** The proposal list, a page at a time, searched and filtered on the server. */
  proposalsPage: '/api/interventions/page',
  /** A browser that voted asks for its vote's confirmation mail… */
  confirmVote: '/api/interventions/:proposalId/vote/confirm',
  /** …and the mail's page confirms it here. */
  votesConfirm: '/api/votes/confirm',
  staffVoteReview: '/api/staff/interventions/:proposalId/votes',
  staffVotePreview: '/api/staff/interventions/:proposalId/votes/preview',
  staffVoteDecide: '/api/staff/interventions/:proposalId/votes/decide',
  staffVoteAlerts: '/api/staff/vote-alerts',
  staffReleaseMail: '/api/staff/mails/:notificationId/release',
  /** The site profile (who runs it) and the retention facts, for the legal pages. */
  site: '/api/site',
  accessibilityFeedback: '/api/accessibility-feedback',
  staffAccessibilityFeedback: '/api/staff/accessibility-feedback',
} as const;

/** Map data tiles (`PATHS.mapTile`) exist for zooms 0 to this. */
export const MAP_TILE_MAX_ZOOM = 20;

/** Monuments are clustered up to this zoom; from the next one on each monument is its own (tiles answer no cluster). */
export const MAP_CLUSTER_MAX_ZOOM = 17;

/**
 * Monuments whose markers would stand closer than this on screen (pixels of 256-pixel tiles) join
 * a cluster: a marker is 42 px wide, a cluster 56 px, so a finger can pick what it taps.
 */
export const MAP_CLUSTER_RADIUS_PX = 60;

/** `Cache-Control` of a map data tile: a browser revalidates each time (ETag, 304), a shared cache
 * (a CDN) may answer for 30 s and, while it asks the server again or the server is away (a
 * deploy), answer the older tile a while longer. */
export const MAP_TILE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60, stale-if-error=86400';

/** Items in one page of a list (`limit`): the default, and the most one page holds. */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;

/**
 * Characters that draw nothing: formatting characters (\p{Cf}: zero-width spaces and joiners, RLM,
 * ALM, soft hyphen), the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0, letters without ink) and
 * the blank Braille pattern U+2800.
 */
const DRAWS_NOTHING = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu;
/** A name shows: it has a visible letter or digit (an "empty" name of fillers shows as nothing in lists and feeds). */
export const hasVisibleLetterOrDigit = (s: string): boolean => /[\p{L}\p{N}]/u.test(s.replace(DRAWS_NOTHING, ''));

/** Longest name of a monument or a proposal. */
export const NAME_MAX = 120;
/** The shortest text a redaction of the audit log removes: a letter or two would take words apart all over it. */
export const REDACT_MIN = 3;

/** How long a staff member's sign-in lasts: the session's row and its cookie alike. */
export const STAFF_SESSION_HOURS = 12;

/**
 * Every cookie the server sets, by what it is for: its name and how long a browser keeps it. The
 * server sets them by these names and lifetimes, and the privacy page lists them from here.
 * deploy/nginx/denkmal.conf reads two by name (`$cookie_staff_session`, `$cookie_denkmal_wrote`).
 */
export const COOKIES = {
  /** A random id, signed: one vote per browser and proposal, and what /mine finds again. */
  voter: { name: 'voter', seconds: 365 * 24 * 3600 },
  /** After a successful write: its author's next reads bypass nginx's cache (http/own-writes.ts). */
  authorMark: { name: 'denkmal_wrote', seconds: 2 },
  /** A staff member's session, after sign-in. */
  staffSession: { name: 'staff_session', seconds: STAFF_SESSION_HOURS * 3600 },
  /** The staff sign-in with the city's accounts, between leaving for the provider and coming back. */
  staffSignIn: { name: 'oidc_tx', seconds: 600 },
} as const;
export type CookieUse = keyof typeof COOKIES;

/** Votes at which the mayor's office gets the e-mail. */
export const MAYOR_THRESHOLD = 10;

/** A proposal's official state, set by the city's staff; `open` until they answer. */
export const PROPOSAL_STATUSES = ['open', 'in_review', 'planned', 'declined', 'done'] as const;
/** The city decided: voting has ended (db/functions/votes.sql answers a vote with 409; popup and view offer none). */
export const VOTING_CLOSED_STATUSES: readonly string[] = ['declined', 'done'];
export type ProposalStatusName = (typeof PROPOSAL_STATUSES)[number];

/** Who a monument commemorates: `none` is no person, `unspecified` not known yet. */
export const SEXES = ['female', 'male', 'mixed', 'none', 'unspecified'] as const;
export type Sex = (typeof SEXES)[number];

/**
 * The one list of monument categories: staff choose from it, the filters and figures
 * label it. `undetermined` is a visitor's monument that staff have not placed yet. A city adds a
 * category in its site profile (`categories`), never by typing one while editing.
 */
export const MONUMENT_CATEGORIES = [
  'statue',
  'bust',
  'plaque',
  'column',
  'memorial',
  'fountain',
  'street',
  'other',
  'undetermined',
] as const;
export type MonumentCategory = (typeof MONUMENT_CATEGORIES)[number];

/** A new monument whose folded name matches one this close (metres) is refused as a duplicate. */
export const DUPLICATE_RADIUS_M = 50;

/** A ring of [longitude, latitude] positions (GeoJSON order), first and last the same. */
export type Ring = [number, number][];

/**
 * The city's area, which new and moved monuments must lie in: its boundary's polygons (GeoJSON
 * MultiPolygon coordinates: each polygon an outer ring and its holes) and their bounding box.
 */
export type CityArea = { south: number; west: number; north: number; east: number; polygons: Ring[][] };

/** Whether a point lies inside a ring (even-odd rule; a point exactly on an edge may go either way). */
function inRing(ring: Ring, lat: number, lng: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the city: within its box and inside one of its polygons (not in that polygon's holes). */
export const insideArea = (area: CityArea, lat: number, lng: number): boolean =>
  lat >= area.south &&
  lat <= area.north &&
  lng >= area.west &&
  lng <= area.east &&
  area.polygons.some(
    ([outer, ...holes]) => outer !== undefined && inRing(outer, lat, lng) && !holes.some((h) => inRing(h, lat, lng)),
  );

/** The area of a boundary's polygons: the polygons and their bounding box. */
export function areaOf(polygons: Ring[][]): CityArea {
  const points = polygons.flatMap((p) => p[0] ?? []);
  const lats = points.map((p) => p[1]);
  const lngs = points.map((p) => p[0]);
  return { south: Math.min(...lats), west: Math.min(...lngs), north: Math.max(...lats), east: Math.max(...lngs), polygons };
}

/** Why a citizen reports a monument or a proposal. */
export const REPORT_REASONS = ['spam', 'offensive', 'wrong', 'other'] as const;

/** Longest optional comment on a report. */
export const REPORT_COMMENT_MAX = 500;

/** Longest accessibility feedback message, and its optional page. */
export const FEEDBACK_MESSAGE_MAX = 4000;
export const FEEDBACK_PAGE_MAX = 300;

/** Longest reason for hiding an item (a canned one per language, or staff's own words). */
export const MODERATION_REASON_MAX = 200;

/** Longest statement of the city's answer, per language. */
export const STATEMENT_MAX = 2000;

/** Longest public note on a status change (one line in a timeline, a mail and a feed entry). */
export const STATUS_NOTE_MAX = 200;

/** A citizen's note with a suggested place on "Wo ist das?" (issue 54): at most this many characters. */
export const PLACE_NOTE_MAX = 500;
/** Suggested places this close to each other (metres), from this many networks, agree. */
export const AGREEMENT_RADIUS_M = 100;
export const AGREEMENT_NETWORKS = 3;

/** Where the browser loads map tiles: always our own origin (apps/api/src/http/tiles.ts fetches and
 * caches them), so no visitor's address reaches a tile server. */
export const TILE_PATH = '/tiles/{z}/{x}/{y}.png';

/** Attribution of the tile presets (TILE_UPSTREAM=basemap|osm), as their licences ask, in each of the
 * app's languages (both licences ask for the source's name, not for words in one language; the
 * German OpenStreetMap credit is the one osm.org/copyright gives). */
export const TILE_ATTRIBUTIONS = {
  basemap: {
    de: 'Datenquelle: <a href="https://www.basemap.at">basemap.at</a>',
    en: 'Data source: <a href="https://www.basemap.at">basemap.at</a>',
  },
  osm: {
    de: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-Mitwirkende',
    en: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  },
} as const;

/** The map's tiles when a city configures none: basemap.at, Austria's official basemap, whose
 * coverage (south-west, north-east corners) is also the map's bounds. */
export const DEFAULT_TILES: {
  tileUrl: string;
  tileAttribution: { de: string; en: string };
  tileBounds: [[number, number], [number, number]];
  minZoom: number;
  maxZoom: number;
} = {
  tileUrl: TILE_PATH,
  tileAttribution: TILE_ATTRIBUTIONS.basemap,
  tileBounds: [
    [46.36, 8.78],
    [49.04, 17.19],
  ],
  minZoom: 6,
  maxZoom: 19,
};

/** Fills `:name` segments of a route path, URL-encoding each value. */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A link to a place on the map: `/?lat=..&lng=..&zoom=..&monument=..&proposal=..`. `monument` opens
 * its popup; `proposal` (with `monument`) a shared proposal, shown highlighted there. Built and read
 * here only (mapLinkPath, parseMapLink): feeds link to it, old mails and shares carry it.
 */
export type MapLink = { lat?: number; lng?: number; zoom?: number; monument?: string; proposal?: number };

export function mapLinkPath(link: MapLink): string {
  const params = new URLSearchParams();
  for (const key of ['lat', 'lng', 'zoom', 'monument', 'proposal'] as const) {
    if (link[key] !== undefined) params.set(key, String(link[key]));
  }
  const query = params.toString();
  return query ? `${APP_PATHS.home}?${query}` : APP_PATHS.home;
}

/** A number from a search parameter (the router gives numbers; a typed URL may give strings). */
function numberIn(value: unknown, min: number, max: number): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && n >= min && n <= max ? n : undefined;
}

/** Reads a map link from search parameters; a field present but invalid voids the whole link. */
export function parseMapLink(search: Record<string, unknown>): MapLink {
  const lat = numberIn(search.lat, -90, 90);
  const lng = numberIn(search.lng, -180, 180);
  const zoom = numberIn(search.zoom, 1, 19);
  const { monument } = search;
  const proposal =
    typeof search.proposal === 'string' && /^[1-9]\d{0,9}$/.test(search.proposal) ? Number(search.proposal) : search.proposal;
  const invalid =
    (search.lat !== undefined && lat === undefined) ||
    (search.lng !== undefined && lng === undefined) ||
    (search.zoom !== undefined && !Number.isInteger(zoom)) ||
    (monument !== undefined && (typeof monument !== 'string' || monument.length > 64)) ||
    (proposal !== undefined &&
      !(typeof proposal === 'number' && Number.isInteger(proposal) && proposal > 0 && proposal <= 2_147_483_647));
  if (invalid) return {};
  const link: MapLink = {};
  if (lat !== undefined) link.lat = lat;
  if (lng !== undefined) link.lng = lng;
  if (zoom !== undefined) link.zoom = zoom;
  if (typeof monument === 'string') link.monument = monument;
  if (typeof proposal === 'number' && link.monument !== undefined) link.proposal = proposal;
  return link;
}

/**
 * The one builder of a link to a monument's view, with one of its proposals selected: what a
 * proposal's share button shares, its preview names as og:url, and mails about it link to (the
 * server prefixes its public URL, the browser its origin).
 */
export function monumentViewPath(monumentId: string, proposalId?: number): string {
  const path = pathOf(APP_PATHS.monument, { monumentId });
  return proposalId === undefined ? path : `${path}?proposal=${proposalId}`;
}

/**
 * The staff area opened at one proposal's answer form: the mayor's mail links here, and /admin
 * asks for the sign-in first when needed (`?answer=<id>`).
 */
export function staffAnswerPath(proposalId: number): string {
  return `${APP_PATHS.admin}?answer=${proposalId}`;
}

/** The public writes' Idempotency-Key header (idempotency.ts), lower case as Node reads it. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The photo upload paths (PATHS.uploadMonumentPhoto, PATHS.uploadProposalPhoto), the query left off. */
/** tRPC's upload procedure: a form too, read whole by tRPC, so its length is checked first. */
export const PHOTO_UPLOAD_TRPC_PATH = '/trpc/photos.upload';
export const isPhotoUploadPath = (path: string): boolean =>
  path === PHOTO_UPLOAD_TRPC_PATH || /^\/api\/(monuments|interventions)\/[^/]+\/photos$/.test(path);

/** Where a photo's WebP bytes are served: `/media/<sha256>.webp` and `/media/<sha256>-480.webp`. */
export const MEDIA_PREFIX = '/media/';
export const mediaUrl = (hash: string, thumb = false) => `${MEDIA_PREFIX}${hash}${thumb ? '-480' : ''}.webp`;

/** The photo rules, shared by the form and the server. */
export const PHOTO_RULES = {
  maxBytes: 12 * 1024 * 1024,
  maxPixels: 40_000_000,
  longSide: 1600,
  thumbSide: 480,
  altMin: 5,
  altMax: 300,
  creditMax: 80,
  /** Photos citizens may add to one monument (staff may add more) and to one proposal. */
  perMonument: 3,
  perProposal: 1,
  licence: 'CC-BY-4.0',
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
/** The most an upload request may carry: the file and a little room for the other fields and boundaries. */
export const PHOTO_UPLOAD_MAX_REQUEST_BYTES = PHOTO_RULES.maxBytes + 64 * 1024;
