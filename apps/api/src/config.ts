// The one place that reads the environment. Everything else receives a Config.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SiteProfile, THRESHOLD_COUNTS, type ThresholdCounts } from '@linz/contract';
import { DEFAULT_TILES, PATHS, TILE_ATTRIBUTIONS } from '@linz/contract/facts';
import { z } from 'zod';
import { CityProfileError, cityFolder, loadCity, type City } from './city/profile.js';

const int = (def: number) => z.coerce.number().int().nonnegative().default(def);

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

/**
 * What a city does not set: fixed by the code, changed only by tests and benches through
 * `loadConfig(env, options)`. Each is described on its field of `Config`.
 */
export const DEFAULTS = {
  databaseStatementTimeoutMs: 15_000,
  webDist: path.join(path.dirname(new URL(import.meta.url).pathname), '../../web/dist'),
  mailPollSeconds: 30,
  // Shorter leases would let a slow send be taken over and sent twice; SMTP timeouts are a quarter of it.
  mailLeaseSeconds: 600,
  mailRetryDays: 7,
  mailPerMinute: 120,
  limits: {
    requestsPerMinute: 300,
    createsPer5Minutes: 10,
    votesPerIpPerIntervention: 5,
    votesPerNetworkHour: 30,
    photosPerBrowserPerDay: 5,
    photosPerNetworkPerDay: 20,
    photosPendingPerNetwork: 5,
    // A map screen is about 20 tiles and panning across new ground a few hundred a minute; cached
    // tiles cost nothing. Beyond these, upstream fetches answer 429 (http/tiles.ts).
    tileFetchesPerNetworkMinute: 300,
    tileFetchesPerMinute: 1200,
  },
  pressure: {
    maxEventLoopDelayMs: 1000,
    requestDeadlineMs: 4000,
    bodyDeadlineMs: 10_000,
    // A 12 MB photo from a phone on a slow link.
    uploadBodyDeadlineMs: 120_000,
    // Sockets from one address (a proxy's many clients come through its own few connections).
    connectionsPerAddress: 128,
    // A map view asks for up to 40 tiles at once (HTTP/2 through nginx); a school's class shares an address.
    requestsInFlightPerClient: 64,
    // The calls one tRPC batch may hold; each counts towards the request limit.
    trpcBatchMax: 10,
  },
  hsts: true,
  reportHideThreshold: 3,
  // The mayor's mail waits for staff when the threshold's votes came within this many seconds
  // (db/functions/votes.sql reach_threshold): citizens do not all click within minutes, scripts do.
  thresholdQuickSeconds: 600,
  statsFreshWaitMs: 100,
  shutdownDrainMs: 5000,
  idempotencyWaitMs: 3000,
  // The mechanisms `pnpm bench -- --only mechanisms` measures with and without (bench/README.md).
  ballotBatch: 100,
  ballotsInFlight: 2,
  withdrawAnsweredVotes: true,
  readCache: true,
} as const;

type Fixed = {
  -readonly [K in keyof typeof DEFAULTS]: (typeof DEFAULTS)[K] extends boolean
    ? boolean
    : (typeof DEFAULTS)[K] extends number
      ? number
      : (typeof DEFAULTS)[K] extends string
        ? string
        : { -readonly [L in keyof (typeof DEFAULTS)[K]]: number };
};
/** Tests' and benches' changes to DEFAULTS (nested groups may be given in part). */
export type ConfigOptions = { [K in keyof Fixed]?: Fixed[K] extends object ? Partial<Fixed[K]> : Fixed[K] };

const Env = z.object({
  PORT: int(3000),
  // Loopback unless told: `pnpm start` on a fresh machine serves this machine only. The Dockerfile,
  // compose and the systemd unit set it.
  HOST: z.string().default('127.0.0.1'),
  // A container listens on every interface of its own network, but compose publishes its port on
  // this machine's loopback only: the operator says so here (true), and the start is held to
  // PUBLIC_URL's rules alone.
  LOCAL_ONLY: z.enum(['true', 'false']).default('false'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  COOKIE_SECRET: z.string().min(32, 'COOKIE_SECRET must have at least 32 characters').optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().optional(),
  TILE_UPSTREAM: z
    .string()
    .refine((v) => v in TILE_PRESETS || (/^https?:\/\/[^/]+\//.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))), {
      message: 'basemap, osm, or an http(s) URL template with {z}, {x} and {y}',
    })
    .default('basemap'),
  TILE_ATTRIBUTION: z.string().optional(),
  TILE_BOUNDS: z
    .string()
    .transform((v, ctx) => {
      const n = v.split(',').map((p) => Number(p.trim()));
      const [s = NaN, w = NaN, north = NaN, e = NaN] = n;
      // NaN fails every comparison below.
      if (n.length !== 4 || !(s < north && w < e && s >= -85 && north <= 85 && w >= -180 && e <= 180)) {
        ctx.addIssue({ code: 'custom', message: 'south,west,north,east in degrees (south < north, west < east)' });
        return z.NEVER;
      }
      return [
        [s, w],
        [north, e],
      ] as [[number, number], [number, number]];
    })
    .optional(),
  TILE_MIN_ZOOM: z.coerce.number().int().min(0).max(22).default(DEFAULT_TILES.minZoom),
  TILE_MAX_ZOOM: z.coerce.number().int().min(0).max(22).default(DEFAULT_TILES.maxZoom),
  TILE_CACHE_MAX_MB: int(1024),
  SMTP_URL: z.string().optional(),
  // The city profile's productName <no-reply@localhost> when not set.
  MAIL_FROM: z.string().optional(),
  // The city profile's folder: a shipped one's name (apps/api/cities/<name>) or a path.
  CITY: z.string().min(1).default('linz'),
  // Overrides the city profile's mayorEmail.
  MAYOR_EMAIL: z.string().optional(),
  RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  // A bearer token that is short enough to guess would make the figures public.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_STAFF_CLAIM: z.string().optional(),
  OIDC_ALLOWED_DOMAINS: z.string().optional(),
  // Votes the mayor can trust.
  THRESHOLD_COUNTS: z.enum(THRESHOLD_COUNTS).default('votes'),
  THRESHOLD_MIN_NETWORKS: z.coerce.number().int().min(1).default(4),
  BURST_VOTES_PER_NETWORK_HOUR: z.coerce.number().int().min(1).default(8),
  // Who runs the site: one validated file (the city profile's site.json when not set).
  SITE_PROFILE: z.string().optional(),
  MODERATION: z.enum(['post', 'pre']).default('post'),
});

/** The environment variables a city may set: the whole list. */
export const SETTINGS = Object.keys(Env.shape) as (keyof typeof Env.shape)[];

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
  /** votesPerIpPerIntervention (a day) and votesPerNetworkHour: further votes are held for staff. */
  limits: {
    requestsPerMinute: number;
    createsPer5Minutes: number;
    votesPerIpPerIntervention: number;
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

/** A setting or the site profile is wrong: the operator's to fix, so commands print the message alone (loadConfigOrExit). */
export class ConfigError extends Error {}

const invalid = (lines: string[], headline = 'Invalid configuration:') =>
  new ConfigError(`${headline}\n${lines.map((l) => `  ${l}`).join('\n')}`);

function trustProxyOf(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  // A blanket `true` would believe any X-Forwarded-For a client writes, and every limit keyed on
  // the address would be void: name the hops or the proxies instead.
  if (raw === 'true') {
    throw invalid(['TRUST_PROXY: `true` is not accepted; give the number of proxies in front (e.g. 1) or their addresses/CIDRs']);
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  return raw;
}

function tilesOf(e: z.infer<typeof Env>): Config['tiles'] {
  const preset = e.TILE_UPSTREAM in TILE_PRESETS ? TILE_PRESETS[e.TILE_UPSTREAM as keyof typeof TILE_PRESETS] : undefined;
  // TILE_ATTRIBUTION: the city's own credit (HTML, the same in both languages), or a preset's name
  // for a mirror of its tiles (its credit in the visitor's language).
  const own = e.TILE_ATTRIBUTION;
  const attribution =
    own === undefined
      ? preset?.attribution
      : own in TILE_PRESETS
        ? TILE_PRESETS[own as keyof typeof TILE_PRESETS].attribution
        : { de: own, en: own };
  // Every tile licence asks for credit: an own upstream must say whose tiles they are.
  if (attribution === undefined) {
    throw invalid(['TILE_ATTRIBUTION: required when TILE_UPSTREAM is a URL template']);
  }
  if (e.TILE_MIN_ZOOM > e.TILE_MAX_ZOOM) {
    throw invalid(['TILE_MIN_ZOOM: must not be above TILE_MAX_ZOOM']);
  }
  return {
    upstream: preset?.url ?? e.TILE_UPSTREAM,
    attribution,
    bounds: e.TILE_BOUNDS ?? DEFAULT_TILES.tileBounds,
    minZoom: e.TILE_MIN_ZOOM,
    maxZoom: e.TILE_MAX_ZOOM,
    cacheMaxBytes: e.TILE_CACHE_MAX_MB * 1024 * 1024,
  };
}

/** OIDC is on when issuer, client id and secret are all set; a half-set configuration is refused. */
function oidcOf(e: z.infer<typeof Env>, publicUrl: string): OidcConfig | undefined {
  const core = { OIDC_ISSUER: e.OIDC_ISSUER, OIDC_CLIENT_ID: e.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET };
  const who = {
    OIDC_STAFF_CLAIM: e.OIDC_STAFF_CLAIM,
    OIDC_ALLOWED_DOMAINS: e.OIDC_ALLOWED_DOMAINS,
  };
  const set = (o: Record<string, string | undefined>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const missing = Object.keys(core).filter((k) => !set(core).includes(k));
  if (missing.length === 3) {
    if (set(who).length > 0)
      throw invalid([`${set(who).join(', ')}: set only with OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET`]);
    return undefined;
  }
  if (missing.length > 0) {
    throw invalid([
      `${missing.join(', ')}: required with ${set(core).join(', ')} (sign-in with the city's accounts needs all three)`,
    ]);
  }
  const { OIDC_ISSUER: issuerUrl, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = e;
  if (!issuerUrl || !clientId || !clientSecret) return undefined; // all three are set here
  const issuer = new URL(issuerUrl);
  // The provider's answers decide who is staff: only over TLS, except on this machine (tests).
  if (issuer.protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname)) {
    throw invalid(['OIDC_ISSUER: must be an https:// address']);
  }
  const eq = e.OIDC_STAFF_CLAIM?.indexOf('=') ?? -1;
  if (e.OIDC_STAFF_CLAIM !== undefined && !(eq > 0 && eq < e.OIDC_STAFF_CLAIM.length - 1)) {
    throw invalid(['OIDC_STAFF_CLAIM: the claim and the value it must contain, e.g. groups=denkmal-staff']);
  }
  const domains = e.OIDC_ALLOWED_DOMAINS?.split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter((d) => d !== '');
  if (domains?.some((d) => !/^[a-z0-9.-]+\.[a-z]{2,}$/.test(d))) {
    throw invalid(['OIDC_ALLOWED_DOMAINS: a comma-separated list of domains, e.g. stadt.example.at,magistrat.example.at']);
  }
  const staffClaim = e.OIDC_STAFF_CLAIM
    ? { claim: e.OIDC_STAFF_CLAIM.slice(0, eq).trim(), value: e.OIDC_STAFF_CLAIM.slice(eq + 1).trim() }
    : undefined;
  const allowedDomains = domains && domains.length > 0 ? domains : undefined;
  // Without a rule every account of the provider would become staff.
  if (!staffClaim && !allowedDomains) {
    throw invalid(['OIDC_STAFF_CLAIM or OIDC_ALLOWED_DOMAINS: required with OIDC_ISSUER (who is staff)']);
  }
  return {
    issuer: issuerUrl,
    clientId,
    clientSecret,
    redirectUri: `${publicUrl}${PATHS.oidcCallback}`,
    staffClaim,
    allowedDomains,
  };
}

/** Reads and validates the site profile; a missing, unreadable or incomplete file refuses the start. */
export function loadSiteProfile(file: string): SiteProfile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw invalid([`SITE_PROFILE: cannot read ${file} as JSON (${err instanceof Error ? err.message : String(err)})`]);
  }
  const parsed = SiteProfile.safeParse(raw);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((i) => `SITE_PROFILE ${file}: ${i.path.join('.') || '(file)'}: ${i.message}`));
  }
  return parsed.data;
}

/**
 * Whether PUBLIC_URL would put the site before the public: any host but this machine (localhost,
 * 127.0.0.0/8, ::1) and the names reserved for tests and examples (RFC 2606, RFC 6761), which no
 * visitor can reach. Only such a start is held to a complete site profile (placeholders below).
 */
export function publishes(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname.toLowerCase();
  return !(host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host) || reservedName(host));
}

const reservedName = (host: string) =>
  /(^|\.)(localhost|test|example|invalid)$/.test(host) || /(^|\.)example\.(com|net|org)$/.test(host);

/** A phone number no one answers: the shipped "+43 732 000 000" (six zeros at the end) or one digit repeated. */
const placeholderPhone = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return /0{6}$/.test(digits) || /^(\d)\1*$/.test(digits);
};

/** What in a value is a placeholder, or undefined: an address or link at a reserved name, a phone number no one answers. */
function placeholder(key: string, value: string): string | undefined {
  const domain = /^[^\s@]+@([^\s@]+)$/.exec(value)?.[1];
  if (domain && reservedName(domain.toLowerCase())) return `${value} is an example address (reserved domain), not a real one`;
  if (/^https?:\/\//.test(value) && URL.canParse(value) && reservedName(new URL(value).hostname.toLowerCase()))
    return `${value} is an example link (reserved domain), not a real one`;
  if (key === 'phone' && placeholderPhone(value)) return `${value} is a placeholder number`;
  return undefined;
}

/**
 * The site profile's placeholders, each as "path: why": the `example` mark of the shipped file, and
 * every e-mail address, link or phone number anywhere in it that reaches no one (so a field added
 * later is checked too).
 */
export function profilePlaceholders(profile: SiteProfile): string[] {
  const found: string[] = [];
  if (profile.example)
    found.push('example: this is the shipped example profile; copy it, put in your own facts and remove "example"');
  const walk = (value: unknown, at: string[]) => {
    if (typeof value === 'string') {
      const why = placeholder(at.at(-1) ?? '', value);
      if (why) found.push(`${at.join('.')}: ${why}`);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, [...at, k]);
    }
  };
  walk(profile, []);
  return found;
}

/** Whether a listen address is this machine's loopback (nothing else can connect to it). */
export function loopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/**
 * A start that others can reach (bound beyond loopback, or a public PUBLIC_URL), whatever NODE_ENV
 * says, is refused while the public address is missing or local, or the legal pages or the mayor's
 * address are placeholders: every problem is named, with what to fill in.
 */
function refusePlaceholders(
  reach: { host: string; localOnly: boolean; publicUrl: string | undefined },
  profileFile: string,
  profile: SiteProfile,
  mayorEmail: string,
  city: City,
): void {
  const url = reach.publicUrl ?? DEFAULT_PUBLIC_URL;
  const bound = !reach.localOnly && !loopback(reach.host);
  if (!bound && !publishes(url)) return;
  const address = !publishes(url)
    ? [
        `PUBLIC_URL: ${reach.publicUrl === undefined ? 'not set' : `${url} is local`}; set the address visitors use (https://denkmal.linz.at), the mayor's links point there`,
      ]
    : [];
  const fields = profilePlaceholders(profile);
  const mayor = placeholder('MAYOR_EMAIL', mayorEmail);
  const cityFields = city.example ? ['example: written by `pnpm city init`; check every field and remove "example"'] : [];
  if (address.length === 0 && fields.length === 0 && !mayor && cityFields.length === 0) return;
  const why = publishes(url)
    ? `PUBLIC_URL ${url} is public`
    : `HOST ${reach.host} can be reached from other machines (HOST=127.0.0.1 serves this machine only)`;
  throw invalid(
    [
      ...address,
      ...(fields.length > 0 ? [`SITE_PROFILE ${profileFile}:`, ...fields.map((f) => `  ${f}`)] : []),
      ...(cityFields.length > 0 ? [`CITY ${city.folder}/city.json:`, ...cityFields.map((f) => `  ${f}`)] : []),
      ...(mayor
        ? [`MAYOR_EMAIL: ${mayor}; set the mayor's office's address (the city profile's mayorEmail, or MAYOR_EMAIL)`]
        : []),
      'What a city fills in before going live: docs/operations.md#going-live',
    ],
    `Invalid configuration: ${why}, but these are missing or placeholders:`,
  );
}

const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

export function loadConfig(env: Record<string, string | undefined> = process.env, options: ConfigOptions = {}): Config {
  // An empty variable (common in compose files) means "not set".
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(set);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? DEFAULT_PUBLIC_URL).replace(/\/$/, '');
  const { limits, pressure, ...fixed } = options;
  const city = cityOf(e.CITY);
  const profileFile = path.resolve(e.SITE_PROFILE ?? city.siteFile);
  const site = loadSiteProfile(profileFile);
  const mayorEmail = e.MAYOR_EMAIL ?? city.mayorEmail;
  refusePlaceholders(
    { host: e.HOST, localOnly: e.LOCAL_ONLY === 'true', publicUrl: e.PUBLIC_URL?.replace(/\/$/, '') },
    profileFile,
    site,
    mayorEmail,
    city,
  );
  return {
    ...DEFAULTS,
    ...fixed,
    limits: { ...DEFAULTS.limits, ...limits },
    pressure: { ...DEFAULTS.pressure, ...pressure },
    webDist: path.resolve(fixed.webDist ?? DEFAULTS.webDist),
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    cookieSecret: e.COOKIE_SECRET,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    publicUrl,
    tiles: tilesOf(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${city.productName} <no-reply@localhost>`,
    mayorEmail,
    retentionDays: e.RETENTION_DAYS,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    oidc: oidcOf(e, publicUrl),
    votes: { counts: e.THRESHOLD_COUNTS, minNetworks: e.THRESHOLD_MIN_NETWORKS, burst: e.BURST_VOTES_PER_NETWORK_HOUR },
    site,
    city,
    moderation: e.MODERATION,
  };
}

/** The CITY setting's profile; its problems refuse the start, each naming its field. */
function cityOf(setting: string): City {
  try {
    return loadCity(cityFolder(setting));
  } catch (err) {
    if (err instanceof CityProfileError) throw invalid(err.lines);
    throw err;
  }
}

/**
 * The folder a command was typed in: `pnpm backup <file>` runs in apps/api, and pnpm passes the
 * caller's folder as INIT_CWD, so a relative file name means what the caller meant.
 */
export function invocationDir(env: Record<string, string | undefined> = process.env): string {
  return env.INIT_CWD || process.cwd();
}

/**
 * loadConfig for a command (the server, the CLIs): a configuration error is the operator's to fix,
 * so its message alone goes to standard error and the process exits with 1, without a stack trace.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
