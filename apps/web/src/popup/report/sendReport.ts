// A citizen's report of a monument or a proposal, free of React so it can be tested on its own.
// 201 (new) and 200 (this browser reported it before; nothing changes) both earn the thanks.
import type { NewReport, ReportAnswer } from '@linz/contract';
import { shape } from '../../api/checks';
import { ApiError, send, serverMessageOf } from '../../api/client';
import { failure, serverText, success, type Feedback } from '../../feedback/feedback';

export type ReportTarget = { kind: 'monument'; monumentId: string } | { kind: 'intervention'; interventionId: number };
export type ReportOutcome = { sent: boolean; feedback: Feedback };
export type ReportDeps = { send: typeof send };

// Here rather than in api/answers.ts: only the lazy popup needs it.
const isReportAnswer = shape<ReportAnswer>({ reported: (v): v is true => v === true });

function request(target: ReportTarget, body: NewReport, deps: ReportDeps) {
  return target.kind === 'monument'
    ? deps.send('reportMonument', { params: { monumentId: target.monumentId }, body })
    : deps.send('reportIntervention', { params: { interventionId: target.interventionId }, body });
}

export async function sendReport(target: ReportTarget, body: NewReport, deps: ReportDeps = { send }): Promise<ReportOutcome> {
  let answer: Awaited<ReturnType<typeof send>>;
  try {
    answer = await request(target, body, deps);
  } catch (error) {
    if (error instanceof ApiError) return { sent: false, feedback: failure('errors.server') };
    throw error;
  }
  if ((answer.status === 200 || answer.status === 201) && isReportAnswer(answer.json))
    return { sent: true, feedback: success('report.thanks') };
  if (answer.status === 404) return { sent: false, feedback: failure('report.gone') };
  if (answer.status === 429) return { sent: false, feedback: failure('errors.tooManyRequests') };
  const message = answer.ok ? undefined : serverMessageOf(answer.json);
  return { sent: false, feedback: message !== undefined ? serverText(message) : failure('errors.server') };
}
