// The one place that reads the environment. Everything else receives a Config.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SiteProfile, THRESHOLD_COUNTS } from '@linz/contract';
import { DEFAULT_TILES, PATHS, type CityArea } from '@linz/contract/facts';
import { z } from 'zod';
import { CityProfileError, cityFolder, loadCity, shippedCity, type City } from './city/profile.js';
import { TILE_PRESETS, type Config, type OidcConfig } from './config/types.js';
import { loopback, placeholder, profilePlaceholders, publishes } from './config/placeholders.js';

export { ADDRESS_PREFIXES, TILE_PRESETS, type Config, type OidcConfig } from './config/types.js';
export { loopback, profilePlaceholders, publishes } from './config/placeholders.js';

const int = (def: number) => z.coerce.number().int().nonnegative().default(def);

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
    votesPerIpPerProposal: 5,
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
  // The city profile's folder: a shipped one's name (apps/api/cities/<name>) or a path; when not set,
  // the one profile shipped (shippedCity).
  CITY: z.string().min(1).optional(),
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

/** Degrees around a city's box that an own tile service's default bounds add (its surroundings on the map). */
const OWN_TILES_MARGIN = 0.5;
const degrees = (n: number) => Math.round(n * 1e6) / 1e6;

function tilesOf(e: z.infer<typeof Env>, area: CityArea): Config['tiles'] {
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
  // basemap.at (or a mirror of it) covers Austria; another service, by default, the city and its surroundings.
  const bounds: [[number, number], [number, number]] =
    e.TILE_BOUNDS ??
    (e.TILE_UPSTREAM === 'basemap' || own === 'basemap'
      ? DEFAULT_TILES.tileBounds
      : [
          [degrees(Math.max(-85, area.south - OWN_TILES_MARGIN)), degrees(Math.max(-180, area.west - OWN_TILES_MARGIN))],
          [degrees(Math.min(85, area.north + OWN_TILES_MARGIN)), degrees(Math.min(180, area.east + OWN_TILES_MARGIN))],
        ]);
  const [[south, west], [north, east]] = bounds;
  if (area.south < south || area.west < west || area.north > north || area.east > east) {
    const box = (b: number[]) => b.map((n) => n.toFixed(2)).join(',');
    throw invalid([
      `TILE_BOUNDS: the city (${box([area.south, area.west, area.north, area.east])}) is not inside the tiles' area (${box([south, west, north, east])})` +
        (e.TILE_BOUNDS ? '' : "; basemap.at covers Austria only: set TILE_UPSTREAM (osm, or the city's own tiles)"),
    ]);
  }
  return {
    upstream: preset?.url ?? e.TILE_UPSTREAM,
    attribution,
    bounds,
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
        `PUBLIC_URL: ${reach.publicUrl === undefined ? 'not set' : `${url} is local`}; set the address visitors use (e.g. https://denkmal.stadt.example), the mayor's links point there`,
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
    tiles: tilesOf(e, city.area),
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
function cityOf(setting: string | undefined): City {
  try {
    return loadCity(cityFolder(setting ?? shippedCity()));
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
