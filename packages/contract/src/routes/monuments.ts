// Monuments: the public list, one monument, adding one and reporting one.
import { CreatedMonument, MonumentDetail, MonumentList, MonumentRef, NewMonument } from '../monument.js';
import { NewReport, ReportAnswer } from '../report.js';
import { PATHS } from '../facts.js';
import type { Route } from './route.js';

export const monumentsRoutes = {
  listMonuments: {
    method: 'GET',
    path: PATHS.listMonuments,
    answer: MonumentList,
    status: 200,
    etag: true,
  },
  addMonument: {
    method: 'POST',
    path: PATHS.addMonument,
    body: NewMonument,
    answer: CreatedMonument,
    status: 201,
    idempotent: true,
  },
  /** One public monument; a merged id answers the monument it was merged into. */
  monument: {
    method: 'GET',
    path: PATHS.monument,
    params: MonumentRef,
    answer: MonumentDetail,
    status: 200,
  },
  /** 201 for a new report, 200 for this browser's repeat. */
  reportMonument: {
    method: 'POST',
    path: PATHS.reportMonument,
    params: MonumentRef,
    body: NewReport,
    answer: ReportAnswer,
    status: 201,
    repeatStatus: 200,
  },
} as const satisfies Record<string, Route>;
