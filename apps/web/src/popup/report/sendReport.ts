// A citizen's report of a monument or a proposal, free of React so it can be tested on its own.
// 201 (new) and 200 (this browser reported it before; nothing changes) both earn the thanks.
import type { NewReport } from '@linz/contract';
import { call } from '../../api/client';
import { apiErrorOf } from '../../api/errors';
import { failure, refusal, success, type Feedback } from '../../feedback/feedback';

export type ReportTarget = { kind: 'monument'; monumentId: string } | { kind: 'proposal'; proposalId: number };
export type ReportOutcome = { sent: boolean; feedback: Feedback };
export type ReportDeps = { call: typeof call };

function request(target: ReportTarget, body: NewReport, deps: ReportDeps) {
  return target.kind === 'monument'
    ? deps.call('reportMonument', { params: { monumentId: target.monumentId }, body })
    : deps.call('reportProposal', { params: { proposalId: target.proposalId }, body });
}

export async function sendReport(target: ReportTarget, body: NewReport, deps: ReportDeps = { call }): Promise<ReportOutcome> {
  try {
    await request(target, body, deps);
    return { sent: true, feedback: success('report.thanks') };
  } catch (thrown) {
    const error = apiErrorOf(thrown);
    if (error.code === 'NOT_FOUND') return { sent: false, feedback: failure('report.gone') };
    if (error.code === 'TOO_MANY_REQUESTS') return { sent: false, feedback: failure('errors.tooManyRequests') };
    return { sent: false, feedback: refusal(error) };
  }
}
