// The REST route table: the spec's exact paths, used by the API façade and the web client.
import { z } from 'zod';
import { ClientConfig } from './client-config.js';
import { InterventionId, Intervention, InterventionList, MonumentInterventionList, NewIntervention } from './intervention.js';
import { Monument, MonumentId, MonumentList, NewMonument } from './monument.js';
import { VoteAnswer, VoteRequest } from './vote.js';

type Route = {
  method: 'GET' | 'POST';
  path: string;
  params?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodType;
  status: number;
};

export const routes = {
  listMonuments: { method: 'GET', path: '/api/monuments', answer: MonumentList, status: 200 },
  addMonument: { method: 'POST', path: '/api/add-monument', body: NewMonument, answer: Monument, status: 201 },
  allInterventions: { method: 'GET', path: '/api/interventions/all', answer: InterventionList, status: 200 },
  monumentInterventions: {
    method: 'GET',
    path: '/api/interventions/:monumentId',
    params: z.object({ monumentId: MonumentId }),
    answer: MonumentInterventionList,
    status: 200,
  },
  createIntervention: {
    method: 'POST',
    path: '/api/interventions/:monumentId',
    params: z.object({ monumentId: MonumentId }),
    body: NewIntervention,
    answer: Intervention,
    status: 201,
  },
  castVote: {
    method: 'POST',
    path: '/api/interventions/:interventionId/vote',
    params: z.object({ interventionId: InterventionId }),
    body: VoteRequest,
    answer: VoteAnswer,
    status: 200,
  },
  clientConfig: { method: 'GET', path: '/api/config', answer: ClientConfig, status: 200 },
} as const satisfies Record<string, Route>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** Fills `:name` segments of a route path, URL-encoding each value. */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
