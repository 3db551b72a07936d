// Proposals: the list, a monument's, the ones awaiting the city's answer, making and reporting one.
import {
  AwaitingAnswerList,
  CreatedIntervention,
  InterventionList,
  MonumentInterventionList,
  NewIntervention,
} from '../intervention.js';
import { MonumentRef } from '../monument.js';
import { NewReport, ReportAnswer } from '../report.js';
import { PATHS } from '../facts.js';
import { interventionParams, type Route } from './route.js';

export const proposalsRoutes = {
  allInterventions: {
    method: 'GET',
    path: PATHS.allInterventions,
    answer: InterventionList,
    status: 200,
    etag: true,
  },
  /** Proposals at the threshold without the city's answer, longest waiting first (not cached: the days change). */
  awaitingAnswer: {
    method: 'GET',
    path: PATHS.awaitingAnswer,
    answer: AwaitingAnswerList,
    status: 200,
  },
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
    answer: CreatedIntervention,
    status: 201,
    idempotent: true,
  },
  reportIntervention: {
    method: 'POST',
    path: PATHS.reportIntervention,
    params: interventionParams,
    body: NewReport,
    answer: ReportAnswer,
    status: 201,
    repeatStatus: 200,
  },
} as const satisfies Record<string, Route>;
