// The long-lived parts every request uses, built once per app from the config.
import type { Intervention, Monument } from '@linz/contract';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createIpHasher, type IpHasher } from './domain/identity.js';
import { listAllInterventions } from './domain/interventions.js';
import { listMonuments } from './domain/monuments.js';
import { createReadCache, type ListName, type ReadCache } from './domain/read-cache.js';
import { createBallotBox, type BallotBox } from './domain/votes.js';

export type Services = {
  config: Config;
  database: Database;
  lists: { monuments: ReadCache<Monument[]>; interventions: ReadCache<Intervention[]> };
  hashIp: IpHasher;
  ballots: BallotBox;
  /** Called after a vote queued the mayor's e-mail, so the sender need not wait for its next poll. */
  mailQueued: () => void;
};

export function createServices(config: Config, database: Database): Services {
  return {
    config,
    database,
    lists: {
      monuments: createReadCache(() => listMonuments(database)),
      interventions: createReadCache(() => listAllInterventions(database)),
    },
    hashIp: createIpHasher(database),
    ballots: createBallotBox(database, {
      ipLimit: config.limits.votesPerIpPerIntervention,
      announce: database.kind === 'postgres',
      inFlight: database.kind === 'postgres' ? 2 : 1,
      maxBatch: 100,
    }),
    mailQueued: () => {},
  };
}

export function invalidateList(services: Services, list: string): void {
  if (list === 'monuments' || list === 'interventions') services.lists[list as ListName].invalidate();
}
