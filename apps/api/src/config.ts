// The one place that reads the environment. Everything else receives a Config.
import path from 'node:path';
import { DEFAULT_TILES } from '@linz/contract/facts';
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
  IDEMPOTENCY_WAIT_MS: int(3000),
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
  /** How long a repeat with an Idempotency-Key waits for the first request's answer before 409. */
  idempotencyWaitMs: number;
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    cookieSecret: e.COOKIE_SECRET,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
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
    idempotencyWaitMs: e.IDEMPOTENCY_WAIT_MS,
  };
}
