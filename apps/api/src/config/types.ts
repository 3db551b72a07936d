// What a Config holds: its type, the tile presets and the address prefixes. Only config.ts reads
// the environment and fills one in (its DEFAULTS are what a city never sets).
import type { SiteProfile, ThresholdCounts } from '@linz/contract';
import { TILE_ATTRIBUTIONS } from '@linz/contract/facts';
import type { City } from '../city/profile.js';

/** Tile upstreams a city can name instead of a URL template; {y} before {x} is basemap.at's order. */
export const TILE_PRESETS = {
  basemap: {
    url: 'https://mapsneu.wien.gv.at/basemap/geolandbasemap/normal/google3857/{z}/{y}/{x}.png',
    attribution: TILE_ATTRIBUTIONS.basemap,
  },
  osm: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: TILE_ATTRIBUTIONS.osm },
} as const;

/**
 * How addresses are grouped, named once. A connection (limits per address: requests,
 * creates, votes per proposal) is an IPv4 address or an IPv6 /64, the least an ISP hands out; a
 * network (the vote review's limits, bursts and threshold networks, and reports) is an IPv4 /24 or
 * an IPv6 /56, what an ISP hands one home (RIPE-690), so ten /64s of one household are one network.
 */
export const ADDRESS_PREFIXES = {
  connection: { v4: 32, v6: 64 },
  network: { v4: 24, v6: 56 },
  /** A household's writes: an IPv4 address (one home's NAT), an IPv6 /56. */
  household: { v4: 32, v6: 56 },
  /**
   * A wider network: an IPv4 /24, an IPv6 /48 (what a tunnel broker or hoster hands one customer
   * free, 256 /56s). The mayor's mail waits when its votes come from few of them; writes are
   * limited per area too (at AREA_WRITES_FACTOR times a household's).
   */
  area: { v4: 24, v6: 48 },
} as const;

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL cancels any statement of the API's running longer (0: never); migrations are exempt. */
  databaseStatementTimeoutMs: number;
  cookieSecret: string | undefined;
  /** false, a hop count (as a function) or trusted proxy addresses/CIDRs, as Fastify's trustProxy takes them. */
  trustProxy: false | string | ((address: string, hop: number) => boolean);
  logLevel: string;
  publicUrl: string;
  /** The map's tiles: fetched from `upstream` by the server (http/tiles.ts), served at TILE_PATH. */
  tiles: {
    /** URL template with {z}, {x}, {y}. */
    upstream: string;
    /** HTML, per language: a preset's (TILE_ATTRIBUTIONS), or the city's TILE_ATTRIBUTION in both. */
    attribution: { de: string; en: string };
    /** South-west and north-east corners: only tiles touching them are fetched. */
    bounds: [[number, number], [number, number]];
    minZoom: number;
    maxZoom: number;
    /** The disk cache's cap; the least recently used tiles go first (0: no cap). */
    cacheMaxBytes: number;
  };
  webDist: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mayorEmail: string;
  /** How often the mail sender looks for due notifications (a vote on this instance also wakes it). */
  mailPollSeconds: number;
  /** How long a claimed notification stays claimed; a crashed sender's claim is taken over after it. */
  mailLeaseSeconds: number;
  /** How long temporary mail failures are retried before the notification is marked failed. */
  mailRetryDays: number;
  /** Followers' mails attempted per minute at most, sent in batches. */
  mailPerMinute: number;
  /** votesPerIpPerProposal (a day) and votesPerNetworkHour: further votes are held for staff. */
  limits: {
    requestsPerMinute: number;
    createsPer5Minutes: number;
    votesPerIpPerProposal: number;
    votesPerNetworkHour: number;
    /** Photo uploads per browser (voter cookie) and per connection in 24 hours; staff are not counted. */
    photosPerBrowserPerDay: number;
    photosPerNetworkPerDay: number;
    /** Visitor photos one network may have waiting for review at once (identity.ts networkOf). */
    photosPendingPerNetwork: number;
    /** Tiles fetched from the upstream for one network (identity.ts networkOf), and for everyone, per minute (a burst of a minute's worth). */
    tileFetchesPerNetworkMinute: number;
    tileFetchesPerMinute: number;
  };
  /**
   * Load shedding: 503 when the event loop lags this much, or an answer takes this long. A body must
   * arrive within its deadline (a photo upload's is longer); an answer to a request whose body did
   * not arrive closes the connection. One address holds at most so many sockets, one client so many
   * requests at once, one tRPC batch so many calls (http/connections.ts).
   */
  pressure: {
    maxEventLoopDelayMs: number;
    requestDeadlineMs: number;
    bodyDeadlineMs: number;
    uploadBodyDeadlineMs: number;
    connectionsPerAddress: number;
    requestsInFlightPerClient: number;
    trpcBatchMax: number;
  };
  /** Strict-Transport-Security on answers that came over HTTPS (directly or via a trusted proxy). */
  hsts: boolean;
  /** Open reports from this many different browsers and as many different networks (ADDRESS_PREFIXES) hide an item until staff decide. */
  reportHideThreshold: number;
  /** The mayor's mail waits for staff when the threshold's votes came within this many seconds (0: never). */
  thresholdQuickSeconds: number;
  /** After a write, how long a dashboard read waits for the new figures before it answers the last ones. */
  statsFreshWaitMs: number;
  /** Address hashes (votes, proposals, monuments) are blanked by the daily retention job after this many days. */
  retentionDays: number;
  /** On SIGTERM/SIGINT: /readyz answers 503 for this long, while requests are still served, before the server closes. */
  shutdownDrainMs: number;
  /** /metrics: with a token on the main port (bearer), and/or on a port of its own bound to 127.0.0.1; off without either. */
  metrics: { token: string | undefined; port: number | undefined };
  /** Staff sign-in with the city's accounts (OpenID Connect); undefined when off. */
  oidc: OidcConfig | undefined;
  /** How long a repeat with an Idempotency-Key waits for the first request's answer before 409. */
  idempotencyWaitMs: number;
  /** Votes arriving together are cast in one cast_votes call of at most this many (1: each alone). */
  ballotBatch: number;
  /** Such calls in the database at once on PostgreSQL (PGlite runs one query at a time: always 1). */
  ballotsInFlight: number;
  /** A vote still queued when its request was answered (the deadline's 503) is not cast. */
  withdrawAnsweredVotes: boolean;
  /** The public lists are served from memory, dropped on writes (and, on PostgreSQL, by the other instances' NOTIFY); off: every read runs its query. */
  readCache: boolean;
  /** What the mayor's threshold counts, how many networks its votes need, and when one network's votes are a burst. */
  votes: { counts: ThresholdCounts; minNetworks: number; burst: number };
  /** Who runs this site (Impressum, accessibility statement, privacy page): the SITE_PROFILE file (else the city's), validated. */
  site: SiteProfile;
  /** The city (CITY): its name, boundary, view, time zone, threshold, seed files (city/profile.ts). */
  city: City;
  /**
   * post: new proposals and monuments are public at once (unless the word screen holds them);
   * pre: others see them only once staff approve (docs/screening.md).
   */
  moderation: 'post' | 'pre';
};

export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back: PUBLIC_URL + the fixed callback path. */
  redirectUri: string;
  /** Staff are those whose ID token's `claim` is (or, as a list, contains) `value`… */
  staffClaim: { claim: string; value: string } | undefined;
  /** …and/or whose verified e-mail address is in one of these domains (lower case). Both set: both must hold. */
  allowedDomains: string[] | undefined;
};
