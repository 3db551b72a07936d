// Proposals: the list, a monument's, the ones awaiting the city's answer, making and reporting one.
import { AwaitingAnswerList, CreatedProposal, ProposalList, MonumentProposalList, NewProposal } from '../proposal.js';
import { MonumentRef } from '../monument.js';
import { NewReport, ReportAnswer } from '../report.js';
import { PATHS } from '../facts.js';
import { proposalParams, type Route } from './route.js';

export const proposalsRoutes = {
  allProposals: {
    method: 'GET',
    path: PATHS.allProposals,
    answer: ProposalList,
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
  monumentProposals: {
    method: 'GET',
    path: PATHS.monumentProposals,
    params: MonumentRef,
    answer: MonumentProposalList,
    status: 200,
  },
  createProposal: {
    method: 'POST',
    path: PATHS.createProposal,
    params: MonumentRef,
    body: NewProposal,
    answer: CreatedProposal,
    status: 201,
    idempotent: true,
  },
  reportProposal: {
    method: 'POST',
    path: PATHS.reportProposal,
    params: proposalParams,
    body: NewReport,
    answer: ReportAnswer,
    status: 201,
    repeatStatus: 200,
  },
} as const satisfies Record<string, Route>;
