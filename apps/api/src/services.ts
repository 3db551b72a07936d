// The long-lived parts every request uses, built once per app from its parts (config, database,
// server secret, mail sender) and read-only after.
import { ClientConfig, SiteInfo, Stats, type MonumentList, type ProposalList } from '@linz/contract';
import { TILE_PATH } from '@linz/contract/facts';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { textAt, translationOf } from './http/locale.js';
import { createMetrics, metricsEnabled, type Metrics } from './http/metrics.js';
import { createIpHasher, type IpHasher } from './domain/identity.js';
import { listAllProposals } from './domain/proposals/proposals.js';
import { listMonuments } from './domain/monuments/monuments.js';
import { publicListCaches, type Origins } from './domain/lists/list-caches.js';
import {
  CHANGE_CHANNEL,
  changeOf,
  createCatchUp,
  createDerivedCache,
  newOrigin,
  snapshotOf,
  SYNC,
  type CatchUp,
  type ReadCache,
  type Snapshot,
} from './domain/read-cache.js';
import { retentionFacts } from './domain/site/retention.js';
import { createOidc, type Oidc } from './domain/staff/oidc.js';
import { computeStats } from './domain/open-data/stats.js';
import { createBallotBox, voteRulesOf, type BallotBox, type VoteRules } from './domain/votes/votes.js';
import { createHeldVoters, type HeldVoters } from './domain/votes/held-voters.js';
import type { OutboxSender } from './mail/sender.js';

export type Services = Readonly<{
  config: Config;
  database: Database;
  lists: { monuments: ReadCache<MonumentList>; proposals: ReadCache<ProposalList>; origins: Origins };
  /** This instance's name in the change notifications it sends (read-cache.ts `changeOf`). */
  origin: string;
  /** Waits until this instance has applied every change committed so far (several instances only; read-cache.ts). */
  catchUp: CatchUp | undefined;
  /** The dashboard's figures, rebuilt whenever one of the lists changes. */
  stats: ReadCache<Stats>;
  /** What the web app needs to know of this server (tiles), fixed at start. */
  clientConfig: Snapshot<ClientConfig>;
  /** The site profile and the retention facts for the legal pages, fixed at start. */
  site: Snapshot<SiteInfo>;
  hashIp: IpHasher;
  ballots: BallotBox;
  /** Networks and browsers that may have held votes: their popups are read from the database. */
  heldVoters: HeldVoters;
  /** Which votes count and when the mayor's e-mail is queued or held (db/functions/votes.sql). */
  voteRules: VoteRules;
  /** Prometheus figures; undefined when metrics are off (nothing is measured then). */
  metrics: Metrics | undefined;
  /** Called after a vote queued the mayor's e-mail, so the sender need not wait for its next poll. */
  mailQueued: () => void;
  /** The server secret follow tokens and address hashes derive from (domain/secrets.ts). */
  followSecret: string;
  /** The built web app's texts in a language, by dotted key (http/locale.ts): the staff's CSV export's words. */
  webTexts: (lang: string) => Promise<(key: string) => string | undefined>;
  /** The city's identity provider (OpenID Connect), discovered on first use; undefined when not configured. */
  oidc: Oidc | undefined;
}>;

export type ServiceParts = { config: Config; database: Database; secret: string; mailer: Pick<OutboxSender, 'wake'> };

export function createServices({ config, database, secret, mailer }: ServiceParts): Services {
  const lists = publicListCaches(
    { monuments: (ids) => listMonuments(database, ids), proposals: (ids) => listAllProposals(database, ids) },
    config.readCache,
  );
  // This instance's name in its change notifications: what it applied itself, its listener passes over.
  const origin = newOrigin();
  const voteRules = voteRulesOf(config, database.kind === 'postgres' && config.readCache ? CHANGE_CHANNEL : null, origin);
  return Object.freeze({
    config,
    database,
    lists,
    origin,
    catchUp:
      database.kind === 'postgres' && config.readCache ? createCatchUp(database, [lists.monuments, lists.proposals]) : undefined,
    stats: createDerivedCache(
      Stats,
      [lists.monuments, lists.proposals],
      () => computeStats(database, config.city),
      config.statsFreshWaitMs,
    ),
    clientConfig: snapshotOf(ClientConfig, {
      tileUrl: TILE_PATH,
      tileAttribution: config.tiles.attribution,
      tileBounds: config.tiles.bounds,
      minZoom: config.tiles.minZoom,
      maxZoom: config.tiles.maxZoom,
      staffOidc: config.oidc !== undefined,
      thresholdCounts: config.votes.counts,
      cityArea: config.city.area,
      city: {
        name: config.city.name,
        productName: config.city.productName,
        view: config.city.view,
        timeZone: config.city.timeZone,
        voteThreshold: config.city.voteThreshold,
        sources: config.city.sources,
        streetSource: config.city.streetRegisterSource ?? null,
      },
    }),
    site: snapshotOf(SiteInfo, { profile: config.site, retention: retentionFacts(config.retentionDays) }),
    hashIp: createIpHasher(database),
    voteRules,
    heldVoters: createHeldVoters(database),
    ballots: createBallotBox(database, {
      rules: voteRules,
      inFlight: database.kind === 'postgres' ? config.ballotsInFlight : 1,
      maxBatch: config.ballotBatch,
      withdrawAnswered: config.withdrawAnsweredVotes,
    }),
    metrics: metricsEnabled(config) ? createMetrics(database) : undefined,
    mailQueued: () => mailer.wake(),
    followSecret: secret,
    webTexts: async (lang) => {
      const texts = await translationOf(config.webDist, lang, config.city);
      return (key) => textAt(texts, key);
    },
    oidc: config.oidc ? createOidc(config.oidc) : undefined,
  });
}

/**
 * A change notification (read-cache.ts announceChange): the items it names read again, or the whole
 * list; or votes held on another instance (db/functions/votes.sql: `held:net|voter,…`).
 */
export function invalidateList(services: Services, payload: string): void {
  const { list, ids, origin } = changeOf(payload);
  // Applied here already, before it was announced (itemsChanged, listsChanged, a vote).
  if (origin === services.origin) return;
  if (list === SYNC) return void (ids?.[0] && services.catchUp?.arrived(ids[0]));
  if (list === 'held') {
    if (ids) services.heldVoters.add(ids.map((pair) => pair.split('|') as [string, string]));
    else services.heldVoters.forget();
    return;
  }
  if (list !== 'monuments' && list !== 'proposals') return;
  const cache: ReadCache<unknown> = services.lists[list];
  if (ids && cache.changed) void cache.changed(list === 'proposals' ? ids.map(Number) : ids);
  else cache.invalidate();
}
