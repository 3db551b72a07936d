// Confirming a vote by e-mail: the popup asks for the mail, the mail's page confirms.
// The follow requests' plumbing (followApi.ts) does the fetching and the shared failures.
import type { ConfirmVoteRequest } from '@linz/contract';
import { PATHS, pathOf } from '@linz/contract/facts';
import { isInteger, isRecord } from '../api/checks';
import { failure, success } from '../feedback/feedback';
import { attempt, otherwise, request, type Confirmed, type Outcome, type Request } from '../follow/followApi';

/** `POST …/vote/confirm`: 202 for any address; 404 when this browser has not voted for the proposal. */
export async function requestVoteConfirmation(
  interventionId: number,
  body: ConfirmVoteRequest,
  send: Request = request,
): Promise<Outcome> {
  const answer = await attempt(() => send('POST', pathOf(PATHS.confirmVote, { interventionId }), body));
  if (answer?.status === 202) return { ok: true, feedback: success('votes.form.pending') };
  if (answer?.status === 400) return { ok: false, feedback: failure('follow.errors.badAddress') };
  if (answer?.status === 404) return { ok: false, feedback: failure('votes.form.notVoted') };
  return otherwise(answer);
}

/** `POST /api/votes/confirm`: only the page's button calls it, never the link itself. */
export async function confirmVoteToken(token: string, send: Request = request): Promise<Confirmed> {
  const answer = await attempt(() => send('POST', PATHS.votesConfirm, { token }));
  if (answer?.status === 200 && isRecord(answer.json) && isInteger(answer.json.interventionId))
    return { ok: true, interventionId: answer.json.interventionId, already: answer.json.already === true };
  if (answer?.status === 404 || answer?.status === 400) return { ok: false, feedback: failure('votes.confirm.invalid') };
  return otherwise(answer);
}
