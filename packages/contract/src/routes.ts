// The REST route table: the spec's exact paths, used by the API façade and the web client.
import { z } from 'zod';
import { ClientConfig } from './client-config.js';
import {
  InterventionIdParam,
  Intervention,
  InterventionList,
  MonumentInterventionList,
  NewIntervention,
} from './intervention.js';
import { Monument, MonumentList, MonumentRef, NewMonument } from './monument.js';
import { VoteAnswer, VoteRequest } from './vote.js';
import { PATHS } from './facts.js';

type Route = {
  method: 'GET' | 'POST';
  path: string;
  params?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
  status: number;
};

export const routes = {
  listMonuments: { method: 'GET', path: PATHS.listMonuments, answer: MonumentList, status: 200 },
  addMonument: { method: 'POST', path: PATHS.addMonument, body: NewMonument, answer: Monument, status: 201 },
  allInterventions: { method: 'GET', path: PATHS.allInterventions, answer: InterventionList, status: 200 },
  monumentInterventions: {
    method: 'GET',
    path: PATHS.monumentInterventions,
    params: MonumentRef,
    answer: MonumentInterventionList,
    status: 200,
  },
  createIntervention: {
    method: 'POST',
    path: PATHS.createIntervention,
    params: MonumentRef,
    body: NewIntervention,
    answer: Intervention,
    status: 201,
  },
  castVote: {
    method: 'POST',
    path: PATHS.castVote,
    params: z.object({ interventionId: InterventionIdParam }),
    body: VoteRequest,
    answer: VoteAnswer,
    status: 200,
  },
  clientConfig: { method: 'GET', path: PATHS.clientConfig, answer: ClientConfig, status: 200 },
} as const satisfies Record<string, Route>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
