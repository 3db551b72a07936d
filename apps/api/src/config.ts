// The one place that reads the environment. Everything else receives a Config.
import path from 'node:path';
import { DEFAULT_TILES, PATHS } from '@linz/contract/facts';
import { z } from 'zod';

/** A flag that is on unless set to false/0. */
const boolOn = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v !== 'false' && v !== '0');
const int = (def: number) => z.coerce.number().int().nonnegative().default(def);

const Env = z.object({
  PORT: int(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: int(15000),
  COOKIE_SECRET: z.string().min(32, 'COOKIE_SECRET must have at least 32 characters').optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  TILE_URL: z.string().default(DEFAULT_TILES.tileUrl),
  TILE_ATTRIBUTION: z.string().default(DEFAULT_TILES.tileAttribution),
  WEB_DIST: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Linz Denkmal-Karte <no-reply@localhost>'),
  MAYOR_EMAIL: z.string().default('buergermeister@linz.example'),
  MAIL_POLL_SECONDS: int(30),
  // Shorter leases would let a slow send be taken over and sent twice; SMTP timeouts are a quarter of it.
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(4).default(600),
  MAIL_RETRY_DAYS: int(7),
  LIMIT_REQUESTS_PER_MINUTE: int(300),
  LIMIT_CREATES_PER_5_MINUTES: int(10),
  LIMIT_VOTES_PER_IP_PER_INTERVENTION: int(5),
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: int(1000),
  REQUEST_DEADLINE_MS: int(4000),
  HSTS: boolOn,
  REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(1).default(3),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_STAFF_CLAIM: z.string().optional(),
  OIDC_STAFF_VALUE: z.string().optional(),
  OIDC_ALLOWED_DOMAINS: z.string().optional(),
});

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
  tileUrl: string;
  tileAttribution: string;
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
  limits: { requestsPerMinute: number; createsPer5Minutes: number; votesPerIpPerIntervention: number };
  /** Load shedding: 503 when the event loop lags this much, or an API answer takes this long. */
  pressure: { maxEventLoopDelayMs: number; requestDeadlineMs: number };
  /** Strict-Transport-Security on answers that came over HTTPS (directly or via a trusted proxy). */
  hsts: boolean;
  /** Different browsers' open reports that hide an item until staff decide. */
  reportHideThreshold: number;
  /** Staff sign-in with the city's accounts (OpenID Connect); undefined when off. */
  oidc: OidcConfig | undefined;
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

function trustProxyOf(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  // A blanket `true` would believe any X-Forwarded-For a client writes, and every limit keyed on
  // the address would be void: name the hops or the proxies instead.
  if (raw === 'true') {
    throw new Error(
      'Invalid configuration:\n  TRUST_PROXY: `true` is not accepted; give the number of proxies in front (e.g. 1) or their addresses/CIDRs',
    );
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  return raw;
}

const invalid = (lines: string[]) => new Error(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);

/** OIDC is on when issuer, client id and secret are all set; a half-set configuration is refused. */
function oidcOf(e: z.infer<typeof Env>, publicUrl: string): OidcConfig | undefined {
  const core = { OIDC_ISSUER: e.OIDC_ISSUER, OIDC_CLIENT_ID: e.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET };
  const who = {
    OIDC_STAFF_CLAIM: e.OIDC_STAFF_CLAIM,
    OIDC_STAFF_VALUE: e.OIDC_STAFF_VALUE,
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
  if ((e.OIDC_STAFF_CLAIM === undefined) !== (e.OIDC_STAFF_VALUE === undefined)) {
    throw invalid(['OIDC_STAFF_CLAIM, OIDC_STAFF_VALUE: set both (the claim and the value it must contain) or neither']);
  }
  const domains = e.OIDC_ALLOWED_DOMAINS?.split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter((d) => d !== '');
  if (domains?.some((d) => !/^[a-z0-9.-]+\.[a-z]{2,}$/.test(d))) {
    throw invalid(['OIDC_ALLOWED_DOMAINS: a comma-separated list of domains, e.g. linz.gv.at,magistrat.linz.at']);
  }
  const staffClaim =
    e.OIDC_STAFF_CLAIM && e.OIDC_STAFF_VALUE ? { claim: e.OIDC_STAFF_CLAIM, value: e.OIDC_STAFF_VALUE } : undefined;
  const allowedDomains = domains && domains.length > 0 ? domains : undefined;
  // Without a rule every account of the provider would become staff.
  if (!staffClaim && !allowedDomains) {
    throw invalid(['OIDC_STAFF_CLAIM and OIDC_STAFF_VALUE, or OIDC_ALLOWED_DOMAINS: required with OIDC_ISSUER (who is staff)']);
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

const here = path.dirname(new URL(import.meta.url).pathname);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (common in compose files) means "not set".
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL.replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    cookieSecret: e.COOKIE_SECRET,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    publicUrl,
    tileUrl: e.TILE_URL,
    tileAttribution: e.TILE_ATTRIBUTION,
    webDist: path.resolve(e.WEB_DIST ?? path.join(here, '../../web/dist')),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mayorEmail: e.MAYOR_EMAIL,
    mailPollSeconds: e.MAIL_POLL_SECONDS,
    mailLeaseSeconds: e.MAIL_LEASE_SECONDS,
    mailRetryDays: e.MAIL_RETRY_DAYS,
    limits: {
      requestsPerMinute: e.LIMIT_REQUESTS_PER_MINUTE,
      createsPer5Minutes: e.LIMIT_CREATES_PER_5_MINUTES,
      votesPerIpPerIntervention: e.LIMIT_VOTES_PER_IP_PER_INTERVENTION,
    },
    pressure: { maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS, requestDeadlineMs: e.REQUEST_DEADLINE_MS },
    hsts: e.HSTS,
    reportHideThreshold: e.REPORT_HIDE_THRESHOLD,
    oidc: oidcOf(e, publicUrl),
  };
}
